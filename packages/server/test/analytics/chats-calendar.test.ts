import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  addChat,
  addClient,
  addEscalation,
  addMessage,
  addVisitor,
  analyticsTenant,
  getMetric,
  hoursFrom,
  postMetric,
  type Item,
} from './chat-data.js'

/* Hourly buckets across DST changes and in a half-hour zone, and the calendar year of engagementfrequency (§7.2, §7.3). */

const NOW = '2026-11-02T10:20:00.000Z'
let app: TestApp

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
})
afterAll(async () => {
  await app.shutdown()
})

describe('hourly buckets in local time', () => {
  let tenantId: number
  let token: string

  beforeAll(async () => {
    ;({ tenantId, token } = await analyticsTenant(app))
    for (const at of ['2026-03-28T22:59:00Z', '2026-03-29T01:30:00Z', '2026-03-29T21:59:00Z'])
      await addChat(app, tenantId, at)
    const chat = await addChat(app, tenantId, '2026-10-20T00:00:00Z', { channel: 'email' })
    for (const at of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z', '2026-10-25T01:45:00Z'])
      await addEscalation(app, tenantId, chat, at)
    for (const at of ['2026-11-02T09:29:00Z', '2026-11-02T09:30:00Z']) await addChat(app, tenantId, at)
  })

  it('has 23 hours on the spring DST day in Berlin', async () => {
    const q = { from: '2026-03-29', to: '2026-03-29', timezone: 'Europe/Berlin' }
    const reply = await getMetric<{ series: Item[] }>(app, token, 'counthourlychats', q)
    expect(reply.meta).toMatchObject({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' })
    expect(reply.series.map((i) => i.start_time)).toEqual(hoursFrom('2026-03-28T23:00:00Z', 23))
    expect(reply.series.at(-1)!.end_time).toBe('2026-03-29T22:00:00.000Z')
    const counts = Array(23).fill(0)
    counts[2] = 1 // 03:00–04:00 summer time
    counts[22] = 1
    expect(reply.series.map((i) => i.count)).toEqual(counts)
    expect(reply.series.some((i) => i.partial)).toBe(false)
  })

  it('has 25 hours on the autumn DST day, counting each escalated chat once per hour', async () => {
    const q = { from: '2026-10-25', to: '2026-10-25', timezone: 'Europe/Berlin' }
    const reply = await getMetric<{ series: Item[]; count: number }>(app, token, 'hourlycountescalatedissues', q)
    expect(reply.series.map((i) => i.start_time)).toEqual(hoursFrom('2026-10-24T22:00:00Z', 25))
    expect(reply.series.at(-1)!.end_time).toBe('2026-10-25T23:00:00.000Z')
    const counts = Array(25).fill(0)
    counts[2] = 1 // 02:00–03:00 summer time
    counts[3] = 1 // 02:00–03:00 winter time: two escalations of the same chat
    expect(reply.series.map((i) => i.count)).toEqual(counts)
    expect(reply.count).toBe(0)
  })

  it('starts hours at half past in UTC in a half-hour zone', async () => {
    const reply = await getMetric<{ series: Item[]; total_chats_last_hour: number }>(app, token, 'counthourlychats', {
      timezone: 'Asia/Kolkata',
    })
    expect(reply.meta).toMatchObject({ from: '2026-11-01T10:30:00.000Z', to: NOW, timezone: 'Asia/Kolkata' })
    expect(reply.series.map((i) => i.start_time)).toEqual(hoursFrom('2026-11-01T10:30:00Z', 24))
    expect(reply.series.map((i) => i.count)).toEqual([...Array(22).fill(0), 1, 1])
    expect(reply.series.at(-1)).toMatchObject({ end_time: '2026-11-02T10:30:00.000Z', partial: true })
    expect(reply.total_chats_last_hour).toBe(2)
  })
})

type Month = {
  month?: string
  year: number
  start_time: string
  count: number
  message_count: number
  active_clients: number
  partial: boolean
  future: boolean
}
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June']
const LATER = ['July', 'August', 'September', 'October', 'November', 'December']
const values = (data: Month[]) => data.map((m) => [m.count, m.message_count, m.active_clients])

describe('engagementfrequency', () => {
  let tenantId: number
  let token: string

  beforeAll(async () => {
    ;({ tenantId, token } = await analyticsTenant(app))
    const clientA = await addClient(app)
    const visitor = await addVisitor(app, tenantId)
    const visitor2 = await addVisitor(app, tenantId)
    const a1 = await addChat(app, tenantId, '2026-01-15T10:00:00Z', { clientId: clientA, status: 'resolved' })
    await addMessage(app, tenantId, a1, '2026-01-15T10:00:00Z')
    await addMessage(app, tenantId, a1, '2026-01-15T10:05:00Z')
    await addMessage(app, tenantId, a1, '2026-01-15T10:10:00Z', { sender: 'tenant' })
    const v = await addChat(app, tenantId, '2026-01-20T00:00:00Z', { channel: 'website', visitorId: visitor })
    await addMessage(app, tenantId, v, '2026-01-20T00:00:00Z')
    await addMessage(app, tenantId, v, '2026-02-03T00:00:00Z', { deletedAt: '2026-02-03T00:01:00Z' })
    const a2 = await addChat(app, tenantId, '2026-01-25T00:00:00Z', { channel: 'whatsapp', clientId: clientA })
    await addMessage(app, tenantId, a2, '2026-01-25T00:00:00Z')
    await addMessage(app, tenantId, a2, '2026-03-01T00:00:00Z')
    await addMessage(app, tenantId, a2, '2026-11-01T08:00:00Z', { sender: 'tenant' })
    const v2 = await addChat(app, tenantId, '2025-12-20T00:00:00Z', { visitorId: visitor2, status: 'resolved' })
    await addMessage(app, tenantId, v2, '2025-12-31T23:30:00Z', { sender: 'tenant' })
    await addMessage(app, tenantId, v2, '2026-02-10T00:00:00Z')
    const stranger = await analyticsTenant(app)
    const s = await addChat(app, stranger.tenantId, '2026-01-15T00:00:00Z')
    await addMessage(app, stranger.tenantId, s, '2026-01-15T00:00:00Z')
  })

  it('defaults to the 12 months of the current year, later ones future', async () => {
    const reply = await getMetric<{ data: Month[] }>(app, token, 'engagementfrequency')
    expect(reply.meta).toMatchObject({
      from: '2026-01-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
      granularity: 'month',
    })
    expect(reply.data.map((m) => m.month)).toEqual([...MONTHS, ...LATER])
    expect(reply.data.every((m) => m.year === 2026)).toBe(true)
    expect(reply.data[1]).toMatchObject({ start_time: '2026-02-01T00:00:00.000Z', partial: false, future: false })
    expect(values(reply.data)).toEqual([
      [3, 5, 2],
      [0, 1, 1],
      [0, 1, 1],
      ...Array(7).fill([0, 0, 0]),
      [0, 1, 0],
      [0, 0, 0],
    ])
    expect(reply.data.map((m) => [m.partial, m.future])).toEqual([
      ...Array(10).fill([false, false]),
      [true, false],
      [true, true],
    ])
    expect(await postMetric(app, token, 'engagementfrequency', {})).toEqual(reply)
  })

  it('filters by channel', async () => {
    const reply = await getMetric<{ data: Month[] }>(app, token, 'engagementfrequency', { channel: 'mobile' })
    expect(values(reply.data).slice(0, 4)).toEqual([
      [1, 3, 1],
      [0, 1, 1],
      [0, 0, 0],
      [0, 0, 0],
    ])
    expect(reply.data[10]!.message_count).toBe(0)
  })

  it('keeps the same month of different years apart and follows the time zone', async () => {
    const span = await getMetric<{ data: Month[] }>(app, token, 'engagementfrequency', {
      from: '2025-12-01',
      to: '2026-01-31',
    })
    expect(span.data.map((m) => [m.month, m.year, m.count, m.message_count, m.active_clients])).toEqual([
      ['December', 2025, 1, 1, 0],
      ['January', 2026, 3, 5, 2],
    ])
    const berlin = await getMetric<{ data: Month[] }>(app, token, 'engagementfrequency', {
      timezone: 'Europe/Berlin',
    })
    expect(berlin.meta).toMatchObject({ from: '2025-12-31T23:00:00.000Z', to: '2026-12-31T23:00:00.000Z' })
    // 23:30 UTC on 31 December is already January in Berlin.
    expect(values(berlin.data)[0]).toEqual([3, 6, 2])
  })

  it('covers the first months of an earlier year when only `to` is given', async () => {
    const reply = await getMetric<{ data: Month[] }>(app, token, 'engagementfrequency', { to: '2025-06-30' })
    expect(reply.meta).toMatchObject({ from: '2025-01-01T00:00:00.000Z', to: '2025-07-01T00:00:00.000Z' })
    expect(reply.data.map((m) => [m.month, m.year, m.future])).toEqual(MONTHS.map((m) => [m, 2025, false]))
  })

  it('names no month with another granularity', async () => {
    const reply = await getMetric<{ data: Month[] }>(app, token, 'engagementfrequency', {
      from: '2026-01-15',
      to: '2026-01-15',
      granularity: 'day',
    })
    expect(reply.data).toEqual([
      {
        year: 2026,
        start_time: '2026-01-15T00:00:00.000Z',
        end_time: '2026-01-16T00:00:00.000Z',
        count: 1,
        message_count: 3,
        active_clients: 1,
        partial: false,
        future: false,
      },
    ])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  addChat,
  addEscalation,
  addMessage,
  addTopic,
  analyticsTenant,
  getMetric,
  postMetric,
  type Item,
} from './chat-data.js'

/* Escalations (contract §7.4): distinct chats and every escalation event, by the event's time. */

const NOW = '2026-05-13T10:20:00.000Z'
const WINDOW = { from: '2026-05-01T00:00:00Z', to: '2026-05-11T00:00:00Z' }
let app: TestApp
let tenantId: number
let token: string
let topic: number

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
  ;({ tenantId, token } = await analyticsTenant(app))
  topic = await addTopic(app, tenantId)
  // e1: escalated twice in the window, and twice more in the last hour.
  const e1 = await addChat(app, tenantId, '2026-04-01T00:00:00Z')
  await addMessage(app, tenantId, e1, '2026-05-02T00:00:00Z')
  for (const at of ['2026-05-02T00:00:00Z', '2026-05-06T00:00:00Z', '2026-05-13T09:30:00Z', '2026-05-13T09:50:00Z'])
    await addEscalation(app, tenantId, e1, at)
  // e2: escalated at the window's last minute, and in the hour before the last one.
  const e2 = await addChat(app, tenantId, '2026-05-10T00:00:00Z', { channel: 'whatsapp', topicId: topic })
  await addMessage(app, tenantId, e2, '2026-05-10T23:00:00Z')
  await addEscalation(app, tenantId, e2, '2026-05-10T23:59:00Z')
  await addEscalation(app, tenantId, e2, '2026-05-13T09:10:00Z')
  // e3: escalated just before and at the end of the window, and in the current hour.
  const e3 = await addChat(app, tenantId, '2026-04-01T00:00:00Z', { channel: 'mobile', status: 'resolved' })
  await addMessage(app, tenantId, e3, '2026-05-04T00:00:00Z')
  for (const at of ['2026-04-30T23:59:59Z', '2026-05-11T00:00:00Z', '2026-05-13T10:00:00Z'])
    await addEscalation(app, tenantId, e3, at)
  // e4 talks in the window without escalating; e5 only has a deleted message there.
  const e4 = await addChat(app, tenantId, '2026-05-03T00:00:00Z', { channel: 'website' })
  await addMessage(app, tenantId, e4, '2026-05-03T00:00:00Z', { sender: 'tenant' })
  const e5 = await addChat(app, tenantId, '2026-05-03T00:00:00Z', { channel: 'email' })
  await addMessage(app, tenantId, e5, '2026-05-03T00:00:00Z', { deletedAt: '2026-05-03T00:05:00Z' })
  const stranger = await analyticsTenant(app)
  const s = await addChat(app, stranger.tenantId, '2026-05-03T00:00:00Z')
  await addMessage(app, stranger.tenantId, s, '2026-05-03T00:00:00Z')
  await addEscalation(app, stranger.tenantId, s, '2026-05-03T00:00:00Z')
  await addEscalation(app, stranger.tenantId, s, '2026-05-13T10:00:00Z')
})
afterAll(async () => {
  await app.shutdown()
})

const byChannel = (counts: Partial<Record<string, number>>) =>
  ['mobile', 'website', 'facebook', 'instagram', 'whatsapp', 'email'].map((channel) => ({
    channel,
    count: counts[channel] ?? 0,
  }))

describe('countescalatedissues', () => {
  it('counts escalated chats once and every escalation event, over chats with a message', async () => {
    const reply = await getMetric(app, token, 'countescalatedissues', WINDOW)
    expect(reply).toMatchObject({
      count: 2,
      escalation_events: 3,
      escalation_rate: 50,
      by_channel: byChannel({ mobile: 1, whatsapp: 1 }),
    })
    expect(await postMetric(app, token, 'countescalatedissues', WINDOW)).toEqual(reply)
  })

  it('applies the channel and topic filters to the rate as well', async () => {
    expect(await getMetric(app, token, 'countescalatedissues', { ...WINDOW, channel: 'mobile' })).toMatchObject({
      count: 1,
      escalation_events: 2,
      escalation_rate: 50,
      by_channel: byChannel({ mobile: 1 }),
    })
    expect(await getMetric(app, token, 'countescalatedissues', { ...WINDOW, topic_id: topic })).toMatchObject({
      count: 1,
      escalation_events: 1,
      escalation_rate: 100,
      by_channel: byChannel({ whatsapp: 1 }),
    })
    expect(await getMetric(app, token, 'countescalatedissues', { ...WINDOW, channel: 'email' })).toMatchObject({
      count: 0,
      escalation_events: 0,
      escalation_rate: null,
    })
  })

  it('lists the filters it does not use', async () => {
    const reply = await getMetric(app, token, 'countescalatedissues', { ...WINDOW, limit: 5, business_hours: true })
    expect(reply.meta.ignored_filters).toEqual(['business_hours', 'limit'])
  })
})

describe('hourlycountescalatedissues', () => {
  it('counts distinct chats escalated in the last hour and per hour', async () => {
    const reply = await getMetric<{ count: number; series: Item[] }>(app, token, 'hourlycountescalatedissues')
    expect(reply.count).toBe(2)
    expect(reply.series).toHaveLength(24)
    expect(reply.series[0]!.start_time).toBe('2026-05-12T11:00:00.000Z')
    expect(reply.series.map((i) => i.count)).toEqual([...Array(22).fill(0), 2, 1])
    expect(reply.series.at(-1)).toMatchObject({ start_time: '2026-05-13T10:00:00.000Z', partial: true })
  })

  it('filters by channel', async () => {
    const reply = await getMetric<{ count: number; series: Item[] }>(app, token, 'hourlycountescalatedissues', {
      channel: 'whatsapp',
    })
    expect(reply.count).toBe(0)
    expect(reply.series.map((i) => i.count)).toEqual([...Array(22).fill(0), 1, 0])
  })

  it('places the window escalations in day buckets when asked', async () => {
    const reply = await getMetric<{ count: number; series: Item[] }>(app, token, 'hourlycountescalatedissues', {
      ...WINDOW,
      granularity: 'day',
    })
    expect(reply.meta.granularity).toBe('day')
    const counts = Array(10).fill(0)
    counts[1] = 1 // 2 May
    counts[5] = 1 // 6 May
    counts[9] = 1 // 10 May
    expect(reply.series.map((i) => i.count)).toEqual(counts)
  })
})

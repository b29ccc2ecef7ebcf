import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'
import { getMetric, insertChat, insertEvent, postMetric } from './responses-helpers.js'

/* Client satisfaction (contract §7.6): one rating per chat at its latest time; 4 and 5 are satisfied. */

let app: TestApp
const clock = testClock(new Date('2026-05-05T09:00:00Z'))
const setNow = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime())

beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

type Satisfaction = {
  satisfaction_percentage: number | null
  average_rating: number | null
  rated_count: number
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>
  rating_response_rate: number | null
}
type Hourly = Omit<Satisfaction, 'distribution' | 'rating_response_rate'> & {
  series: (Omit<Hourly, 'series'> & { start_time: string; end_time: string; partial: boolean })[]
}

describe('clientsatisfaction', () => {
  it('counts a replaced rating once, with its latest value at its latest time', async () => {
    const w = await chatWorld(app)
    const chat = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
    await send(app, w.clientToken, chat, 'help')
    await send(app, w.adminToken, chat, 'done')
    setNow('2026-05-05T10:00:00Z')
    const resolve = await app.inject({
      method: 'PATCH',
      url: `/api/chat/chat/${chat}/`,
      headers: auth(w.adminToken),
      payload: { status: 'resolved' },
    })
    expect(resolve.statusCode).toBe(200)
    const rate = (rating: number) =>
      app.inject({
        method: 'POST',
        url: `/api/chat/chat/${chat}/rating/`,
        headers: auth(w.clientToken),
        payload: { rating },
      })
    expect((await rate(2)).statusCode).toBe(200)
    setNow('2026-05-05T10:30:00Z')
    expect((await rate(5)).statusCode).toBe(200)

    const hour = { from: '2026-05-05T10:00:00Z', to: '2026-05-05T11:00:00Z' }
    expect(await getMetric<Satisfaction>(app, w.adminToken, 'clientsatisfaction', hour)).toMatchObject({
      satisfaction_percentage: 100,
      average_rating: 5,
      rated_count: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
      rating_response_rate: 100,
    })
    // Before the replacement the rating is not in the window, but the chat had been rated by its end.
    const early = { from: '2026-05-05T10:00:00Z', to: '2026-05-05T10:15:00Z' }
    expect(await getMetric<Satisfaction>(app, w.adminToken, 'clientsatisfaction', early)).toMatchObject({
      satisfaction_percentage: null,
      average_rating: null,
      rated_count: 0,
      rating_response_rate: 100,
    })
  })

  it('computes the shares, distribution and rating response rate, with the channel and assignee filters', async () => {
    const org = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const emp = (await createEmployee(app, org.token)).employee.id
    const admin = org.admin.id
    const t = org.tenant.tenant_id
    const created = '2026-05-01T08:00:00Z'
    const r5 = await insertChat(app, t, {
      created,
      assigneeId: admin,
      rating: { value: 5, at: '2026-05-02T10:00:00Z' },
    })
    const r4 = await insertChat(app, t, { created, assigneeId: emp, rating: { value: 4, at: '2026-05-02T11:00:00Z' } })
    await insertChat(app, t, {
      created,
      channel: 'whatsapp',
      assigneeId: emp,
      rating: { value: 2, at: '2026-05-02T12:00:00Z' },
    })
    await insertChat(app, t, { created, rating: { value: 1, at: '2026-05-02T13:00:00Z' } })
    const later = await insertChat(app, t, { created, rating: { value: 3, at: '2026-05-03T02:00:00Z' } })
    const unrated = await insertChat(app, t, { created, status: 'resolved' })
    const twice = await insertChat(app, t, { created, status: 'resolved' })
    await insertEvent(app, t, r5, 'resolved', '2026-05-02T09:00:00Z')
    await insertEvent(app, t, r4, 'resolved', '2026-05-02T09:30:00Z')
    await insertEvent(app, t, unrated, 'resolved', '2026-05-02T14:00:00Z')
    await insertEvent(app, t, twice, 'resolved', '2026-05-02T15:00:00Z')
    await insertEvent(app, t, twice, 'resolved', '2026-05-02T16:00:00Z')
    await insertEvent(app, t, later, 'resolved', '2026-05-02T17:00:00Z')
    await insertEvent(app, t, unrated, 'resolved', '2026-05-04T09:00:00Z')
    const foreign = await insertChat(app, stranger.tenant.tenant_id, {
      created,
      rating: { value: 1, at: '2026-05-02T10:00:00Z' },
    })
    await insertEvent(app, stranger.tenant.tenant_id, foreign, 'resolved', '2026-05-02T09:00:00Z')

    const day = { from: '2026-05-02', to: '2026-05-02', timezone: 'UTC' }
    // Ratings 5, 4, 2, 1; resolved chats r5, r4, unrated, twice, later, of which r5 and r4 were rated by the end.
    const all = await getMetric<Satisfaction>(app, org.token, 'clientsatisfaction', day)
    expect(all).toMatchObject({
      satisfaction_percentage: 50,
      average_rating: 3,
      rated_count: 4,
      distribution: { '1': 1, '2': 1, '3': 0, '4': 1, '5': 1 },
      rating_response_rate: 40,
    })
    expect(await postMetric(app, org.token, 'clientsatisfaction', day)).toEqual(all)
    const mobile = await getMetric<Satisfaction>(app, org.token, 'clientsatisfaction', { ...day, channel: 'mobile' })
    expect(mobile).toMatchObject({ satisfaction_percentage: 66.67, average_rating: 3.33, rated_count: 3 })
    const byEmp = await getMetric<Satisfaction>(app, org.token, 'clientsatisfaction', { ...day, assignee: emp })
    expect(byEmp).toMatchObject({
      satisfaction_percentage: 50,
      average_rating: 3,
      rated_count: 2,
      rating_response_rate: 100,
    })
    const withTopic = await getMetric<Satisfaction>(app, org.token, 'clientsatisfaction', { ...day, topic_id: 3 })
    expect(withTopic.meta.ignored_filters).toEqual(['topic_id'])
  })
})

describe('hourlyclientsatisfaction', () => {
  it('covers the last hour and an hourly series of the last 24 hours', async () => {
    setNow('2026-05-05T12:00:00Z')
    const org = await createTenantWithAdmin(app)
    const t = org.tenant.tenant_id
    const created = '2026-05-04T08:00:00Z'
    await insertChat(app, t, { created, rating: { value: 5, at: '2026-05-05T11:10:00Z' } })
    await insertChat(app, t, { created, rating: { value: 3, at: '2026-05-05T11:50:00Z' } })
    await insertChat(app, t, { created, rating: { value: 4, at: '2026-05-05T09:15:00Z' } })
    await insertChat(app, t, { created, rating: { value: 2, at: '2026-05-04T11:59:00Z' } }) // before the series
    const reply = await getMetric<Hourly>(app, org.token, 'hourlyclientsatisfaction', { timezone: 'UTC' })
    expect(reply).toMatchObject({ satisfaction_percentage: 50, average_rating: 4, rated_count: 2 })
    expect(reply.series).toHaveLength(24)
    expect(reply.series[0]!.start_time).toBe('2026-05-04T12:00:00.000Z')
    expect(reply.series[23]).toEqual({
      start_time: '2026-05-05T11:00:00.000Z',
      end_time: '2026-05-05T12:00:00.000Z',
      partial: false,
      satisfaction_percentage: 50,
      average_rating: 4,
      rated_count: 2,
    })
    expect(reply.series[21]).toMatchObject({ satisfaction_percentage: 100, average_rating: 4, rated_count: 1 })
    expect(reply.series.reduce((n, s) => n + s.rated_count, 0)).toBe(3)
    const empty = await createTenantWithAdmin(app)
    expect(await getMetric<Hourly>(app, empty.token, 'hourlyclientsatisfaction')).toMatchObject({
      satisfaction_percentage: null,
      average_rating: null,
      rated_count: 0,
    })
  })
})

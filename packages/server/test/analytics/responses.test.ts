import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'
import { getMetric, insertChat, insertEvent, insertMessage, insertTopic, postMetric } from './responses-helpers.js'

/* Response time (contract §7.5): waiting periods, samples at the reply time, interpolated percentiles, series. */

let app: TestApp
const clock = testClock(new Date('2026-05-04T09:00:00Z'))
const minutes = (n: number) => clock.advance(n * 60_000)
const setNow = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime())

beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

type Stats = {
  avg_response_time: number | null
  average_seconds: number | null
  median_seconds: number | null
  p90_seconds: number | null
  response_count: number
  unanswered_count: number
  first_response: {
    average_seconds: number | null
    median_seconds: number | null
    p90_seconds: number | null
    count: number
  }
}
type Hourly = Omit<Stats, 'p90_seconds' | 'unanswered_count' | 'first_response'> & {
  series: (Omit<Hourly, 'series'> & { start_time: string; end_time: string; partial: boolean })[]
}

const window = (from: string, to: string) => ({ from: `2026-05-04T${from}Z`, to: `2026-05-04T${to}Z` })

describe('averageresponsetime', () => {
  it('measures waiting periods from the first unanswered message to the human reply, ended early by a resolve', async () => {
    const w = await chatWorld(app)
    const [client2, client3, client4] = [await createClient(app), await createClient(app), await createClient(app)]
    const emp = await createEmployee(app, w.adminToken)
    // 09:00 and 09:02 the customer writes twice; 09:05 the admin answers: one sample of 300 s.
    const c1 = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
    await send(app, w.clientToken, c1, 'a')
    minutes(2)
    await send(app, w.clientToken, c1, 'b')
    minutes(3)
    await send(app, w.adminToken, c1, 'answer')
    // 09:06 a second customer writes; 09:16 the chat is resolved unanswered; 09:20 they write again; 09:21 answer.
    minutes(1)
    const c2 = (await startChat(app, client2.token, { tenant_id: w.tenantId })).chat_id
    await send(app, client2.token, c2, 'x')
    minutes(10)
    const resolved = await app.inject({
      method: 'PATCH',
      url: `/api/chat/chat/${c2}/`,
      headers: auth(w.adminToken),
      payload: { status: 'resolved' },
    })
    expect(resolved.statusCode).toBe(200)
    minutes(4)
    await send(app, client2.token, c2, 'y')
    minutes(1)
    await send(app, emp.token, c2, 'answer') // 60 s; the chat's first response 900 s after 09:06
    // 09:30 the first customer writes again; 09:40 the employee answers: 600 s.
    minutes(9)
    await send(app, w.clientToken, c1, 'c')
    minutes(10)
    await send(app, emp.token, c1, 'answer')
    // 09:45 a third customer is not answered; 09:50 a fourth gets an assistant reply at 09:51.
    minutes(5)
    const c3 = (await startChat(app, client3.token, { tenant_id: w.tenantId })).chat_id
    await send(app, client3.token, c3, 'hello?')
    minutes(5)
    const c4 = (await startChat(app, client4.token, { tenant_id: w.tenantId })).chat_id
    await send(app, client4.token, c4, 'hello?')
    await insertMessage(app, w.tenantId, c4, 'tenant_iva', '2026-05-04T09:51:00Z')
    setNow('2026-05-04T10:00:00Z')

    const all = await getMetric<Stats>(app, w.adminToken, 'averageresponsetime', window('09:00:00', '10:00:00'))
    // Samples 300, 60, 600: mean 320 s (5.33 min); p90 at rank 1.8 between 300 and 600 = 540.
    expect(all).toMatchObject({
      avg_response_time: 5.33,
      average_seconds: 320,
      median_seconds: 300,
      p90_seconds: 540,
      response_count: 3,
      unanswered_count: 1,
      first_response: { average_seconds: 600, median_seconds: 600, p90_seconds: 840, count: 2 },
    })
    const early = await getMetric<Stats>(app, w.adminToken, 'averageresponsetime', window('09:00:00', '09:15:00'))
    expect(early).toMatchObject({ response_count: 1, average_seconds: 300, unanswered_count: 1 })
    expect(early.first_response).toEqual({ average_seconds: 300, median_seconds: 300, p90_seconds: 300, count: 1 })
    // The resolve at 09:16 closed the second chat's period; its new one opened at 09:20.
    const afterResolve = await getMetric<Stats>(
      app,
      w.adminToken,
      'averageresponsetime',
      window('09:00:00', '09:17:00'),
    )
    expect(afterResolve.unanswered_count).toBe(0)
    const reopened = await getMetric<Stats>(app, w.adminToken, 'averageresponsetime', window('09:00:00', '09:20:30'))
    expect(reopened.unanswered_count).toBe(1)
    // A period that started before the window is not the window's.
    const late = await getMetric<Stats>(app, w.adminToken, 'averageresponsetime', window('09:20:30', '09:44:00'))
    expect(late).toMatchObject({ unanswered_count: 0, response_count: 2, average_seconds: 330 })

    // By the staff member who replied: 60 and 600 s; p90 = 60 + 0.9 × 540.
    const byEmployee = await getMetric<Stats>(app, w.adminToken, 'averageresponsetime', {
      ...window('09:00:00', '10:00:00'),
      assignee: emp.employee.id,
    })
    expect(byEmployee).toMatchObject({
      average_seconds: 330,
      avg_response_time: 5.5,
      median_seconds: 330,
      p90_seconds: 546,
      response_count: 2,
      unanswered_count: 0,
      first_response: { average_seconds: 900, count: 1 },
    })
  })

  it('interpolates the median and 90th percentile, and applies the channel and topic filters', async () => {
    const org = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const t = org.tenant.tenant_id
    const topic = await insertTopic(app, t, 'Billing')
    const mobile = await insertChat(app, t, { created: '2026-05-03T08:00:00Z' })
    const billed = await insertChat(app, t, { created: '2026-05-03T08:00:00Z', topicId: topic })
    const whatsapp = await insertChat(app, t, { created: '2026-05-03T08:00:00Z', channel: 'whatsapp' })
    await insertEvent(app, t, mobile, 'first_response', '2026-05-03T10:00:00Z', { wait: 10 })
    await insertEvent(app, t, mobile, 'reply', '2026-05-03T11:00:00Z', { wait: 20 })
    await insertEvent(app, t, mobile, 'reply', '2026-05-03T11:30:00Z', { wait: null })
    await insertEvent(app, t, billed, 'first_response', '2026-05-03T12:00:00Z', { wait: 30 })
    await insertEvent(app, t, billed, 'reply', '2026-05-03T13:00:00Z', { wait: 40 })
    await insertEvent(app, t, whatsapp, 'reply', '2026-05-03T14:00:00Z', { wait: 100 })
    // Outside the window, and another tenant's samples inside it.
    await insertEvent(app, t, mobile, 'reply', '2026-05-03T15:00:00Z', { wait: 5000 })
    const foreign = await insertChat(app, stranger.tenant.tenant_id, { created: '2026-05-03T08:00:00Z' })
    await insertEvent(app, stranger.tenant.tenant_id, foreign, 'reply', '2026-05-03T12:00:00Z', { wait: 9000 })

    const span = { from: '2026-05-03T09:00:00Z', to: '2026-05-03T15:00:00Z' }
    // 10, 20, 30, 40, 100: mean 40, median 30, p90 at rank 3.6 = 40 + 0.6 × 60.
    expect(await getMetric<Stats>(app, org.token, 'averageresponsetime', span)).toMatchObject({
      avg_response_time: 0.67,
      average_seconds: 40,
      median_seconds: 30,
      p90_seconds: 76,
      response_count: 5,
    })
    // Mobile only: 10, 20, 30, 40 → median 25, p90 at rank 2.7 = 30 + 0.7 × 10.
    expect(await getMetric<Stats>(app, org.token, 'averageresponsetime', { ...span, channel: 'mobile' })).toMatchObject(
      { average_seconds: 25, median_seconds: 25, p90_seconds: 37, response_count: 4 },
    )
    expect(await getMetric<Stats>(app, org.token, 'averageresponsetime', { ...span, topic_id: topic })).toMatchObject({
      average_seconds: 35,
      median_seconds: 35,
      p90_seconds: 39,
      response_count: 2,
    })
    // First responses come from the messages: none were stored, so none can be measured.
    expect((await getMetric<Stats>(app, org.token, 'averageresponsetime', span)).first_response.count).toBe(0)
  })

  it('answers nulls and zeros for a tenant without chats, the same by GET and POST, naming the ignored filters', async () => {
    const org = await createTenantWithAdmin(app)
    const community = await app.db
      .insertInto('communities')
      .values({ tenant_id: org.tenant.tenant_id, name: 'Owners' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const query = {
      from: '2026-05-01',
      to: '2026-05-03',
      timezone: 'UTC',
      business_hours: true,
      community: Number(community.id),
    }
    const got = await getMetric<Stats>(app, org.token, 'averageresponsetime', query)
    const posted = await postMetric<Stats>(app, org.token, 'averageresponsetime', query)
    expect(posted).toEqual(got)
    expect(got).toMatchObject({
      avg_response_time: null,
      average_seconds: null,
      median_seconds: null,
      p90_seconds: null,
      response_count: 0,
      unanswered_count: 0,
      first_response: { average_seconds: null, median_seconds: null, p90_seconds: null, count: 0 },
    })
    expect(got.meta).toMatchObject({
      from: '2026-05-01T00:00:00.000Z',
      to: '2026-05-04T00:00:00.000Z',
      ignored_filters: ['community', 'business_hours'],
    })
    const hourly = await getMetric<Hourly>(app, org.token, 'hourlyaverageresponsetime', { business_hours: true })
    expect(hourly.series).toHaveLength(24)
    expect(hourly.series.every((s) => s.response_count === 0 && s.average_seconds === null)).toBe(true)
    expect(hourly).toMatchObject({ avg_response_time: null, response_count: 0 })
    expect(hourly.meta.ignored_filters).toEqual(['business_hours'])
  })
})

describe('hourlyaverageresponsetime', () => {
  it('counts the last hour and buckets by local hours in a half-hour time zone', async () => {
    setNow('2026-05-04T10:00:00Z')
    const org = await createTenantWithAdmin(app)
    const t = org.tenant.tenant_id
    const chat = await insertChat(app, t, { created: '2026-05-04T08:00:00Z' })
    await insertEvent(app, t, chat, 'reply', '2026-05-04T08:50:00Z', { wait: 600 })
    await insertEvent(app, t, chat, 'reply', '2026-05-04T09:29:00Z', { wait: 60 })
    await insertEvent(app, t, chat, 'reply', '2026-05-04T09:31:00Z', { wait: 120 })
    await insertEvent(app, t, chat, 'reply', '2026-05-04T09:45:00Z', { wait: 180 })
    const reply = await getMetric<Hourly>(app, org.token, 'hourlyaverageresponsetime', {
      from: '2026-05-04T08:30:00Z',
      to: '2026-05-04T10:30:00Z',
      timezone: 'Asia/Kolkata',
    })
    // The last hour before 10:00 holds 60, 120 and 180 s.
    expect(reply).toMatchObject({ average_seconds: 120, avg_response_time: 2, median_seconds: 120, response_count: 3 })
    expect(reply.series).toEqual([
      {
        start_time: '2026-05-04T08:30:00.000Z',
        end_time: '2026-05-04T09:30:00.000Z',
        partial: false,
        avg_response_time: 5.5,
        average_seconds: 330,
        median_seconds: 330,
        response_count: 2,
      },
      {
        start_time: '2026-05-04T09:30:00.000Z',
        end_time: '2026-05-04T10:30:00.000Z',
        partial: true,
        avg_response_time: 2.5,
        average_seconds: 150,
        median_seconds: 150,
        response_count: 2,
      },
    ])
  })

  it('has 23 hourly buckets on the spring DST day in Berlin', async () => {
    const org = await createTenantWithAdmin(app)
    const t = org.tenant.tenant_id
    const chat = await insertChat(app, t, { created: '2026-03-28T20:00:00Z' })
    await insertEvent(app, t, chat, 'reply', '2026-03-29T00:30:00Z', { wait: 30 }) // 01:30 CET
    await insertEvent(app, t, chat, 'reply', '2026-03-29T01:30:00Z', { wait: 90 }) // 03:30 CEST
    await insertEvent(app, t, chat, 'reply', '2026-03-29T21:59:00Z', { wait: 45 }) // 23:59 CEST
    const reply = await postMetric<Hourly>(app, org.token, 'hourlyaverageresponsetime', {
      from: '2026-03-29',
      to: '2026-03-29',
      timezone: 'Europe/Berlin',
    })
    expect(reply.series).toHaveLength(23)
    expect(reply.series[0]!.start_time).toBe('2026-03-28T23:00:00.000Z')
    expect(reply.series.at(-1)!.end_time).toBe('2026-03-29T22:00:00.000Z')
    expect(reply.series[1]).toMatchObject({ start_time: '2026-03-29T00:00:00.000Z', average_seconds: 30 })
    expect(reply.series[2]).toMatchObject({ start_time: '2026-03-29T01:00:00.000Z', average_seconds: 90 })
    expect(reply.series[22]).toMatchObject({ average_seconds: 45, avg_response_time: 0.75, response_count: 1 })
    expect(reply.series.reduce((n, s) => n + s.response_count, 0)).toBe(3)
  })
})

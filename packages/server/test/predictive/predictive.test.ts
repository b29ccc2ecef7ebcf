import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Forecast } from '@proxima/contracts'
import { createPredictiveService } from '../../src/features/predictive/predictive.service.js'
import type { StaffActor } from '../../src/http/actor.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createClient } from '../factories.js'
import { addChat, addEscalation, addMessage, addTopic } from '../analytics/chat-data.js'
import { NOW, predictiveCalls, type Json } from './helpers.js'

/* The chat and customer forecasts (contract §8): their histories, periods, caching and the short-history rule. */

const DAY = 86_400_000
const WEEK = [6, 9, 11, 10, 8, 3, 2] // Monday first
let app: TestApp
let ok: ReturnType<typeof predictiveCalls>['ok']
let tenant: ReturnType<typeof predictiveCalls>['tenant']

const isoDay = (ms: number) => new Date(ms).toISOString()
const startOfToday = Date.parse('2026-05-13T00:00:00Z')
/** Chats on the day `d` days before today: WEEK's count for its weekday, each with one customer message. */
const chatsOn = (d: number) => WEEK[(new Date(startOfToday - d * DAY).getUTCDay() + 6) % 7]!

let main: { tenantId: number; token: string }
let topicA: number
let topicB: number

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
  ;({ ok, tenant } = predictiveCalls(app))
  main = await tenant('professional', '2025-01-01T00:00:00Z')
  topicA = Number(await addTopic(app, main.tenantId))
  topicB = Number(await addTopic(app, main.tenantId))
  // 70 days of weekly rhythm, then 3 chats today before now; every third chat on WhatsApp, topics A then B.
  const rows: Json[] = []
  for (let d = 70; d >= 1; d--)
    for (let k = 0; k < chatsOn(d); k++)
      rows.push({
        tenant_id: main.tenantId,
        channel: k % 3 === 0 ? 'whatsapp' : 'mobile',
        topic_id: k < 2 ? topicA : k < 3 ? topicB : null,
        created_at: isoDay(startOfToday - d * DAY + (k + 1) * 3_600_000),
      })
  for (let k = 0; k < 3; k++)
    rows.push({ tenant_id: main.tenantId, channel: 'mobile', created_at: isoDay(startOfToday + (k + 1) * 3_600_000) })
  const chats = await app.db
    .insertInto('chats')
    .values(rows.map((r) => ({ status: 'open' as const, updated_at: r.created_at as string, ...r })) as never)
    .returning(['id', 'created_at'])
    .execute()
  await app.db
    .insertInto('chat_messages')
    .values(
      chats.map((c) => ({
        tenant_id: main.tenantId,
        chat_id: c.id,
        message_sender: 'client' as const,
        sender_kind: 'client' as const,
        text_content: 'Hello',
        sent_at: c.created_at,
        created_at: c.created_at,
        updated_at: c.created_at,
      })),
    )
    .execute()
})
afterAll(async () => {
  await app.shutdown()
})

describe('chat interactions', () => {
  it('holds whole days of history, today apart, and forecasts 14 days from today', async () => {
    const f = await ok('chat/interactions', main.token)
    expect(f).toMatchObject({ metric: 'chat.interactions', unit: 'chats', granularity: 'day', timezone: 'UTC' })
    // 180 days before now is 2025-11-14T10:20Z: the first whole day is the 15th; the last whole day is yesterday.
    expect(f.history[0]!.start_time).toBe('2025-11-15T00:00:00.000Z')
    expect(f.history.at(-1)!.end_time).toBe('2026-05-13T00:00:00.000Z')
    expect(f.data_points).toBe(f.history.length)
    expect(f.history).toHaveLength(179)
    const last70 = f.history.slice(-70).map((h) => h.value)
    expect(last70).toEqual(Array.from({ length: 70 }, (_, i) => chatsOn(70 - i)))
    expect(f.history.slice(0, -70).every((h) => h.value === 0)).toBe(true)
    expect(f.current_period).toEqual({
      start_time: '2026-05-13T00:00:00.000Z',
      end_time: '2026-05-14T00:00:00.000Z',
      value_so_far: 3,
    })
    expect(f.forecast).toHaveLength(14)
    expect(f.forecast[0]!.start_time).toBe('2026-05-13T00:00:00.000Z')
    expect(f.forecast[13]!.end_time).toBe('2026-05-27T00:00:00.000Z')
    expect(f.quality).toBe('ok')
    expect(f.method.selected_by).toBe('backtest_smape')
    expect(f.backtest).toMatchObject({ folds: 3, fold_horizon: 14 })
    // The weekly rhythm is learnt: the forecast for next Monday is the Monday count, Sunday's the Sunday one.
    const monday = f.forecast.find((p) => new Date(p.start_time).getUTCDay() === 1)!
    const sunday = f.forecast.find((p) => new Date(p.start_time).getUTCDay() === 0)!
    expect(monday.value).toBeCloseTo(WEEK[0]!, 0)
    expect(sunday.value).toBeCloseTo(WEEK[6]!, 0)
    for (const p of f.forecast) {
      expect(p.lower_95).toBeLessThanOrEqual(p.lower_80)
      expect(p.lower_80).toBeLessThanOrEqual(p.value)
      expect(p.value).toBeLessThanOrEqual(p.upper_80)
      expect(p.upper_80).toBeLessThanOrEqual(p.upper_95)
    }
  })

  it('counts messages, narrows to channels, and answers GET like POST', async () => {
    // A date-only `to` is the end of that day, as in the descriptive analytics.
    const params = { from: '2026-04-01', to: '2026-04-30', granularity: 'day', horizon: 3 }
    const messages = await ok('chat/interactions', main.token, { ...params, measure: 'messages' })
    expect(messages.unit).toBe('messages')
    expect(messages.history.map((h) => h.value)).toEqual(
      Array.from({ length: 30 }, (_, i) => chatsOn((startOfToday - Date.parse('2026-04-01T00:00:00Z')) / DAY - i)),
    )
    expect(messages.current_period).toBeNull()
    expect(messages.forecast[0]!.start_time).toBe('2026-05-01T00:00:00.000Z')
    const whatsapp = await ok('chat/interactions', main.token, { ...params, channel: 'whatsapp' }, 'GET')
    expect(whatsapp.history.map((h) => h.value)).toEqual(messages.history.map((h) => Math.ceil(h.value / 3)))
  })

  it('ends the history now at the latest: today as `to` is today so far', async () => {
    const f = await ok('chat/interactions', main.token, { from: '2026-05-01', to: '2026-06-30', horizon: 2 })
    expect(f.history.at(-1)!.end_time).toBe('2026-05-13T00:00:00.000Z')
    expect(f.current_period).toMatchObject({ start_time: '2026-05-13T00:00:00.000Z', value_so_far: 3 })
  })

  it('keeps an answer for an hour: the same request again is cached, another is not', async () => {
    const params = { from: '2026-03-01', to: '2026-05-01', horizon: 5 }
    const first = await ok('chat/interactions', main.token, params)
    expect(first.cached).toBe(false)
    const again = await ok('chat/interactions', main.token, params, 'GET')
    expect(again.cached).toBe(true)
    expect({ ...again, cached: false }).toEqual(first)
    expect((await ok('chat/interactions', main.token, { ...params, horizon: 6 })).cached).toBe(false)
  })

  it('concurrent identical requests compute once and agree', async () => {
    // The service itself, so the three calls are surely in flight together.
    const service = createPredictiveService({ db: app.db, clock: testClock(new Date(NOW)) })
    const actor: StaffActor = { kind: 'staff', userId: 0, tenantId: main.tenantId, userType: 'admin', tokenId: 0 }
    const params = { from: '2026-02-01', to: '2026-05-01', horizon: 4 }
    const replies = await Promise.all([1, 2, 3].map(() => service.run(actor, 'chat/interactions', params)))
    expect(replies.map((r) => r.cached)).toEqual([false, true, true])
    expect(new Set(replies.map((r) => JSON.stringify({ ...r, cached: false }))).size).toBe(1)
  })

  it('cuts weeks at Monday and months at the first, in the time zone asked for', async () => {
    const weeks = await ok('chat/interactions', main.token, { granularity: 'week', horizon: 2 })
    expect(new Date(weeks.history[0]!.start_time).getUTCDay()).toBe(1)
    expect(weeks.current_period!.start_time).toBe('2026-05-11T00:00:00.000Z')
    expect(weeks.forecast).toHaveLength(2)
    const months = await ok('chat/interactions', main.token, { variant: 'monthly', timezone: 'Asia/Kolkata' })
    expect(months.granularity).toBe('month')
    expect(months.timezone).toBe('Asia/Kolkata')
    // Local midnight in +05:30; the tenant was created in January 2025, so history starts there.
    expect(months.history[0]!.start_time).toBe('2024-12-31T18:30:00.000Z')
    expect(months.current_period!.start_time).toBe('2026-04-30T18:30:00.000Z')
    expect(months.forecast).toHaveLength(6)
  })
})

describe('short, empty and flat histories', () => {
  it('a young tenant gets its mean and is told the history is too short; earlier periods are cut', async () => {
    const young = await tenant('professional', '2026-05-09T12:00:00Z')
    for (const d of ['2026-05-09T13:00:00Z', '2026-05-10T13:00:00Z', '2026-05-10T14:00:00Z', '2026-05-12T09:00:00Z'])
      await addChat(app, young.tenantId, d)
    const f = await ok('chat/interactions', young.token, { from: '2026-04-01' })
    expect(f.history.map((h) => [h.start_time.slice(0, 10), h.value])).toEqual([
      ['2026-05-09', 1],
      ['2026-05-10', 2],
      ['2026-05-11', 0],
      ['2026-05-12', 1],
    ])
    expect(f.quality).toBe('insufficient_history')
    expect(f.method).toMatchObject({ name: 'mean', selected_by: 'short_history' })
    expect(f.backtest).toBeNull()
    expect(f.forecast[0]!.value).toBe(1)
  })

  it('a tenant younger than a period forecasts 0; one without chats is flat', async () => {
    const newborn = await tenant('professional', '2026-05-13T08:00:00Z')
    const f = await ok('chat/interactions', newborn.token)
    expect(f.history).toEqual([])
    expect(f.current_period?.value_so_far).toBe(0)
    expect(f.forecast.every((p) => p.value === 0 && p.upper_95 === 0)).toBe(true)
    const quiet = await tenant('professional', '2026-01-01T00:00:00Z')
    expect((await ok('chat/interactions', quiet.token)).quality).toBe('flat')
  })
})

describe('the other chat and client forecasts', () => {
  it('topics: the top topics by chats in the history, each forecast', async () => {
    const f = await ok<{ topics: (Forecast & { topic: string; topic_id: number })[] }>('chat/topics', main.token)
    expect(f.topics.map((t) => t.topic_id)).toEqual([topicA, topicB])
    const one = await ok<{ topics: { topic_id: number }[] }>('chat/topics', main.token, { topics: 1 })
    expect(one.topics.map((t) => t.topic_id)).toEqual([topicA])
    // Topic B is the third chat of a day.
    expect(f.topics[1]!.history.slice(-7).map((h) => h.value)).toEqual(
      Array.from({ length: 7 }, (_, i) => (chatsOn(7 - i) >= 3 ? 1 : 0)),
    )
  })

  it('escalated chats, with the escalation rate of each period', async () => {
    const t = await tenant('professional', '2026-04-01T00:00:00Z')
    const a = await addChat(app, t.tenantId, '2026-05-10T01:00:00Z')
    const b = await addChat(app, t.tenantId, '2026-05-10T02:00:00Z')
    await addMessage(app, t.tenantId, a, '2026-05-10T01:00:00Z')
    await addMessage(app, t.tenantId, b, '2026-05-10T02:00:00Z')
    await addEscalation(app, t.tenantId, a, '2026-05-10T03:00:00Z')
    await addEscalation(app, t.tenantId, a, '2026-05-10T04:00:00Z')
    const f = await ok<
      Forecast & { escalation_rate_history: { start_time: string; escalation_rate: number | null }[] }
    >('chat/escalatedchats', t.token, { from: '2026-05-08', to: '2026-05-11' })
    expect(f.history.map((h) => h.value)).toEqual([0, 0, 1, 0])
    expect(f.escalation_rate_history.map((h) => h.escalation_rate)).toEqual([null, null, 50, null])
  })

  it('new clients by gender count each client once, at their first chat', async () => {
    const t = await tenant('professional', '2026-04-01T00:00:00Z')
    const female = (await createClient(app, { gender: 'Female' })).client.id
    const male = (await createClient(app, { gender: 'Male' })).client.id
    const unknown = (await createClient(app)).client.id
    await addChat(app, t.tenantId, '2026-05-10T01:00:00Z', { clientId: female })
    await addChat(app, t.tenantId, '2026-05-11T01:00:00Z', { clientId: female, channel: 'website' })
    await addChat(app, t.tenantId, '2026-05-11T02:00:00Z', { clientId: male })
    await addChat(app, t.tenantId, '2026-05-11T03:00:00Z', { clientId: unknown })
    type Genders = {
      genders: { gender: string; history: { value: number }[] }[]
      current_share: { gender: string; percentage: number | null }[]
    }
    const f = await ok<Genders>('client/genderdistribution', t.token, { from: '2026-05-10', to: '2026-05-11' })
    const of = (g: string) => f.genders.find((x) => x.gender === g)!.history.map((h) => h.value)
    expect(of('Female')).toEqual([1, 0])
    expect(of('Male')).toEqual([0, 1])
    expect(of('Other')).toEqual([0, 0])
    expect(of('Unknown')).toEqual([0, 1])
    expect(f.current_share).toEqual([
      { gender: 'Male', percentage: 33.33 },
      { gender: 'Female', percentage: 33.33 },
      { gender: 'Other', percentage: 0 },
      { gender: 'Unknown', percentage: 33.33 },
    ])
  })

  it('unique clients, and the change of the last whole period against the one before', async () => {
    const f = await ok<Forecast & { change_percentage: number | null }>('client/uniqueclients', main.token, {
      from: '2026-05-04',
      to: '2026-05-05',
    })
    // The main tenant's chats have no owner: nobody is counted.
    expect(f.history.map((h) => h.value)).toEqual([0, 0])
    expect(f.change_percentage).toBeNull()
    const t = await tenant('professional', '2026-04-01T00:00:00Z')
    const c1 = (await createClient(app)).client.id
    const c2 = (await createClient(app)).client.id
    for (const [who, when, channel] of [
      [c1, '2026-05-04T01:00:00Z', 'mobile'],
      [c1, '2026-05-05T01:00:00Z', 'email'],
      [c2, '2026-05-05T02:00:00Z', 'mobile'],
    ] as const) {
      const chat = await addChat(app, t.tenantId, when, { clientId: who, channel })
      await addMessage(app, t.tenantId, chat, when)
    }
    const g = await ok<Forecast & { change_percentage: number | null }>('client/uniqueclients', t.token, {
      from: '2026-05-04',
      to: '2026-05-05',
    })
    expect(g.history.map((h) => h.value)).toEqual([1, 2])
    expect(g.change_percentage).toBe(100)
  })
})

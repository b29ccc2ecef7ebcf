import { AnalyticsFilterInput, type AnalyticsMetric } from '@proxima/contracts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalyticsService } from '../../src/features/analytics/analytics.service.js'
import { createRollupRoller } from '../../src/features/analytics/rollup/roller.js'
import type { StaffActor } from '../../src/http/actor.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { unique } from '../factories.js'
import {
  addChat,
  addEscalation,
  addMessage,
  addTopic,
  addVisitor,
  analyticsTenant,
  getMetric,
  type Item,
} from './chat-data.js'

/*
 * The distinct counts of the chat and voice numbers (contract §7.3, §7.4, §7.10): customers who wrote, chats with a
 * message, escalated chats and chats with a voice message, which are read from the live tables; and the same replies
 * whether the sums next to them come from the rollups or from the live tables.
 */

const NOW = '2026-05-13T10:20:00.000Z'
let app: TestApp
let tenantId: number
let token: string
let topic: number

/** A registered client and a visitor of the tenant that have the same id (they are still two customers). */
async function clientAndVisitorWithOneId(): Promise<number> {
  const id = 900_000_000 + Math.floor(Math.random() * 90_000_000)
  const name = unique('twin')
  await sql`INSERT INTO users (id, user_type, username, email, first_name, last_name) OVERRIDING SYSTEM VALUE
    VALUES (${id}, 'client', ${name}, ${`${name}@example.com`}, 'Tess', 'Twin')`.execute(app.db)
  await sql`INSERT INTO anonymous_users (id, tenant_id, name) OVERRIDING SYSTEM VALUE
    VALUES (${id}, ${tenantId}, 'Tim Twin')`.execute(app.db)
  return id
}

/** A voice recording sent at `at` (deleted ones keep their type, duration and size). */
async function addVoice(chatId: number, at: string, ms: number | null, bytes: number | null, deleted = false) {
  await app.db
    .insertInto('chat_messages')
    .values({
      tenant_id: tenantId,
      chat_id: chatId,
      message_sender: 'client',
      sender_kind: 'client',
      voice_key: deleted ? null : unique('voice/'),
      voice_mime_type: 'audio/webm',
      voice_duration_ms: ms,
      voice_size_bytes: bytes,
      sent_at: at,
      created_at: at,
      updated_at: at,
      deleted_at: deleted ? at : null,
    })
    .execute()
}

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
  ;({ tenantId, token } = await analyticsTenant(app))
  topic = await addTopic(app, tenantId)
  const twin = await clientAndVisitorWithOneId()

  // 1 May: the client and the visitor that share an id write; the client again in a second chat; a chat whose owner
  // is gone writes too (nobody), and a visitor's chat only has a staff message (not active).
  const c1 = await addChat(app, tenantId, '2026-05-01T09:00:00Z', { channel: 'website', clientId: twin })
  await addMessage(app, tenantId, c1, '2026-05-01T10:00:00Z')
  const c2 = await addChat(app, tenantId, '2026-05-01T09:00:00Z', { channel: 'website', visitorId: twin })
  await addMessage(app, tenantId, c2, '2026-05-01T11:00:00Z')
  const c3 = await addChat(app, tenantId, '2026-05-01T09:00:00Z', { clientId: twin, topicId: topic })
  await addMessage(app, tenantId, c3, '2026-05-01T12:00:00Z')
  const c4 = await addChat(app, tenantId, '2026-05-01T09:00:00Z', { channel: 'whatsapp' })
  await addMessage(app, tenantId, c4, '2026-05-01T13:00:00Z')
  const c5 = await addChat(app, tenantId, '2026-05-01T09:00:00Z', {
    channel: 'whatsapp',
    visitorId: await addVisitor(app, tenantId),
  })
  await addMessage(app, tenantId, c5, '2026-05-01T14:00:00Z', { sender: 'tenant' })
  // 2 May: the client writes again, in the first chat.
  await addMessage(app, tenantId, c1, '2026-05-02T08:00:00Z')

  // 3 May: g talks before and after the day but not on it; h talks and is escalated; i is escalated without a
  // message on that day.
  const g = await addChat(app, tenantId, '2026-05-02T20:00:00Z')
  await addMessage(app, tenantId, g, '2026-05-02T23:00:00Z')
  await addMessage(app, tenantId, g, '2026-05-04T01:00:00Z')
  const h = await addChat(app, tenantId, '2026-05-03T10:00:00Z')
  await addMessage(app, tenantId, h, '2026-05-03T12:00:00Z')
  await addEscalation(app, tenantId, h, '2026-05-03T12:30:00Z')
  const i = await addChat(app, tenantId, '2026-04-20T10:00:00Z', { channel: 'email' })
  await addMessage(app, tenantId, i, '2026-04-20T10:00:00Z', { sender: 'tenant' })
  await addEscalation(app, tenantId, i, '2026-05-03T15:00:00Z')

  // Voice messages from 20 April to 13 May, on the web and on WhatsApp, one deleted and one without a length.
  const v1 = await addChat(app, tenantId, '2026-04-20T09:00:00Z', {
    channel: 'website',
    clientId: twin,
    status: 'resolved',
  })
  const v2 = await addChat(app, tenantId, '2026-05-09T09:00:00Z', { channel: 'whatsapp', topicId: topic })
  await addVoice(v1, '2026-04-20T12:00:00Z', 4000, 400)
  await addVoice(v1, '2026-05-10T12:00:00Z', 2000, 200)
  await addVoice(v2, '2026-05-10T18:45:00Z', null, 300)
  await addVoice(v2, '2026-05-12T23:59:00Z', 1500, 150, true)
  await addVoice(v2, '2026-05-13T09:00:00Z', 3000, 100)
  await addMessage(app, tenantId, v2, '2026-05-13T09:05:00Z', { sender: 'tenant' })
  await addEscalation(app, tenantId, v2, '2026-05-13T09:30:00Z')
  await addEscalation(app, tenantId, v2, '2026-05-13T09:40:00Z')
  await addEscalation(app, tenantId, v1, '2026-05-12T18:10:00Z')
})
afterAll(async () => {
  await app.shutdown()
})

type Day = { start_time: string; count: number; message_count: number; active_clients: number }

describe('active customers', () => {
  const days = { from: '2026-05-01', to: '2026-05-02', granularity: 'day', timezone: 'UTC' }
  const active = async (q: Record<string, string> = {}) =>
    (await getMetric<{ data: Day[] }>(app, token, 'engagementfrequency', { ...days, ...q })).data.map(
      (d) => d.active_clients,
    )

  it('counts owners: a client and a visitor with the same id are two, an ownerless chat adds nobody', async () => {
    const reply = await getMetric<{ data: Day[] }>(app, token, 'engagementfrequency', days)
    // 1 May: the client (two chats) and the visitor; the ownerless chat's and the staff's messages count as messages.
    expect(reply.data.map((d) => [d.count, d.message_count, d.active_clients])).toEqual([
      [5, 5, 2],
      [1, 2, 1], // g, created on the 2nd, has no owner
    ])
  })

  it('counts the owners of the filtered chats only', async () => {
    expect(await active({ channel: 'website' })).toEqual([2, 1])
    expect(await active({ channel: 'mobile' })).toEqual([1, 0])
    expect(await active({ channel: 'whatsapp' })).toEqual([0, 0])
    expect(await active({ topic_id: String(topic) })).toEqual([1, 0])
  })
})

describe('chats with a message in the window', () => {
  const day = { from: '2026-05-03', to: '2026-05-03', timezone: 'UTC' }

  it('leave out a chat that talked only before and after it, in the escalation rate and per voice chat', async () => {
    // h and i escalated; of the chats, only h sent a message on 3 May (g before and after it, i not at all).
    expect(await getMetric(app, token, 'countescalatedissues', day)).toMatchObject({
      count: 2,
      escalation_events: 2,
      escalation_rate: 200,
    })
    expect(await getMetric(app, token, 'countescalatedissues', { ...day, channel: 'email' })).toMatchObject({
      count: 1,
      escalation_rate: null,
    })
    expect(await getMetric(app, token, 'averagevoicemessageperchat', day)).toMatchObject({
      active_chat_count: 1,
      voice_message_count: 0,
      chats_with_voice: 0,
      average_voice_messages_per_chat: 0,
    })
  })
})

describe('hourly escalated chats', () => {
  it('counts a chat escalated twice in an hour once, and filters through the chat', async () => {
    const reply = await getMetric<{ count: number; series: Item[] }>(app, token, 'hourlycountescalatedissues')
    expect(reply.count).toBe(1)
    expect(reply.series.map((i) => i.count)).toEqual([...Array(7).fill(0), 1, ...Array(14).fill(0), 1, 0])
    const topical = await getMetric<{ count: number; series: Item[] }>(app, token, 'hourlycountescalatedissues', {
      topic_id: topic,
    })
    expect(topical.count).toBe(1)
    expect(topical.series.map((i) => i.count)).toEqual([...Array(22).fill(0), 1, 0])
  })
})

describe('voice messages', () => {
  const week = { from: '2026-05-10', to: '2026-05-14', timezone: 'UTC' }

  it('runs the totals from the first message, up to `to`, through a future day', async () => {
    const reply = await getMetric<{ series: Item[] }>(app, token, 'cumulativevoicemessage', week)
    expect(reply).toMatchObject({
      voice_message_count: 5,
      total_duration_seconds: 10.5,
      total_bytes: 1150,
      in_window: { count: 4, duration_seconds: 6.5 },
    })
    // 10 May … 14 May; the 13th is partial (now is inside it), the 14th is to come.
    expect(reply.series.map((i) => [i.count, i.partial])).toEqual([
      [3, false],
      [3, false],
      [4, false],
      [5, true],
      [5, true],
    ])
    const early = await getMetric<{ series: Item[] }>(app, token, 'cumulativevoicemessage', {
      ...week,
      to: '2026-05-13T08:00:00Z',
    })
    expect(early).toMatchObject({ voice_message_count: 4, in_window: { count: 3, duration_seconds: 3.5 } })
    expect(early.series.map((i) => i.count)).toEqual([3, 3, 4, 4])
  })

  it('counts the chats with a voice message and the mean known length', async () => {
    expect(await getMetric(app, token, 'averagevoicemessageperchat', week)).toMatchObject({
      voice_message_count: 4,
      chats_with_voice: 2,
      active_chat_count: 2,
      average_voice_messages_per_chat: 2,
      average_duration_seconds: 2.17, // (2 + 1.5 + 3) / 3: one recording has no length
    })
    expect(await getMetric(app, token, 'averagevoicemessageperchat', { ...week, channel: 'website' })).toMatchObject({
      voice_message_count: 1,
      chats_with_voice: 1,
      active_chat_count: 1,
      average_duration_seconds: 2,
    })
  })
})

describe('with the rollups', () => {
  const METRICS: AnalyticsMetric[] = [
    'communicationchannels',
    'engagementfrequency',
    'countescalatedissues',
    'hourlycountescalatedissues',
    'cumulativevoicemessage',
    'averagevoicemessageperchat',
  ]
  const FILTERS: Record<string, unknown>[] = [
    {},
    { granularity: 'day' },
    { from: '2026-04-28T07:17:00Z', to: '2026-05-12T15:45:00Z', granularity: 'day', timezone: 'Asia/Kolkata' },
    { from: '2026-04-01', to: '2026-05-13', granularity: 'week', timezone: 'America/New_York' },
    { from: '2026-04-01', to: '2026-05-31', granularity: 'month', channel: ['website', 'whatsapp'] },
    { from: '2026-04-15T00:30:00Z', to: '2026-05-13T10:00:00Z', granularity: 'hour', timezone: 'Asia/Kolkata' },
  ]

  it('gives the same replies as the live tables, once the hours are rolled up', async () => {
    await createRollupRoller(app.db).catchUp()
    const rolled = await app.db
      .selectFrom('analytics_hours')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    expect(Number(rolled.n)).toBeGreaterThan(0)

    const clock = testClock(new Date(NOW))
    const settings = { getSettings: async () => ({ timezone: 'UTC' }) } as never
    const actor: StaffActor = { kind: 'staff', userId: 0, tenantId, userType: 'admin', tokenId: 0 }
    const fromRollups = createAnalyticsService({ db: app.db, clock, settings })
    const live = createAnalyticsService({ db: app.db, clock, settings, rollups: false })
    for (const filter of [...FILTERS, { topic_id: topic, granularity: 'day' }])
      for (const name of METRICS) {
        const input = AnalyticsFilterInput.parse(filter)
        const expected = await live.run(actor, name, input)
        expect({ name, filter, reply: await fromRollups.run(actor, name, input) }).toEqual({
          name,
          filter,
          reply: expected,
        })
      }
  })
})

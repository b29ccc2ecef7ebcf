import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsFilter } from '../../src/features/analytics/filter.js'
import type { MetricContext } from '../../src/features/analytics/metric.js'
import { responsesMetrics } from '../../src/features/analytics/metrics/responses.metrics.js'
import { createRollupRoller } from '../../src/features/analytics/rollup/roller.js'
import { bucketsOf, type Granularity } from '../../src/features/analytics/window.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createEmployee, createTenantWithAdmin } from '../factories.js'
import { at, insertChat, insertEvent, insertMessage, insertTopic, type Channel } from './responses-helpers.js'

/*
 * The response-time, satisfaction and topic metrics give the same numbers whether their counts come from the
 * rollups or from the live tables, for every filter, an aligned and an unaligned window, and a half-hour time zone;
 * and the numbers that are not simple sums (first responses, topic message counts) follow their definitions.
 */

let app: TestApp
const clock = testClock(new Date('2026-05-03T12:00:00Z'))

beforeAll(async () => {
  // A database of its own (embedded), so that rolling up covers this file's tenants only.
  app = await buildTestApp({ clock, ownDatabase: true })
})
afterAll(async () => {
  await app.shutdown()
})

const MIN = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

type Msg = { chat: number; sender: 'client' | 'tenant' | 'tenant_iva'; at: number }
type ChatFacts = { id: number; created: number; topic: number | null; channel: Channel; messages: Msg[] }

/** About 70 chats over six days, every kind of fact, written as the product writes them (`last_message_at` too). */
async function world() {
  const org = await createTenantWithAdmin(app)
  const t = org.tenant.tenant_id
  const emp = (await createEmployee(app, org.token)).employee.id
  const admin = org.admin.id
  const topics = [
    await insertTopic(app, t, 'Billing'),
    await insertTopic(app, t, 'delivery'),
    await insertTopic(app, t, 'Returns'),
    await insertTopic(app, t, 'Archive', false),
  ]
  const channels: Channel[] = ['mobile', 'website', 'whatsapp']
  const chats: ChatFacts[] = []
  const base = Date.parse('2026-04-27T06:00:00Z')
  for (let i = 0; i < 70; i++) {
    const created = base + i * 113 * MIN + ((i * 7919) % 60_000)
    const topic = i % 5 === 4 ? null : topics[i % 4]!
    const channel = channels[i % 3]!
    const rated = i % 3 === 0
    const id = await insertChat(app, t, {
      created: iso(created),
      channel,
      topicId: topic,
      assigneeId: [null, admin, emp][i % 3]!,
      status: i % 4 === 0 ? 'open' : 'resolved',
      rating: rated
        ? { value: 1 + (i % 5), at: iso(created + (50 + i) * MIN), first: iso(created + 45 * MIN) }
        : undefined,
    })
    const messages: Msg[] = [{ chat: id, sender: 'client', at: created }]
    if (i % 2 === 1) messages.push({ chat: id, sender: 'client', at: created + MIN + 123 })
    const reply = created + (3 + (i % 17)) * MIN + 457
    if (i % 7 !== 6) messages.push({ chat: id, sender: 'tenant', at: reply })
    if (i % 6 === 5) messages.push({ chat: id, sender: 'tenant_iva', at: created + 2 * MIN })
    // Some conversations go on for days, across the windows' edges.
    if (i % 9 === 0) messages.push({ chat: id, sender: 'client', at: created + 2 * 1440 * MIN + 17 })
    for (const m of messages) await insertMessage(app, t, id, m.sender, iso(m.at))
    await app.db
      .updateTable('chats')
      .set({ last_message_at: new Date(Math.max(...messages.map((m) => m.at))) })
      .where('id', '=', id)
      .execute()
    const actor = i % 2 === 0 ? admin : emp
    if (i % 7 !== 6) {
      await insertEvent(app, t, id, 'first_response', iso(reply), { wait: (reply - created) / 1000, actor })
      await insertEvent(app, t, id, 'reply', iso(reply + 9 * MIN), { wait: i % 4 === 0 ? null : 30.5 + i, actor })
    }
    if (i % 4 !== 0) await insertEvent(app, t, id, 'resolved', iso(created + 40 * MIN), { actor: admin })
    if (i % 8 === 3) await insertEvent(app, t, id, 'resolved', iso(created + 3 * 1440 * MIN), { actor: admin })
    chats.push({ id, created, topic, channel, messages })
  }
  return { org, t, emp, topics, chats }
}

function context(
  tenantId: number,
  filter: Omit<AnalyticsFilter, 'limit'>,
  window: { from: Date; to: Date },
  o: { timezone: string; granularity: Granularity; series: boolean; rollups: boolean },
): MetricContext {
  return {
    db: app.db,
    actor: {} as MetricContext['actor'],
    tenantId,
    filter: { limit: 10, ...filter },
    window,
    timezone: o.timezone,
    now: clock.now(),
    rollups: o.rollups,
    granularity: o.series ? o.granularity : null,
    buckets: o.series ? bucketsOf(window, o.granularity, o.timezone, clock.now()) : [],
    scope: {},
    requested: new Set(),
    shared: (_key, work) => work(),
  }
}

describe('response, satisfaction and topic metrics', () => {
  it('read the same numbers from the rollups as from the live tables', async () => {
    const w = await world()
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const rolled = await app.db
      .selectFrom('analytics_days')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', w.t)
      .executeTakeFirstOrThrow()
    expect(Number(rolled.n)).toBeGreaterThan(0)

    const windows = [
      { window: { from: new Date('2026-04-28T00:00:00Z'), to: new Date('2026-05-02T00:00:00Z') }, timezone: 'UTC' },
      {
        window: { from: new Date('2026-04-28T05:17:23.456Z'), to: new Date('2026-05-01T19:44:00Z') },
        timezone: 'Asia/Kolkata',
      },
    ]
    const filters: Omit<AnalyticsFilter, 'limit'>[] = [
      {},
      { channel: ['mobile', 'whatsapp'] },
      { topic_id: w.topics[0]! },
      { assignee: w.emp },
    ]
    for (const { window, timezone } of windows)
      for (const filter of filters)
        for (const granularity of ['day', 'hour'] as const)
          for (const [name, def] of Object.entries(responsesMetrics)) {
            const o = { timezone, granularity, series: def.series !== undefined }
            const live = await def.compute(context(w.t, filter, window, { ...o, rollups: false }))
            const fromRollups = await def.compute(context(w.t, filter, window, { ...o, rollups: true }))
            expect({ name, filter, window, granularity, values: fromRollups }).toEqual({
              name,
              filter,
              window,
              granularity,
              values: live,
            })
          }
  }, 120_000)

  it('count the messages of the chats created in the window only, and time first responses from the first message', async () => {
    const w = await world()
    // A chat created long before the window, first answered inside it.
    const old = await insertChat(app, w.t, { created: '2026-04-20T10:00:00Z', topicId: w.topics[0]! })
    await insertMessage(app, w.t, old, 'client', '2026-04-20T10:00:00Z')
    await insertMessage(app, w.t, old, 'client', '2026-04-29T09:00:00Z')
    await insertMessage(app, w.t, old, 'tenant', '2026-04-29T09:30:00Z')
    await app.db
      .updateTable('chats')
      .set({ last_message_at: at('2026-04-29T09:30:00Z') })
      .where('id', '=', old)
      .execute()
    await insertEvent(app, w.t, old, 'first_response', '2026-04-29T09:30:00Z', { wait: 1800, actor: w.emp })
    const window = { from: new Date('2026-04-28T00:00:00Z'), to: new Date('2026-05-01T00:00:00Z') }
    const inWindow = (ms: number) => ms >= window.from.getTime() && ms < window.to.getTime()
    const o = { timezone: 'UTC', granularity: 'day' as const, series: false, rollups: true }

    const popular = await responsesMetrics.populartopics.compute(context(w.t, {}, window, o))
    for (const row of popular.data) {
      const expected = w.chats
        .filter((c) => c.topic === row.topic_id && inWindow(c.created))
        .flatMap((c) => c.messages)
        .filter((m) => inWindow(m.at)).length
      expect({ topic: row.topic, messages: row.message_count }).toEqual({ topic: row.topic, messages: expected })
    }
    expect(popular.data.length).toBeGreaterThan(2)

    const reply = await responsesMetrics.averageresponsetime.compute(context(w.t, {}, window, o))
    const waits = w.chats
      .map((c) => ({ c, reply: c.messages.find((m) => m.sender === 'tenant') }))
      .filter((x) => x.reply && inWindow(x.reply.at))
      .map((x) => (x.reply!.at - x.c.created) / 1000)
    waits.push((Date.parse('2026-04-29T09:30:00Z') - Date.parse('2026-04-20T10:00:00Z')) / 1000)
    const mean = waits.reduce((a, b) => a + b, 0) / waits.length
    expect(reply.first_response.count).toBe(waits.length)
    expect(reply.first_response.average_seconds).toBeCloseTo(mean, 2)
  })
})

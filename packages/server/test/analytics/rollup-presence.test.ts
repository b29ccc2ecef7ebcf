import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeChats, type Activity } from '../../src/features/analytics/rollup/presence.queries.js'
import { createRollupRoller } from '../../src/features/analytics/rollup/roller.js'
import { buildTestApp, type TestApp } from '../app.js'
import { NOW, START, tenantData, writeTenant, type World } from './rollup-data.js'
import { clearDirty, dirtyHours, edgesEvery } from './rollup-helpers.js'

/*
 * The active chats of each hour and day (migration 0020): read from the rollups they give the same distinct chats,
 * owners and counts as from the live tables, whatever the cut; they are really read; a rebuild repairs them; a
 * change of a chat's owner marks its hours. The file has a database of its own (sealing is global).
 */

const HOUR = 3_600_000
const DAY = 86_400_000
const ACTIVITIES: Activity[] = ['messages', 'customer_messages', 'voice_messages', 'escalations']
/** Hourly, half-past-hourly, daily and weekly cuts of the generated span. */
const CUTS = [
  edgesEvery(START, NOW, HOUR),
  edgesEvery(START + HOUR / 2, NOW, HOUR),
  edgesEvery(START, NOW, DAY),
  edgesEvery(START + 5 * HOUR + 17 * 60_000, NOW, 7 * DAY),
]

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ ownDatabase: true })
})
afterAll(async () => {
  await app.shutdown()
})

type Narrowing = { channels?: string[]; topicId?: number }

/** Per bucket: distinct chats, distinct owners, and the activity's count and voice sums, as read with `live`. */
async function distinct(w: World, edges: readonly Date[], activity: Activity, n: Narrowing, live: boolean) {
  const active = await activeChats(app.db, { tenantId: w.tenantId, live, ...n }, edges, activity)
  const { rows } = await sql<Record<string, string | number>>`
    SELECT a.b, count(DISTINCT a.chat_id) AS chats, count(DISTINCT a.client_id) AS clients,
      count(DISTINCT a.visitor_id) AS visitors, sum(a.n) AS n, sum(a.voice_timed) AS timed, sum(a.voice_ms) AS ms
    FROM (${active}) a GROUP BY a.b ORDER BY a.b`.execute(app.db)
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))
}

async function expectExact(w: World, cuts = CUTS) {
  const narrowings: Narrowing[] = [{}, { channels: ['website', 'mobile'] }, { topicId: w.topics[0]! }, { topicId: 0 }]
  for (const edges of cuts)
    for (const activity of ACTIVITIES)
      for (const n of edges === cuts[0] ? narrowings : narrowings.slice(0, 2)) {
        const live = await distinct(w, edges, activity, n, true)
        expect(await distinct(w, edges, activity, n, false), JSON.stringify({ activity, n })).toEqual(live)
      }
}

const presenceRows = async (tenantId: number) => {
  const { rows } = await sql<{ hours: string; days: string }>`
    SELECT (SELECT count(*) FROM analytics_chat_hours WHERE tenant_id = ${tenantId}) AS hours,
      (SELECT count(*) FROM analytics_chat_days WHERE tenant_id = ${tenantId}) AS days`.execute(app.db)
  return { hours: Number(rows[0]!.hours), days: Number(rows[0]!.days) }
}

describe('active chats per hour and day', () => {
  it('read from the rollups equal the live tables, and are read from them', async () => {
    const w = await writeTenant(app, tenantData(71, 60), 'UTC')
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const rows = await presenceRows(w.tenantId)
    expect(rows.hours).toBeGreaterThan(rows.days)
    expect(rows.days).toBeGreaterThan(0)
    // The data has chats of clients, of visitors and with voice messages and escalations to count.
    const daily = async (activity: Activity) => distinct(w, CUTS[2]!, activity, {}, true)
    const total = (rows: Record<string, number>[], k: string) => rows.reduce((sum, r) => sum + r[k]!, 0)
    expect(total(await daily('customer_messages'), 'clients')).toBeGreaterThan(0)
    expect(total(await daily('customer_messages'), 'visitors')).toBeGreaterThan(0)
    expect(total(await daily('voice_messages'), 'ms')).toBeGreaterThan(0)
    expect(total(await daily('escalations'), 'n')).toBeGreaterThan(0)
    await expectExact(w)

    // Tampered day rows change what is read: the reads do come from them. A rebuild repairs them.
    await sql`DELETE FROM analytics_chat_days WHERE ctid = (
        SELECT ctid FROM analytics_chat_days WHERE tenant_id = ${w.tenantId} ORDER BY day, chat_id LIMIT 1)`.execute(
      app.db,
    )
    const days = CUTS[2]!
    expect(await distinct(w, days, 'messages', {}, false)).not.toEqual(await distinct(w, days, 'messages', {}, true))
    await createRollupRoller(app.db, { marginMs: 0 }).rebuildTenant(w.tenantId)
    await expectExact(w, [days])
  })

  it('follow a change of a chat’s owner, which marks the hours of its messages and events', async () => {
    const w = await writeTenant(app, tenantData(72, 40), 'UTC')
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    await clearDirty(app.db)
    const owned = await app.db
      .selectFrom('chats')
      .select(['id', 'client_id'])
      .where('tenant_id', '=', w.tenantId)
      .where('client_id', 'is not', null)
      .orderBy('id')
      .execute()
    const [a, b] = [owned[0]!, owned.find((c) => c.client_id !== owned[0]!.client_id)!]
    await app.db
      .updateTable('chats')
      .set({ client_id: b.client_id })
      .where('tenant_id', '=', w.tenantId)
      .where('id', '=', a.id)
      .execute()
    const { rows } = await sql<{ hour: Date | string }>`
      SELECT date_trunc('hour', sent_at, 'UTC') AS hour FROM chat_messages
      WHERE tenant_id = ${w.tenantId} AND chat_id = ${a.id}
      UNION
      SELECT date_trunc('hour', occurred_at, 'UTC') FROM chat_events WHERE tenant_id = ${w.tenantId} AND chat_id = ${a.id}
      ORDER BY 1`.execute(app.db)
    expect(rows.length).toBeGreaterThan(0)
    expect(await dirtyHours(app.db, w.tenantId)).toEqual(rows.map((r) => new Date(r.hour).toISOString()))
    await expectExact(w, [CUTS[2]!]) // marked hours are read live meanwhile
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    expect(await dirtyHours(app.db, w.tenantId)).toEqual([])
    await expectExact(w, [CUTS[2]!])
  })
})

import { sql } from 'kysely'
import type { Db } from '../../src/db/database.js'
import { COMMUNITY_MEASURES, communityFactsByBucket } from '../../src/features/analytics/rollup/community.queries.js'
import { factsByBucket, MEASURES, type FactRow } from '../../src/features/analytics/rollup/facts.queries.js'

/* What the rollup tables hold for a tenant, next to its live rows: the tests' check that rollups are really read. */

/** Rows of each kind: per channel and topic, summed over topics (−1), over channels ('*'), over both. */
const KINDS = {
  detail: sql`channel <> '*' AND topic_id <> -1`,
  byChannel: sql`channel <> '*' AND topic_id = -1`,
  byTopic: sql`channel = '*' AND topic_id <> -1`,
  total: sql`channel = '*' AND topic_id = -1`,
}
type Kind = keyof typeof KINDS

export async function rollupCounts(db: Db, tenantId: number) {
  const sums = (table: 'analytics_hours' | 'analytics_days', measure: 'chats' | 'messages') =>
    sql.join(
      (Object.keys(KINDS) as Kind[]).map(
        (k) =>
          sql`(SELECT coalesce(sum(${sql.ref(measure)}), 0) FROM ${sql.table(table)}
            WHERE tenant_id = ${tenantId} AND ${KINDS[k]}) AS ${sql.ref(`${table}_${measure}_${k}`)}`,
      ),
    )
  const { rows } = await sql<Record<string, string | number | Date | null>>`
    SELECT
      (SELECT sealed_until FROM analytics_rollup_state) AS sealed_until,
      (SELECT count(*) FROM analytics_rollup_dirty WHERE tenant_id = ${tenantId}) AS dirty,
      (SELECT count(*) FROM chats WHERE tenant_id = ${tenantId}) AS chats,
      (SELECT count(*) FROM chat_messages WHERE tenant_id = ${tenantId}) AS messages,
      (SELECT count(*) FROM analytics_hours WHERE tenant_id = ${tenantId}) AS hour_rows,
      (SELECT count(*) FROM analytics_days WHERE tenant_id = ${tenantId}) AS day_rows,
      (SELECT max(day) FROM analytics_days WHERE tenant_id = ${tenantId}) AS last_day,
      ${sums('analytics_hours', 'chats')}, ${sums('analytics_hours', 'messages')},
      ${sums('analytics_days', 'chats')}, ${sums('analytics_days', 'messages')}
  `.execute(db)
  const r = rows[0]!
  const date = (v: unknown) => (v === null ? null : new Date(v as string | Date))
  const kinds = (table: string, measure: string) =>
    Object.fromEntries((Object.keys(KINDS) as Kind[]).map((k) => [k, Number(r[`${table}_${measure}_${k}`])])) as Record<
      Kind,
      number
    >
  return {
    sealedUntil: date(r.sealed_until),
    dirty: Number(r.dirty),
    chats: Number(r.chats),
    messages: Number(r.messages),
    hourRows: Number(r.hour_rows),
    dayRows: Number(r.day_rows),
    lastDay: date(r.last_day),
    /** Chats and messages summed over each kind of row: all four equal when the rollups hold everything. */
    hourChats: kinds('analytics_hours', 'chats'),
    hourMessages: kinds('analytics_hours', 'messages'),
    dayChats: kinds('analytics_days', 'chats'),
    dayMessages: kinds('analytics_days', 'messages'),
  }
}

/** The same number for each kind of rollup row. */
export const everyKind = (n: number) => ({ detail: n, byChannel: n, byTopic: n, total: n })

/** The tenant's hours marked dirty, as ISO strings in order (once each). */
export async function dirtyHours(db: Db, tenantId: number): Promise<string[]> {
  const { rows } = await sql<{ hour: Date | string }>`
    SELECT DISTINCT hour FROM analytics_rollup_dirty WHERE tenant_id = ${tenantId} ORDER BY hour`.execute(db)
  return rows.map((r) => new Date(r.hour).toISOString())
}

/** Removes every dirty mark (so a test sees only the marks of what it does next). */
export async function clearDirty(db: Db) {
  await sql`DELETE FROM analytics_rollup_dirty`.execute(db)
}

export type FactQuery = { by?: { channel?: boolean; topic?: boolean }; channels?: string[]; topicId?: number }

/** Ways of asking for the facts that read each kind of rollup row (the topic ones need a topic of the tenant). */
export const factQueries = (topicId: number): FactQuery[] => [
  { by: { channel: true, topic: true } },
  {},
  { by: { channel: true } },
  { by: { topic: true } },
  { channels: ['website', 'email'] },
  { topicId, by: { channel: true } },
  { channels: ['mobile', 'whatsapp'], topicId },
]

/**
 * Every rollup measure per bucket (and channel and topic when asked), read with the rollups and read live, rows in
 * one order: the measures the metrics do not read from the rollups yet (voice, responses, ratings) are compared too.
 */
export async function factsBothWays(db: Db, tenantId: number, edges: readonly Date[], q: FactQuery = {}) {
  const o = { measures: MEASURES, by: q.by ?? {} }
  const f = { tenantId, channels: q.channels, topicId: q.topicId }
  const order = (rows: FactRow[]) =>
    [...rows].sort((x, y) => x.b - y.b || x.channel.localeCompare(y.channel) || x.topic_id - y.topic_id)
  const rolled = order(await factsByBucket(db, f, edges, o))
  const live = order(await factsByBucket(db, { ...f, live: true }, edges, o))
  return { rolled, live }
}

/**
 * Every community measure per bucket, for all the tenant's communities or one, read with the rollups and live, as
 * `[bucket, facts]` pairs in bucket order.
 */
export async function communityFactsBothWays(db: Db, tenantId: number, edges: readonly Date[], community?: number) {
  const read = async (live: boolean) =>
    [...(await communityFactsByBucket(db, { tenantId, community, live }, edges, COMMUNITY_MEASURES))].sort(
      (x, y) => x[0] - y[0],
    )
  return { rolled: await read(false), live: await read(true) }
}

/** Bucket edges every `stepMs` from `from` up to `to` (and `to` itself). */
export function edgesEvery(from: number, to: number, stepMs: number): Date[] {
  const out: Date[] = []
  for (let t = from; t < to; t += stepMs) out.push(new Date(t))
  out.push(new Date(to))
  return out
}

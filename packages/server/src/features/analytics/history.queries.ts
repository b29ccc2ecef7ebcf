import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { factsByBucket, type FactFilter } from './rollup/facts.queries.js'
import { involvementRows } from './rollup/periods.queries.js'
import { activeChats, distinctChatsPerBucket } from './rollup/presence.queries.js'

/*
 * Per-period histories that the forecasts need and the descriptive metrics do not already read (contract §8.4).
 * Each answers per 1-based bucket index of `edges` (bucket i is `[edges[i-1], edges[i])`); a bucket without
 * anything has no entry. Counts that add up come from the rollups (chats per topic), distinct chats from the active
 * chats of each hour, a client's first chat from a table that triggers keep (migration 0022); the community
 * involvements are read from their tables through indexes that lead with the tenant.
 */

const bounds = (edges: readonly Date[]) => edges.map((d) => d.toISOString())

/** Chats created per bucket and current topic (0: none). */
export async function chatsPerTopic(
  db: Executor,
  f: FactFilter,
  edges: readonly Date[],
): Promise<{ b: number; topicId: number; chats: number }[]> {
  const rows = await factsByBucket(db, f, edges, { measures: ['chats'], by: { topic: true } })
  return rows.map((r) => ({ b: r.b, topicId: r.topic_id, chats: r.chats }))
}

/** The names of some of the tenant's topics, by id. */
export async function topicNames(db: Executor, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('chat_topics')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute()
  return new Map(rows.map((r) => [Number(r.id), r.name]))
}

/** Distinct chats with at least one message (any sender, deleted ones too) per bucket. */
export async function chatsWithMessagesPerBucket(
  db: Executor,
  f: FactFilter,
  edges: readonly Date[],
): Promise<Map<number, number>> {
  const active = await activeChats(db, f, edges, 'messages')
  const { rows } = await sql<{ b: number; n: string | number }>`${distinctChatsPerBucket(active)}`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.n)]))
}

export type GenderName = 'Male' | 'Female' | 'Other' | 'Unknown'

/**
 * Registered clients whose first chat with the tenant (any channel) was created in each bucket, by the gender of
 * their profile (none: `Unknown`). Visitors have no profile and are not counted. The first chats are kept by
 * triggers on chats (migration 0022), so a period's new clients are one index range.
 */
export async function newClientsByGender(
  db: Executor,
  tenantId: number,
  edges: readonly Date[],
): Promise<{ b: number; gender: GenderName; n: number }[]> {
  if (edges.length < 2) return []
  const { rows } = await sql<{ b: number; gender: GenderName; n: string | number }>`
    SELECT width_bucket(f.first_chat_at, ${bounds(edges)}::timestamptz[]) AS b,
      coalesce(u.gender, 'Unknown') AS gender, count(*) AS n
    FROM analytics_client_firsts f
    JOIN users u ON u.id = f.client_id
    WHERE f.tenant_id = ${tenantId}
      AND f.first_chat_at >= ${edges[0]!.toISOString()}::timestamptz
      AND f.first_chat_at < ${edges.at(-1)!.toISOString()}::timestamptz
    GROUP BY 1, 2`.execute(db)
  return rows.map((r) => ({ b: Number(r.b), gender: r.gender, n: Number(r.n) }))
}

/** Per bucket: client actions in communities (`actions`) and the distinct clients who acted (`participants`). */
export async function involvementsPerBucket(
  db: Executor,
  tenantId: number,
  community: number | undefined,
  edges: readonly Date[],
): Promise<Map<number, { actions: number; participants: number }>> {
  if (edges.length < 2) return new Map()
  const from = edges[0]!.toISOString()
  const to = edges.at(-1)!.toISOString()
  const { rows } = await sql<{ b: number; actions: string | number; participants: string | number }>`
    SELECT width_bucket(x.at, ${bounds(edges)}::timestamptz[]) AS b, count(*) AS actions,
      count(DISTINCT x.client_id) AS participants
    FROM (${involvementRows(tenantId, community, from, to)}) x
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), { actions: Number(r.actions), participants: Number(r.participants) }]))
}

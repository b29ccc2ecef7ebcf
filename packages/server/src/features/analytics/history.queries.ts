import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../db/database.js'
import { factsByBucket, type FactFilter } from './rollup/facts.queries.js'
import { activeChats } from './rollup/presence.queries.js'

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
  const { rows } = await sql<{ b: number; n: string | number }>`
    SELECT a.b, count(DISTINCT a.chat_id) AS n FROM (${active}) a GROUP BY a.b`.execute(db)
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

/** The client actions in communities: issues raised, comments (not deleted, not staff), reactions and joins. */
function involvements(tenantId: number, community: number | undefined, from: string, to: string): RawBuilder<unknown> {
  const inCommunity = (alias: string) =>
    community === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.community_id`)} = ${community}`
  return sql`
    SELECT i.created_at AS at, i.client_id FROM community_issues i
    WHERE i.tenant_id = ${tenantId} AND i.created_at >= ${from}::timestamptz AND i.created_at < ${to}::timestamptz
      ${inCommunity('i')}
    UNION ALL
    SELECT c.created_at, c.client_id FROM community_comments c
    WHERE c.tenant_id = ${tenantId} AND c.created_at >= ${from}::timestamptz AND c.created_at < ${to}::timestamptz
      AND c.deleted_at IS NULL AND c.client_id IS NOT NULL ${inCommunity('c')}
    UNION ALL
    SELECT r.created_at, r.client_id FROM comment_reactions r
    ${community === undefined ? sql`` : sql`JOIN community_comments rc ON rc.tenant_id = r.tenant_id AND rc.id = r.comment_id`}
    WHERE r.tenant_id = ${tenantId} AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz
      ${inCommunity('rc')}
    UNION ALL
    SELECT m.joined_at, m.client_id FROM community_memberships m
    WHERE m.tenant_id = ${tenantId} AND m.joined_at >= ${from}::timestamptz AND m.joined_at < ${to}::timestamptz
      ${inCommunity('m')}`
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
    FROM (${involvements(tenantId, community, from, to)}) x
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), { actions: Number(r.actions), participants: Number(r.participants) }]))
}

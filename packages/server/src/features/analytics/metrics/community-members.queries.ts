import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'

/*
 * Membership and rating queries of the community metrics (contract §7.9). Memberships are stays
 * (`community_memberships`: `joined_at`, `left_at`); without a community every stay in every one of the tenant's
 * communities counts, so a client in two communities is two memberships.
 *
 * A stay is a membership at instant t when it began before t and had not ended before t:
 * `joined_at < t AND (left_at IS NULL OR left_at >= t)`. A join or leave at exactly t belongs to the window that
 * starts at t, so members at `to` = members at `from` + joins − leaves in `[from, to)`, and each series bucket
 * starts with the members the previous one ended with. Members at an instant are the joins before it minus the
 * leaves before it, which the rollups count per hour (rollup/community.queries.ts).
 */

/** The tenant, optionally one of its communities, and the window `[from, to)`; `live` as in the rollups' reads. */
export type CommunityScope = {
  tenantId: number
  community?: number | undefined
  from: Date
  to: Date
  live?: boolean | undefined
}

/** `AND <alias>.community_id = …` when the scope names a community. */
export function inCommunity(alias: string, community: number | undefined): RawBuilder<unknown> {
  return community === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.community_id`)} = ${community}`
}

/**
 * The latest join or leave before `to` (null when none): the latest stay begun before it, or ended before it. One
 * step back along each index.
 */
export async function latestMove(db: Executor, s: CommunityScope): Promise<Date | null> {
  const { rows } = await sql<{ latest: Date | string | null }>`
    SELECT greatest(
      (SELECT max(m.joined_at) FROM community_memberships m
        WHERE m.tenant_id = ${s.tenantId} ${inCommunity('m', s.community)} AND m.joined_at < ${s.to}),
      (SELECT max(m.left_at) FROM community_memberships m
        WHERE m.tenant_id = ${s.tenantId} ${inCommunity('m', s.community)} AND m.left_at < ${s.to})
    ) AS latest
  `.execute(db)
  const latest = rows[0]?.latest
  return latest ? new Date(latest) : null
}

/**
 * The memberships at `to` whose client, in the window and in that membership's community, raised an issue, wrote a
 * comment (not deleted) or reacted to one (reaction given or changed in the window).
 */
export async function activeMembers(db: Executor, s: CommunityScope): Promise<number> {
  // Who was active is gathered once per source (set-based), then each (community, client) is looked up among the
  // stays: at most one stay of a client in a community holds at an instant.
  const { rows } = await sql<{ active: number | string }>`
    WITH active AS (
      SELECT i.community_id, i.client_id
      FROM community_issues i
      WHERE i.tenant_id = ${s.tenantId} ${inCommunity('i', s.community)}
        AND i.created_at >= ${s.from} AND i.created_at < ${s.to} AND i.client_id IS NOT NULL
      UNION
      SELECT c.community_id, c.client_id
      FROM community_comments c
      WHERE c.tenant_id = ${s.tenantId} ${inCommunity('c', s.community)}
        AND c.deleted_at IS NULL AND c.created_at >= ${s.from} AND c.created_at < ${s.to} AND c.client_id IS NOT NULL
      UNION
      SELECT c.community_id, r.client_id
      FROM comment_reactions r
      JOIN community_comments c ON c.tenant_id = r.tenant_id AND c.id = r.comment_id
      WHERE r.tenant_id = ${s.tenantId} ${inCommunity('c', s.community)} AND c.deleted_at IS NULL
        AND ((r.created_at >= ${s.from} AND r.created_at < ${s.to})
          OR (r.updated_at >= ${s.from} AND r.updated_at < ${s.to}))
    )
    SELECT count(*) AS active
    FROM active a
    WHERE EXISTS (
      SELECT 1 FROM community_memberships m
      WHERE m.client_id = a.client_id AND m.community_id = a.community_id AND m.tenant_id = ${s.tenantId}
        AND m.joined_at < ${s.to} AND (m.left_at IS NULL OR m.left_at >= ${s.to})
    )
  `.execute(db)
  return Number(rows[0]?.active ?? 0)
}

/**
 * The ratings that existed at `to` (created before it), each with its current value (the table keeps only the
 * current one), and how many of them were given or last changed in the window.
 */
export async function ratingCounts(db: Executor, s: CommunityScope) {
  const { rows } = await sql<{
    n: number
    total: number | null
    r1: number
    r2: number
    r3: number
    r4: number
    r5: number
    in_window: number
  }>`
    SELECT
      count(*) AS n,
      sum(r.rating)::bigint AS total,
      count(*) FILTER (WHERE r.rating = 1) AS r1,
      count(*) FILTER (WHERE r.rating = 2) AS r2,
      count(*) FILTER (WHERE r.rating = 3) AS r3,
      count(*) FILTER (WHERE r.rating = 4) AS r4,
      count(*) FILTER (WHERE r.rating = 5) AS r5,
      count(*) FILTER (WHERE r.created_at >= ${s.from} OR (r.updated_at >= ${s.from} AND r.updated_at < ${s.to}))
        AS in_window
    FROM community_ratings r
    WHERE r.tenant_id = ${s.tenantId} ${inCommunity('r', s.community)} AND r.created_at < ${s.to}
  `.execute(db)
  const row = rows[0]
  return {
    count: Number(row?.n ?? 0),
    sum: Number(row?.total ?? 0),
    distribution: {
      '1': Number(row?.r1 ?? 0),
      '2': Number(row?.r2 ?? 0),
      '3': Number(row?.r3 ?? 0),
      '4': Number(row?.r4 ?? 0),
      '5': Number(row?.r5 ?? 0),
    },
    inWindow: Number(row?.in_window ?? 0),
  }
}

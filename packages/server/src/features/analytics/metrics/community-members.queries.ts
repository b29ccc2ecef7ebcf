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
 * starts with the members the previous one ended with.
 */

/** The tenant, optionally one of its communities, and the window `[from, to)`. */
export type CommunityScope = { tenantId: number; community?: number | undefined; from: Date; to: Date }

/** `AND <alias>.community_id = …` when the scope names a community. */
export function inCommunity(alias: string, community: number | undefined): RawBuilder<unknown> {
  return community === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.community_id`)} = ${community}`
}

/** Members at `from`, and the latest join or leave before `to` (null when none). */
export async function growthBase(db: Executor, s: CommunityScope) {
  const { rows } = await sql<{ start_members: number; latest: Date | null }>`
    SELECT
      count(*) FILTER (WHERE m.joined_at < ${s.from} AND (m.left_at IS NULL OR m.left_at >= ${s.from}))
        AS start_members,
      max(CASE WHEN m.left_at < ${s.to} THEN m.left_at ELSE m.joined_at END) AS latest
    FROM community_memberships m
    WHERE m.tenant_id = ${s.tenantId} ${inCommunity('m', s.community)} AND m.joined_at < ${s.to}
  `.execute(db)
  const row = rows[0]
  return {
    startMembers: Number(row?.start_members ?? 0),
    latest: row?.latest ? new Date(row.latest) : null,
  }
}

/**
 * Joins and leaves in the window per bucket: `bounds` are the window's bucket edges (from, the inner bucket starts,
 * to), so `width_bucket` answers the 1-based bucket of each join and leave.
 */
export async function joinsAndLeavesPerBucket(db: Executor, s: CommunityScope, bounds: string[]) {
  const { rows } = await sql<{ bucket: number; joins: number; leaves: number }>`
    SELECT e.bucket, count(*) FILTER (WHERE e.kind = 'join') AS joins, count(*) FILTER (WHERE e.kind = 'leave') AS leaves
    FROM (
      SELECT width_bucket(m.joined_at, ${bounds}::timestamptz[]) AS bucket, 'join' AS kind
      FROM community_memberships m
      WHERE m.tenant_id = ${s.tenantId} ${inCommunity('m', s.community)}
        AND m.joined_at >= ${s.from} AND m.joined_at < ${s.to}
      UNION ALL
      SELECT width_bucket(m.left_at, ${bounds}::timestamptz[]), 'leave'
      FROM community_memberships m
      WHERE m.tenant_id = ${s.tenantId} ${inCommunity('m', s.community)}
        AND m.joined_at < ${s.to} AND m.left_at >= ${s.from} AND m.left_at < ${s.to}
    ) e
    GROUP BY e.bucket
  `.execute(db)
  return rows.map((r) => ({ bucket: Number(r.bucket), joins: Number(r.joins), leaves: Number(r.leaves) }))
}

/**
 * Memberships at `to`, joins and leaves in the window, and the memberships at `to` whose client, in the window and
 * in that membership's community, raised an issue, wrote a comment (not deleted) or reacted to one (reaction given
 * or changed in the window).
 */
export async function membershipCounts(db: Executor, s: CommunityScope) {
  // Who was active is gathered once per source (set-based), then matched to the stays: a probe per membership would
  // scan the window's reactions again for every member.
  const { rows } = await sql<{ member_count: number; new_members: number; left_members: number; active: number }>`
    WITH stays AS (
      SELECT m.community_id, m.client_id, m.joined_at, m.left_at,
        (m.left_at IS NULL OR m.left_at >= ${s.to}) AS member_at_to
      FROM community_memberships m
      WHERE m.tenant_id = ${s.tenantId} ${inCommunity('m', s.community)} AND m.joined_at < ${s.to}
    ), active AS (
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
    SELECT
      count(*) FILTER (WHERE st.member_at_to) AS member_count,
      count(*) FILTER (WHERE st.joined_at >= ${s.from}) AS new_members,
      count(*) FILTER (WHERE st.left_at >= ${s.from} AND st.left_at < ${s.to}) AS left_members,
      count(*) FILTER (WHERE st.member_at_to AND a.client_id IS NOT NULL) AS active
    FROM stays st
    LEFT JOIN active a ON a.community_id = st.community_id AND a.client_id = st.client_id
  `.execute(db)
  const row = rows[0]
  return {
    memberCount: Number(row?.member_count ?? 0),
    newMembers: Number(row?.new_members ?? 0),
    leftMembers: Number(row?.left_members ?? 0),
    activeMembers: Number(row?.active ?? 0),
  }
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

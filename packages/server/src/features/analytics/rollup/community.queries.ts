import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { pieceRanges, piecesOf, rollUpDays } from './facts.queries.js'

/*
 * The community facts the rollups hold (migration 0021), defined once like the chat facts: rolling an hour up and
 * reading a live piece aggregate the same rows, per community.
 * - comments at `created_at`, not deleted: comments, and staff replies (no client) among them;
 * - issues at `created_at`: issues, and those solved now;
 * - stays at `joined_at` (joins) and at `left_at` (leaves).
 */

export const COMMUNITY_MEASURES = ['comments', 'staff_comments', 'issues', 'issues_solved', 'joins', 'leaves'] as const
export type CommunityMeasure = (typeof COMMUNITY_MEASURES)[number]
export type CommunityFacts = Record<CommunityMeasure, number>

type Source = 'comments' | 'issues' | 'joins' | 'leaves'

const SOURCE_MEASURES: Record<Source, readonly CommunityMeasure[]> = {
  comments: ['comments', 'staff_comments'],
  issues: ['issues', 'issues_solved'],
  joins: ['joins'],
  leaves: ['leaves'],
}

/** The tenant, optionally one of its communities; `live` reads everything live (the equality test's reference). */
export type CommunityFactFilter = { tenantId: number; community?: number | undefined; live?: boolean | undefined }

const iso = (ms: number | Date) => new Date(ms).toISOString()

/** One source's rows in `[from, to)` as `(at, community_id, <all measures>)`; the bounds are SQL instants. */
function sourceRows(source: Source, f: CommunityFactFilter, from: RawBuilder<unknown>, to: RawBuilder<unknown>) {
  const values: Partial<Record<CommunityMeasure, RawBuilder<unknown>>> = {
    comments: sql`1`,
    staff_comments: sql`(x.client_id IS NULL)::int`,
    issues: sql`1`,
    issues_solved: sql`x.solved::int`,
    joins: sql`1`,
    leaves: sql`1`,
  }
  const columns = sql.join(
    COMMUNITY_MEASURES.map((m) => sql`${SOURCE_MEASURES[source].includes(m) ? values[m]! : sql`0`} AS ${sql.ref(m)}`),
  )
  const community = f.community === undefined ? sql`` : sql`AND x.community_id = ${f.community}`
  const t = f.tenantId
  switch (source) {
    case 'comments':
      return sql`SELECT x.created_at AS at, x.community_id, ${columns} FROM community_comments x
        WHERE x.tenant_id = ${t} AND x.deleted_at IS NULL AND x.created_at >= ${from} AND x.created_at < ${to}
          ${community}`
    case 'issues':
      return sql`SELECT x.created_at AS at, x.community_id, ${columns} FROM community_issues x
        WHERE x.tenant_id = ${t} AND x.created_at >= ${from} AND x.created_at < ${to} ${community}`
    case 'joins':
      return sql`SELECT x.joined_at AS at, x.community_id, ${columns} FROM community_memberships x
        WHERE x.tenant_id = ${t} AND x.joined_at >= ${from} AND x.joined_at < ${to} ${community}`
    case 'leaves':
      return sql`SELECT x.left_at AS at, x.community_id, ${columns} FROM community_memberships x
        WHERE x.tenant_id = ${t} AND x.left_at >= ${from} AND x.left_at < ${to} ${community}`
  }
}

const sourcesOf = (measures: readonly CommunityMeasure[]) =>
  (Object.keys(SOURCE_MEASURES) as Source[]).filter((s) => SOURCE_MEASURES[s].some((m) => measures.includes(m)))

const liveRows = (
  f: CommunityFactFilter,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
  sources: readonly Source[],
) =>
  sql.join(
    sources.map((s) => sourceRows(s, f, from, to)),
    sql` UNION ALL `,
  )

const COLUMNS = sql.join(COMMUNITY_MEASURES.map((m) => sql.ref(m)))
const SUMS = sql.join(COMMUNITY_MEASURES.map((m) => sql`sum(${sql.ref(`x.${m}`)}) AS ${sql.ref(m)}`))

/**
 * Recomputes one tenant's community hour rows for `[from, to)` (whole UTC hours) from the live tables, and the day
 * rows of the whole UTC days in `[from, to)` extended to whole days that end before `sealedUntil`. Called with the
 * chat facts' roll-up, in its transaction.
 */
export async function rollUpCommunities(db: Executor, tenantId: number, from: Date, to: Date, sealedUntil: Date) {
  const a = iso(from)
  const b = iso(to)
  await sql`DELETE FROM analytics_community_hours WHERE tenant_id = ${tenantId} AND hour >= ${a}::timestamptz
    AND hour < ${b}::timestamptz`.execute(db)
  const all = liveRows({ tenantId }, sql`${a}::timestamptz`, sql`${b}::timestamptz`, sourcesOf(COMMUNITY_MEASURES))
  await sql`INSERT INTO analytics_community_hours (tenant_id, hour, community_id, ${COLUMNS})
    SELECT ${tenantId}, date_trunc('hour', x.at, 'UTC'), x.community_id, ${SUMS}
    FROM (${all}) x
    GROUP BY 2, 3`.execute(db)
  await rollUpDays(
    db,
    'analytics_community_days',
    tenantId,
    from,
    to,
    sealedUntil,
    (a, b) =>
      sql`INSERT INTO analytics_community_days (tenant_id, day, community_id, ${COLUMNS})
      SELECT x.tenant_id, date_trunc('day', x.hour, 'UTC'), x.community_id, ${SUMS}
      FROM analytics_community_hours x
      WHERE x.tenant_id = ${tenantId} AND x.hour >= ${a} AND x.hour < ${b}
      GROUP BY 1, 2, 3`,
  )
}

/**
 * The community facts of each bucket `[edges[i-1], edges[i])` (bucket i, 1-based), summed over the filter's
 * communities, read from day rows, hour rows and the live tables as `coverage` cuts them, in one statement. Only the
 * live sources of `measures` are scanned; a bucket without any fact has no entry.
 */
export async function communityFactsByBucket(
  db: Executor,
  f: CommunityFactFilter,
  edges: readonly Date[],
  measures: readonly CommunityMeasure[],
): Promise<Map<number, CommunityFacts>> {
  if (edges.length < 2) return new Map()
  const pieces = await piecesOf(db, { tenantId: f.tenantId, live: f.live }, edges)
  const parts: RawBuilder<unknown>[] = []
  for (const level of ['day', 'hour', 'live'] as const) {
    const of = pieces.filter((p) => p.level === level)
    if (of.length === 0) continue
    // One index range per piece, counted in its bucket (as in factsByBucket).
    const ranges = pieceRanges(of)
    if (level === 'live') {
      parts.push(sql`SELECT r.b, x.* FROM ${ranges}
        CROSS JOIN LATERAL (${liveRows(f, sql`r.f`, sql`r.t`, sourcesOf(measures))} OFFSET 0) x`)
    } else {
      const table = level === 'day' ? sql`analytics_community_days` : sql`analytics_community_hours`
      const at = level === 'day' ? sql`k.day` : sql`k.hour`
      const community = f.community === undefined ? sql`` : sql`AND k.community_id = ${f.community}`
      parts.push(sql`SELECT r.b, y.* FROM ${ranges} CROSS JOIN LATERAL (
          SELECT ${at} AS at, k.community_id, ${sql.join(COMMUNITY_MEASURES.map((m) => sql.ref(`k.${m}`)))}
          FROM ${table} k WHERE k.tenant_id = ${f.tenantId} AND ${at} >= r.f AND ${at} < r.t ${community}
          OFFSET 0
        ) y`)
    }
  }
  if (parts.length === 0) return new Map()
  const { rows } = await sql<Record<string, string | number>>`
    SELECT x.b, ${SUMS} FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY 1`.execute(db)
  return new Map(
    rows.map((r) => [
      Number(r.b),
      Object.fromEntries(COMMUNITY_MEASURES.map((m) => [m, Number(r[m] ?? 0)])) as CommunityFacts,
    ]),
  )
}

/** The beginning of any tenant's history: a cumulative count reads `[HISTORY_START, from)` before its window. */
export const HISTORY_START = new Date(0)

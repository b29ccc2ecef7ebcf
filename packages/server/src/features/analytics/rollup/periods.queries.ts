import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { PeriodUnit } from '../window.js'
import { activeChats, distinctChatsPerBucket, distinctOwnersPerBucket } from './presence.queries.js'

/*
 * Distinct counts per whole calendar period in a tenant's time zone (migration 0023), which no sum of hours or UTC
 * days gives: the chats with a message and the chats escalated (per channel), the customers who wrote, the client
 * actions in communities and the clients who acted (per community and for all). The periods are computed with the
 * same readers the live series use (the active chats of each hour, the community tables), so a stored period and a
 * live one are the same number.
 */

export const PERIOD_MEASURES = [
  'chats_with_messages',
  'escalated_chats',
  'active_customers',
  'community_actions',
  'community_participants',
] as const
export type PeriodMeasure = (typeof PERIOD_MEASURES)[number]

/** The periods of one unit in one time zone. */
type Grid = { timeZone: string; unit: PeriodUnit }

/** The periods of one unit in one time zone that are filled: every one from `filledFrom` to `filledUntil`. */
export type PeriodFill = { timeZone: string; unit: PeriodUnit; filledFrom: Date; filledUntil: Date }

const iso = (d: Date) => d.toISOString()

/** The tenant's filled periods, per unit and time zone. */
export async function periodFills(db: Executor, tenantId: number): Promise<PeriodFill[]> {
  const { rows } = await sql<{
    time_zone: string
    unit: PeriodUnit
    filled_from: Date | string
    filled_until: Date | string
  }>`SELECT time_zone, unit, filled_from, filled_until FROM analytics_period_fills
    WHERE tenant_id = ${tenantId}`.execute(db)
  return rows.map((r) => ({
    timeZone: r.time_zone,
    unit: r.unit,
    filledFrom: new Date(r.filled_from),
    filledUntil: new Date(r.filled_until),
  }))
}

/** Records what is filled for a unit and time zone, and when the next period ends. */
export async function setPeriodFill(db: Executor, tenantId: number, fill: PeriodFill, nextDue: Date) {
  await sql`INSERT INTO analytics_period_fills (tenant_id, time_zone, unit, filled_from, filled_until, next_due)
    VALUES (${tenantId}, ${fill.timeZone}, ${fill.unit}, ${iso(fill.filledFrom)}::timestamptz,
      ${iso(fill.filledUntil)}::timestamptz, ${iso(nextDue)}::timestamptz)
    ON CONFLICT (tenant_id, unit, time_zone) DO UPDATE SET filled_from = excluded.filled_from,
      filled_until = excluded.filled_until, next_due = excluded.next_due`.execute(db)
}

/**
 * The tenants whose period counts have work: a unit not started in their time zone, a period due by `sealedUntil`,
 * stale periods marked longer ago than their unit's delay (any, with `delays` null), or periods of another time
 * zone to forget.
 */
export async function tenantsToFill(
  db: Executor,
  sealedUntil: Date,
  units: number,
  delays: Record<PeriodUnit, number> | null,
): Promise<{ tenantId: number; timeZone: string; createdAt: Date }[]> {
  const due = delays
    ? sql`AND s.marked_at <= clock_timestamp() - make_interval(secs => CASE s.unit WHEN 'day' THEN ${delays.day / 1000}::float8
        WHEN 'week' THEN ${delays.week / 1000}::float8 ELSE ${delays.month / 1000}::float8 END)`
    : sql``
  const { rows } = await sql<{ id: number | string; timezone: string; created_at: Date | string }>`
    SELECT t.id, t.timezone, t.created_at FROM tenants t
    WHERE (SELECT count(*) FROM analytics_period_fills f WHERE f.tenant_id = t.id AND f.time_zone = t.timezone) < ${units}
      OR EXISTS (SELECT 1 FROM analytics_period_fills f WHERE f.tenant_id = t.id
        AND (f.time_zone <> t.timezone OR f.next_due <= ${iso(sealedUntil)}::timestamptz))
      OR EXISTS (SELECT 1 FROM analytics_period_stale s WHERE s.tenant_id = t.id ${due})
    ORDER BY t.id`.execute(db)
  return rows.map((r) => ({ tenantId: Number(r.id), timeZone: r.timezone, createdAt: new Date(r.created_at) }))
}

/** Forgets the tenant's periods in every time zone but `keep` (after a change of the tenant's time zone). */
export async function dropOtherTimeZones(db: Executor, tenantId: number, keep: string) {
  await sql`DELETE FROM analytics_period_fills WHERE tenant_id = ${tenantId} AND time_zone <> ${keep}`.execute(db)
  await sql`DELETE FROM analytics_period_stale WHERE tenant_id = ${tenantId} AND time_zone <> ${keep}`.execute(db)
  await sql`DELETE FROM analytics_period_counts WHERE tenant_id = ${tenantId} AND time_zone <> ${keep}`.execute(db)
}

/** Marks filled periods stale (their hours were rolled again); a period already marked keeps its first mark. */
export async function markStale(db: Executor, tenantId: number, grid: Grid, starts: readonly Date[]) {
  if (starts.length === 0) return
  await sql`INSERT INTO analytics_period_stale (tenant_id, time_zone, unit, period_start)
    SELECT ${tenantId}, ${grid.timeZone}, ${grid.unit}, s FROM unnest(${starts.map(iso)}::timestamptz[]) AS s
    ON CONFLICT DO NOTHING`.execute(db)
}

/** The stale periods starting in `[from, to)`, by start (epoch ms). */
export async function staleStarts(db: Executor, tenantId: number, grid: Grid, from: Date, to: Date) {
  const { rows } = await sql<{ period_start: Date | string }>`
    SELECT period_start FROM analytics_period_stale
    WHERE tenant_id = ${tenantId} AND unit = ${grid.unit} AND time_zone = ${grid.timeZone}
      AND period_start >= ${iso(from)}::timestamptz AND period_start < ${iso(to)}::timestamptz`.execute(db)
  return new Set(rows.map((r) => new Date(r.period_start).getTime()))
}

/**
 * The oldest (at most `limit`) stale periods of a unit first marked at least `delayMs` ago by the database's clock
 * (any, with `delayMs` null), by start.
 */
export async function dueStale(db: Executor, tenantId: number, grid: Grid, delayMs: number | null, limit: number) {
  const { rows } = await sql<{ period_start: Date | string }>`
    SELECT period_start FROM analytics_period_stale
    WHERE tenant_id = ${tenantId} AND unit = ${grid.unit} AND time_zone = ${grid.timeZone}
      ${delayMs === null ? sql`` : sql`AND marked_at <= clock_timestamp() - make_interval(secs => ${delayMs / 1000})`}
    ORDER BY period_start LIMIT ${limit}`.execute(db)
  return rows.map((r) => new Date(r.period_start))
}

/** Forgets stale marks of periods just computed again. */
export async function clearStale(db: Executor, tenantId: number, grid: Grid, starts: readonly Date[]) {
  await sql`DELETE FROM analytics_period_stale
    WHERE tenant_id = ${tenantId} AND unit = ${grid.unit} AND time_zone = ${grid.timeZone}
      AND period_start = ANY(${starts.map(iso)}::timestamptz[])`.execute(db)
}

/**
 * The stored values of `measures` for the periods starting in `[from, to)`, summed over `keys` (all keys when
 * undefined), by measure and period start (epoch ms). A filled period without a row is 0.
 */
export async function storedPeriodCounts(
  db: Executor,
  tenantId: number,
  measures: readonly PeriodMeasure[],
  grid: Grid,
  from: Date,
  to: Date,
  keys: readonly string[] | undefined,
): Promise<Map<PeriodMeasure, Map<number, number>>> {
  const { rows } = await sql<{ measure: PeriodMeasure; period_start: Date | string; n: string | number }>`
    SELECT measure, period_start, sum(value) AS n FROM analytics_period_counts
    WHERE tenant_id = ${tenantId} AND measure = ANY(${[...measures]}::text[]) AND time_zone = ${grid.timeZone}
      AND unit = ${grid.unit} AND period_start >= ${iso(from)}::timestamptz AND period_start < ${iso(to)}::timestamptz
      ${keys === undefined ? sql`` : sql`AND key = ANY(${[...keys]}::text[])`}
    GROUP BY measure, period_start`.execute(db)
  const out = new Map(measures.map((m) => [m, new Map<number, number>()]))
  for (const r of rows) out.get(r.measure)?.set(new Date(r.period_start).getTime(), Number(r.n))
  return out
}

/** The client actions in communities: issues raised, comments (not deleted, not staff), reactions and joins. */
export function involvementRows(
  tenantId: number,
  community: number | undefined,
  from: string,
  to: string,
): RawBuilder<unknown> {
  const inCommunity = (alias: string) =>
    community === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.community_id`)} = ${community}`
  return sql`
    SELECT i.created_at AS at, i.client_id, i.community_id FROM community_issues i
    WHERE i.tenant_id = ${tenantId} AND i.created_at >= ${from}::timestamptz AND i.created_at < ${to}::timestamptz
      ${inCommunity('i')}
    UNION ALL
    SELECT c.created_at, c.client_id, c.community_id FROM community_comments c
    WHERE c.tenant_id = ${tenantId} AND c.created_at >= ${from}::timestamptz AND c.created_at < ${to}::timestamptz
      AND c.deleted_at IS NULL AND c.client_id IS NOT NULL ${inCommunity('c')}
    UNION ALL
    SELECT r.created_at, r.client_id, rc.community_id FROM comment_reactions r
    JOIN community_comments rc ON rc.tenant_id = r.tenant_id AND rc.id = r.comment_id
    WHERE r.tenant_id = ${tenantId} AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz
      ${inCommunity('rc')}
    UNION ALL
    SELECT m.joined_at, m.client_id, m.community_id FROM community_memberships m
    WHERE m.tenant_id = ${tenantId} AND m.joined_at >= ${from}::timestamptz AND m.joined_at < ${to}::timestamptz
      ${inCommunity('m')}`
}

/**
 * Computes and stores every measure of the periods `[edges[i-1], edges[i])` (whole periods of `grid`), replacing
 * what was stored for them.
 */
export async function replacePeriodCounts(db: Executor, tenantId: number, grid: Grid, edges: readonly Date[]) {
  if (edges.length < 2) return
  const from = iso(edges[0]!)
  const to = iso(edges.at(-1)!)
  await sql`DELETE FROM analytics_period_counts
    WHERE tenant_id = ${tenantId} AND time_zone = ${grid.timeZone} AND unit = ${grid.unit}
      AND period_start >= ${from}::timestamptz AND period_start < ${to}::timestamptz`.execute(db)
  const starts = sql`${edges.slice(0, -1).map(iso)}::timestamptz[]`
  const insert = (rows: RawBuilder<unknown>) =>
    sql`INSERT INTO analytics_period_counts (tenant_id, measure, time_zone, unit, period_start, key, value)
      SELECT ${tenantId}, x.measure, ${grid.timeZone}, ${grid.unit}, (${starts})[x.b], x.key, x.n
      FROM (${rows}) x WHERE x.n > 0`.execute(db)
  const f = { tenantId }
  const withMessages = distinctChatsPerBucket(await activeChats(db, f, edges, 'messages'), true)
  await insert(sql`SELECT 'chats_with_messages' AS measure, y.* FROM (${withMessages}) y`)
  const escalated = distinctChatsPerBucket(await activeChats(db, f, edges, 'escalations'), true)
  await insert(sql`SELECT 'escalated_chats' AS measure, y.* FROM (${escalated}) y`)
  const owners = distinctOwnersPerBucket(await activeChats(db, f, edges, 'customer_messages'))
  await insert(sql`SELECT 'active_customers' AS measure, y.b, '' AS key, y.n FROM (${owners}) y`)
  await insert(sql`
    SELECT m.measure, y.b, y.key, m.n
    FROM (
      SELECT x.b, coalesce(x.community_id::text, '') AS key, count(*) AS actions,
        count(DISTINCT x.client_id) AS participants
      FROM (
        SELECT width_bucket(i.at, ${edges.map(iso)}::timestamptz[]) AS b, i.client_id, i.community_id
        FROM (${involvementRows(tenantId, undefined, from, to)}) i
      ) x
      GROUP BY GROUPING SETS ((x.b, x.community_id), (x.b))
    ) y
    CROSS JOIN LATERAL (VALUES ('community_actions', y.actions), ('community_participants', y.participants)) m (measure, n)`)
}

import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { coverage, DAY_MS, HOUR_MS, type Piece, type RollupState } from './coverage.js'

/*
 * The chat facts the rollups hold (migration 0016), defined once: rolling an hour up and reading a live piece both
 * aggregate these same rows, so the two can only differ if the rollup is stale, which the dirty marks rule out.
 *
 * Each source gives rows `(at, channel, topic_id, <measures>)` for one tenant and a time range:
 * - chats at `created_at`: chats, by current status;
 * - messages at `sent_at` (deleted ones too, contract §4.5): messages, voice messages (`voice_mime_type`, which a
 *   deletion keeps) with their known lengths and sizes;
 * - events at `occurred_at`: escalations, and response samples (`first_response`/`reply` with a wait);
 * - ratings at `rated_at`: the chat's latest rating, by stars.
 * Channel and topic are the chat's current ones (topic 0: none). The rollups also hold the sums over all channels
 * (channel '*') and over all topics (topic −1).
 */

export const MEASURES = [
  'chats',
  'chats_open',
  'chats_pending',
  'chats_resolved',
  'messages',
  'voice_messages',
  'voice_timed',
  'voice_ms',
  'voice_bytes',
  'escalations',
  'replies',
  'wait_seconds',
  'rated_1',
  'rated_2',
  'rated_3',
  'rated_4',
  'rated_5',
] as const
export type Measure = (typeof MEASURES)[number]
export type Facts = Record<Measure, number>

export type FactSource = 'chats' | 'messages' | 'events' | 'ratings'

/** Every measure a source fills (the others are 0 in its rows). */
const SOURCE_MEASURES: Record<FactSource, Partial<Record<Measure, RawBuilder<unknown>>>> = {
  chats: {
    chats: sql`1`,
    chats_open: sql`(c.status = 'open')::int`,
    chats_pending: sql`(c.status = 'pending')::int`,
    chats_resolved: sql`(c.status = 'resolved')::int`,
  },
  messages: {
    messages: sql`1`,
    voice_messages: sql`(m.voice_mime_type IS NOT NULL)::int`,
    voice_timed: sql`(m.voice_mime_type IS NOT NULL AND m.voice_duration_ms IS NOT NULL)::int`,
    voice_ms: sql`CASE WHEN m.voice_mime_type IS NOT NULL THEN coalesce(m.voice_duration_ms, 0) ELSE 0 END`,
    voice_bytes: sql`CASE WHEN m.voice_mime_type IS NOT NULL THEN coalesce(m.voice_size_bytes, 0) ELSE 0 END`,
  },
  events: {
    escalations: sql`(e.kind = 'escalated')::int`,
    replies: sql`(e.kind <> 'escalated' AND e.wait_seconds IS NOT NULL)::int`,
    wait_seconds: sql`CASE WHEN e.kind <> 'escalated' THEN coalesce(e.wait_seconds, 0) ELSE 0 END`,
  },
  ratings: {
    rated_1: sql`(c.satisfaction_rating = 1)::int`,
    rated_2: sql`(c.satisfaction_rating = 2)::int`,
    rated_3: sql`(c.satisfaction_rating = 3)::int`,
    rated_4: sql`(c.satisfaction_rating = 4)::int`,
    rated_5: sql`(c.satisfaction_rating = 5)::int`,
  },
}

/** Which sources fill which measures: a read of some measures scans only their sources live. */
export function sourcesOf(measures: readonly Measure[]): FactSource[] {
  return (Object.keys(SOURCE_MEASURES) as FactSource[]).filter((s) =>
    measures.some((m) => SOURCE_MEASURES[s][m] !== undefined),
  )
}

/**
 * What narrows the facts beyond the tenant: the chat's channels and current topic. `live` reads everything from the
 * live tables (the equality test's reference).
 */
export type FactFilter = {
  tenantId: number
  channels?: readonly string[] | undefined
  topicId?: number | undefined
  live?: boolean | undefined
}

const iso = (ms: number | Date) => new Date(ms).toISOString()

function chatFilter(f: FactFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.channels) parts.push(sql`AND c.channel = ANY(${[...f.channels]}::text[])`)
  if (f.topicId !== undefined) parts.push(sql`AND c.topic_id = ${f.topicId}`)
  return sql.join(parts, sql` `)
}

/**
 * Joins a message or event row `row` to its chat `c`. `byKey` looks the chat up by its key for each row (`OFFSET 0`
 * keeps the planner from turning it into a hash join over all the tenant's chats, which costs far more than the few
 * rows of a live piece); otherwise a plain join, which the planner hashes when rolling up long ranges.
 */
const withChat = (row: 'm' | 'e', byKey: boolean) =>
  byKey
    ? sql`CROSS JOIN LATERAL (SELECT c.channel, c.topic_id FROM chats c
        WHERE c.tenant_id = ${sql.ref(`${row}.tenant_id`)} AND c.id = ${sql.ref(`${row}.chat_id`)} OFFSET 0) c`
    : sql`JOIN chats c ON c.tenant_id = ${sql.ref(`${row}.tenant_id`)} AND c.id = ${sql.ref(`${row}.chat_id`)}`

/**
 * One source's rows in `[from, to)` as `(at, channel, topic_id, <all measures>)`; the bounds are SQL `timestamptz`
 * expressions (parameters, or a lateral range's columns).
 */
function sourceRows(
  source: FactSource,
  f: FactFilter,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
  byKey: boolean,
) {
  const filled = SOURCE_MEASURES[source]
  const columns = sql.join(MEASURES.map((m) => sql`${filled[m] ?? sql`0`} AS ${sql.ref(m)}`))
  const dims = sql`c.channel, coalesce(c.topic_id, 0) AS topic_id`
  const t = f.tenantId
  switch (source) {
    case 'chats':
      return sql`SELECT c.created_at AS at, ${dims}, ${columns} FROM chats c
        WHERE c.tenant_id = ${t} AND c.created_at >= ${from} AND c.created_at < ${to}
          ${chatFilter(f)}`
    case 'ratings':
      return sql`SELECT c.rated_at AS at, ${dims}, ${columns} FROM chats c
        WHERE c.tenant_id = ${t} AND c.rated_at >= ${from} AND c.rated_at < ${to}
          AND c.satisfaction_rating IS NOT NULL ${chatFilter(f)}`
    case 'messages':
      return sql`SELECT m.sent_at AS at, ${dims}, ${columns}
        FROM chat_messages m ${withChat('m', byKey)}
        WHERE m.tenant_id = ${t} AND m.sent_at >= ${from} AND m.sent_at < ${to}
          ${chatFilter(f)}`
    case 'events':
      return sql`SELECT e.occurred_at AS at, ${dims}, ${columns}
        FROM chat_events e ${withChat('e', byKey)}
        WHERE e.tenant_id = ${t} AND e.kind IN ('escalated', 'first_response', 'reply')
          AND e.occurred_at >= ${from} AND e.occurred_at < ${to} ${chatFilter(f)}`
  }
}

/** The given sources' rows in `[from, to)`. */
function factRows(
  f: FactFilter,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
  sources: readonly FactSource[],
  byKey: boolean,
) {
  return sql.join(
    sources.map((s) => sourceRows(s, f, from, to, byKey)),
    sql` UNION ALL `,
  )
}

const SUMS = sql.join(MEASURES.map((m) => sql`sum(${sql.ref(`x.${m}`)}) AS ${sql.ref(m)}`))

/**
 * Recomputes one tenant's hour rows for `[from, to)` (whole UTC hours) from the live tables, and then the day rows
 * of the whole UTC days in `[from, to)` extended to whole days, that end before `sealedUntil`.
 */
export async function rollUp(db: Executor, tenantId: number, from: Date, to: Date, sealedUntil: Date) {
  const a = iso(from)
  const b = iso(to)
  await sql`DELETE FROM analytics_hours WHERE tenant_id = ${tenantId} AND hour >= ${a}::timestamptz
    AND hour < ${b}::timestamptz`.execute(db)
  // One row per channel and topic, and the same summed over topics (topic −1), over channels ('*') and over both,
  // so that a read without a filter or grouping reads one row per hour or day.
  await sql`INSERT INTO analytics_hours (tenant_id, hour, channel, topic_id, ${sql.join(MEASURES.map((m) => sql.ref(m)))})
    SELECT ${tenantId}, x.h, coalesce(x.channel, '*'), coalesce(x.topic_id, -1), ${SUMS}
    FROM (
      SELECT date_trunc('hour', y.at, 'UTC') AS h, y.*
      FROM (${factRows({ tenantId }, sql`${a}::timestamptz`, sql`${b}::timestamptz`, ['chats', 'messages', 'events', 'ratings'], false)}) y
    ) x
    GROUP BY GROUPING SETS ((x.h, x.channel, x.topic_id), (x.h, x.channel), (x.h, x.topic_id), (x.h))`.execute(db)
  await rollUpDays(
    db,
    'analytics_days',
    tenantId,
    from,
    to,
    sealedUntil,
    (a, b) =>
      sql`INSERT INTO analytics_days (tenant_id, day, channel, topic_id, ${sql.join(MEASURES.map((m) => sql.ref(m)))})
      SELECT tenant_id, date_trunc('day', hour, 'UTC'), channel, topic_id,
        ${sql.join(MEASURES.map((m) => sql`sum(${sql.ref(m)})`))}
      FROM analytics_hours
      WHERE tenant_id = ${tenantId} AND hour >= ${a} AND hour < ${b}
      GROUP BY 1, 2, 3, 4`,
  )
}

/**
 * Rolls one tenant's rows of the day table `days` up again from its hour rows, for the whole UTC days of `[from, to)`
 * extended to whole days, that end before `sealedUntil`: deletes them, then runs `insert` with the range's bounds
 * (SQL instants) for the hour rows to sum.
 */
export async function rollUpDays(
  db: Executor,
  days: 'analytics_days' | 'analytics_chat_days' | 'analytics_community_days',
  tenantId: number,
  from: Date,
  to: Date,
  sealedUntil: Date,
  insert: (a: RawBuilder<unknown>, b: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  const dayFrom = Math.floor(from.getTime() / DAY_MS) * DAY_MS
  const dayTo = Math.min(Math.ceil(to.getTime() / DAY_MS), Math.floor(sealedUntil.getTime() / DAY_MS)) * DAY_MS
  if (dayTo <= dayFrom) return
  const a = sql`${iso(dayFrom)}::timestamptz`
  const b = sql`${iso(dayTo)}::timestamptz`
  await sql`DELETE FROM ${sql.table(days)} WHERE tenant_id = ${tenantId} AND day >= ${a} AND day < ${b}`.execute(db)
  await insert(a, b).execute(db)
}

/** The sealing watermark and the tenant's dirty hours in `[from, to)`. */
export async function rollupState(db: Executor, tenantId: number, from: Date, to: Date): Promise<RollupState> {
  const { rows } = await sql<{ sealed_until: Date | string | null; hours: (Date | string)[] | null }>`
    SELECT s.sealed_until, (
        SELECT array_agg(d.hour) FROM analytics_rollup_dirty d
        WHERE d.tenant_id = ${tenantId} AND d.hour >= ${iso(from.getTime() - HOUR_MS)}::timestamptz
          AND d.hour < ${iso(to)}::timestamptz
      ) AS hours
    FROM analytics_rollup_state s`.execute(db)
  const row = rows[0]
  const sealed = row?.sealed_until ? new Date(row.sealed_until) : null
  return { sealedUntil: sealed, dirtyHours: new Set((row?.hours ?? []).map((h) => new Date(h).getTime())) }
}

/** The pieces of the buckets `[edges[i-1], edges[i])`, as `coverage` cuts them now (all live with `f.live`). */
export async function piecesOf(db: Executor, f: FactFilter, edges: readonly Date[]): Promise<Piece[]> {
  const state: RollupState =
    f.live === true
      ? { sealedUntil: null, dirtyHours: new Set() }
      : await rollupState(db, f.tenantId, edges[0]!, edges[edges.length - 1]!)
  return coverage(edges, state)
}

/** Pieces as a set-returning `FROM` item `r (f, t, b)`: each piece's bounds and its bucket. */
export const pieceRanges = (pieces: readonly Piece[]) =>
  sql`unnest(${pieces.map((p) => iso(p.from))}::timestamptz[], ${pieces.map((p) => iso(p.to))}::timestamptz[],
    ${pieces.map((p) => p.b)}::int[]) AS r (f, t, b)`

/** Sums of the facts per bucket and, when asked, per channel and topic. */
export type FactRow = Facts & { b: number; channel: string; topic_id: number }

/**
 * The facts of each bucket `[edges[i-1], edges[i])` (bucket i, 1-based), read from day rows, hour rows and the
 * live tables as `coverage` cuts them, in one statement. Rows are per bucket, and per channel and topic when
 * `by` asks (else channel '' and topic 0). Measures the caller does not need are summed from the rollups anyway
 * (they are in the same rows) but their live sources are not scanned unless `measures` names them. With `f.live`
 * everything is read live.
 */
export async function factsByBucket(
  db: Executor,
  f: FactFilter,
  edges: readonly Date[],
  o: { measures: readonly Measure[]; by?: { channel?: boolean; topic?: boolean } },
): Promise<FactRow[]> {
  if (edges.length < 2) return []
  const pieces = await piecesOf(db, f, edges)
  const channel = o.by?.channel ? sql`x.channel` : sql`''`
  const topic = o.by?.topic ? sql`x.topic_id` : sql`0::bigint`
  const parts: RawBuilder<unknown>[] = []
  for (const level of ['day', 'hour', 'live'] as const) {
    const of = pieces.filter((p) => p.level === level)
    if (of.length === 0) continue
    // Each piece is scanned on its own (an index range per piece), and counted in its bucket; `OFFSET 0` keeps the
    // planner from scanning the tenant's whole rollup and testing every row against every piece instead.
    const ranges = pieceRanges(of)
    if (level === 'live') {
      // Short live spans (the usual: the last hour, bucket edges) look chats up by key; long ones (nothing rolled up
      // yet) join them.
      const span = of.reduce((sum, p) => sum + (p.to - p.from), 0)
      const rows = factRows(f, sql`r.f`, sql`r.t`, sourcesOf(o.measures), span <= 2 * DAY_MS)
      parts.push(sql`SELECT r.b, x.* FROM ${ranges} CROSS JOIN LATERAL (${rows} OFFSET 0) x`)
    } else {
      const table = level === 'day' ? sql`analytics_days` : sql`analytics_hours`
      const at = level === 'day' ? sql`k.day` : sql`k.hour`
      const conditions = [sql`k.tenant_id = ${f.tenantId}`, sql`${at} >= r.f`, sql`${at} < r.t`]
      // The coarsest rows that answer: totals ('*', −1) unless a channel or topic is filtered or grouped by.
      if (f.channels) conditions.push(sql`k.channel = ANY(${[...f.channels]}::text[])`)
      else conditions.push(o.by?.channel ? sql`k.channel <> '*'` : sql`k.channel = '*'`)
      if (f.topicId !== undefined) conditions.push(sql`k.topic_id = ${f.topicId}`)
      else conditions.push(o.by?.topic ? sql`k.topic_id <> -1` : sql`k.topic_id = -1`)
      parts.push(sql`SELECT r.b, y.* FROM ${ranges} CROSS JOIN LATERAL (
          SELECT ${at} AS at, k.channel, k.topic_id, ${sql.join(MEASURES.map((m) => sql.ref(`k.${m}`)))}
          FROM ${table} k WHERE ${sql.join(conditions, sql` AND `)}
          OFFSET 0
        ) y`)
    }
  }
  if (parts.length === 0) return []
  const { rows } = await sql<Record<string, string | number>>`
    SELECT x.b, ${channel} AS channel, ${topic} AS topic_id, ${SUMS}
    FROM (${sql.join(parts, sql` UNION ALL `)}) x
    GROUP BY 1, 2, 3`.execute(db)
  return rows.map((r) => {
    const out = { b: Number(r.b), channel: String(r.channel), topic_id: Number(r.topic_id) } as FactRow
    for (const m of MEASURES) out[m] = Number(r[m] ?? 0)
    return out
  })
}

/** Adds rows' measures together (e.g. all channels of a bucket). */
export function sumFacts(rows: readonly Facts[]): Facts {
  const total = Object.fromEntries(MEASURES.map((m) => [m, 0])) as Facts
  for (const r of rows) for (const m of MEASURES) total[m] += r[m]
  return total
}

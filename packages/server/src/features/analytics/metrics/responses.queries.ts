import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { factsByBucket, sumFacts, type FactFilter } from '../rollup/facts.queries.js'

/*
 * Response-time facts (contract §7.5). A sample is a `first_response` or `reply` chat event with a `wait_seconds`:
 * the chat write path records it when a human reply ends a waiting period, at the reply time (`occurred_at`).
 * Filters: the chat's channel and current topic, and the staff member who replied (`actor_user_id`).
 *
 * Sample counts and total seconds add up across hours: without a replier filter they come from the rollups
 * (rollup/facts.queries.ts, which read the same samples live where nothing is rolled up), with one from the samples
 * themselves (the rollups do not know who replied). The mean is total ÷ count on both paths. Medians and
 * percentiles do not add up, so they are always read from the samples, through the covering index of migration 0017.
 */

export type Span = { from: Date; to: Date }

/** What narrows the response-time facts beyond the tenant. */
export type ResponseFilter = {
  tenantId: number
  channel?: readonly string[] | undefined
  topicId?: number | undefined
  /** The replying staff member for samples; the chat's current assignee for waiting periods nobody answered. */
  assignee?: number | undefined
  /** Read sums from the live tables only (the rollup equality reference). */
  live?: boolean | undefined
}

/** Sample count and total seconds. */
export type WaitSums = { n: number; total: number }
/** Interpolated median and 90th percentile (linear interpolation between ranks), in seconds. */
export type Percentiles = { median: number | null; p90: number | null }
/** Mean, median and 90th percentile of a set of seconds, and its size. */
export type WaitStats = Percentiles & { n: number; mean: number | null }

/** An instant as a `timestamptz` parameter. */
export const iso = (d: Date) => d.toISOString()

/** The chat's channel among those given (alias `c`); nothing when none are given. */
export const channelCondition = (channel: readonly string[] | undefined): RawBuilder<unknown> =>
  channel?.length ? sql`AND c.channel = ANY(${[...channel]}::text[])` : sql``

/** Whether the chat filters need the chat row. */
const filtersChats = (f: ResponseFilter) => Boolean(f.channel?.length) || f.topicId !== undefined

/** The chat filters (alias `c`). */
function chatConditions(f: ResponseFilter): RawBuilder<unknown> {
  return f.topicId === undefined
    ? channelCondition(f.channel)
    : sql`${channelCondition(f.channel)} AND c.topic_id = ${f.topicId}`
}

/** Joins the chat `c` of events `e` when a chat filter needs it, with those filters. */
const eventChats = (f: ResponseFilter) =>
  filtersChats(f) ? sql`JOIN chats c ON c.tenant_id = e.tenant_id AND c.id = e.chat_id` : sql``
const eventChatConditions = (f: ResponseFilter) => (filtersChats(f) ? chatConditions(f) : sql``)

const replierCondition = (f: ResponseFilter) =>
  f.assignee === undefined ? sql`` : sql`AND e.actor_user_id = ${f.assignee}`

/** The samples whose reply falls in `[from, to)` (SQL instants), as `s(w, at)`; `w` is exact (numeric). */
function samplesBetween(f: ResponseFilter, from: RawBuilder<unknown>, to: RawBuilder<unknown>) {
  return sql`
    SELECT e.wait_seconds AS w, e.occurred_at AS at
    FROM chat_events e ${eventChats(f)}
    WHERE e.tenant_id = ${f.tenantId}
      AND e.kind IN ('first_response', 'reply')
      AND e.occurred_at >= ${from} AND e.occurred_at < ${to}
      AND e.wait_seconds IS NOT NULL
      ${replierCondition(f)} ${eventChatConditions(f)}`
}

/** The samples whose reply falls in the span. */
const samples = (f: ResponseFilter, span: Span) =>
  samplesBetween(f, sql`${iso(span.from)}::timestamptz`, sql`${iso(span.to)}::timestamptz`)

const PERCENTILES = sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY s.w::float8) AS median,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY s.w::float8) AS p90`

type SumRow = { n: number | string; total: number | string | null }
const sums = (r: SumRow | undefined): WaitSums => ({ n: Number(r?.n ?? 0), total: Number(r?.total ?? 0) })

export const meanOf = (s: WaitSums): number | null => (s.n === 0 ? null : s.total / s.n)

const factFilter = (f: ResponseFilter): FactFilter => ({
  tenantId: f.tenantId,
  channels: f.channel?.length ? f.channel : undefined,
  topicId: f.topicId,
  live: f.live,
})

/** Count and total seconds of the samples in each bucket `[edges[i-1], edges[i])`, by 1-based bucket index. */
export async function waitSumsByBucket(
  db: Executor,
  f: ResponseFilter,
  edges: readonly Date[],
): Promise<Map<number, WaitSums>> {
  if (edges.length < 2) return new Map()
  if (f.assignee === undefined) {
    const rows = await factsByBucket(db, factFilter(f), edges, { measures: ['replies', 'wait_seconds'] })
    return new Map(rows.map((r) => [r.b, { n: r.replies, total: r.wait_seconds }]))
  }
  const span = { from: edges[0]!, to: edges[edges.length - 1]! }
  const { rows } = await sql<SumRow & { b: number }>`
    SELECT width_bucket(s.at, ${edges.map(iso)}::timestamptz[]) AS b, count(*) AS n, sum(s.w) AS total
    FROM (${samples(f, span)}) s
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), sums(r)]))
}

/** Count and total seconds of the samples in the span. */
export async function waitSums(db: Executor, f: ResponseFilter, span: Span): Promise<WaitSums> {
  if (f.assignee === undefined) {
    const rows = await factsByBucket(db, factFilter(f), [span.from, span.to], {
      measures: ['replies', 'wait_seconds'],
    })
    const total = sumFacts(rows)
    return { n: total.replies, total: total.wait_seconds }
  }
  const { rows } = await sql<SumRow>`
    SELECT count(*) AS n, sum(s.w) AS total FROM (${samples(f, span)}) s`.execute(db)
  return sums(rows[0])
}

/** Median and 90th percentile of the samples in the span. */
export async function waitPercentiles(db: Executor, f: ResponseFilter, span: Span): Promise<Percentiles> {
  const { rows } = await sql<Percentiles>`SELECT ${PERCENTILES} FROM (${samples(f, span)}) s`.execute(db)
  return { median: rows[0]?.median ?? null, p90: rows[0]?.p90 ?? null }
}

/**
 * Median of the samples in each bucket `[edges[i-1], edges[i])`, by 1-based bucket index: one index range and one
 * small sort per bucket, rather than sorting the whole window by bucket first.
 */
export async function waitMediansByBucket(
  db: Executor,
  f: ResponseFilter,
  edges: readonly Date[],
): Promise<Map<number, number | null>> {
  if (edges.length < 2) return new Map()
  const { rows } = await sql<{ b: number | string; median: number | null }>`
    SELECT k.b, (
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s.w::float8)
        FROM (${samplesBetween(f, sql`k.lo`, sql`k.hi`)}) s
      ) AS median
    FROM unnest(${edges.slice(0, -1).map(iso)}::timestamptz[], ${edges.slice(1).map(iso)}::timestamptz[])
      WITH ORDINALITY AS k (lo, hi, b)
    WHERE k.lo < k.hi`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), r.median]))
}

/**
 * First responses: for each chat whose first human reply falls in the span, the seconds from the chat's first
 * customer message to that reply. Chats where staff wrote before the customer did are left out.
 *
 * The first customer message of a chat comes from the customer-message index of migration 0017: for the chats
 * created from a day before the span to its end, whose ids are close together, in one pass over that index's range
 * (the first message before the reply is the chat's first message when it is before the reply at all); for the
 * others one lookup each. Which chats take which way only changes the cost, not the result.
 */
export async function firstResponseStats(db: Executor, f: ResponseFilter, span: Span): Promise<WaitStats> {
  const t = f.tenantId
  const { rows } = await sql<Percentiles & { n: number | string; mean: number | null }>`
    WITH fr AS MATERIALIZED (
      SELECT e.chat_id, e.occurred_at AS at
      FROM chat_events e ${eventChats(f)}
      WHERE e.tenant_id = ${t} AND e.kind = 'first_response'
        AND e.occurred_at >= ${iso(span.from)}::timestamptz AND e.occurred_at < ${iso(span.to)}::timestamptz
        ${replierCondition(f)} ${eventChatConditions(f)}
    ), recent AS MATERIALIZED (
      SELECT (
          SELECT c.id FROM chats c
          WHERE c.tenant_id = ${t} AND c.created_at >= ${iso(span.from)}::timestamptz - interval '1 day'
          ORDER BY c.created_at, c.id LIMIT 1
        ) AS lo, (
          SELECT c.id FROM chats c
          WHERE c.tenant_id = ${t} AND c.created_at < ${iso(span.to)}::timestamptz
          ORDER BY c.created_at DESC, c.id DESC LIMIT 1
        ) AS hi
    ), firsts AS (
      SELECT m.chat_id, min(m.sent_at) AS at
      FROM chat_messages m
      WHERE m.tenant_id = ${t} AND m.message_sender = 'client'
        AND m.chat_id >= (SELECT lo FROM recent) AND m.chat_id <= (SELECT hi FROM recent)
      GROUP BY m.chat_id
    ), s AS (
      SELECT extract(epoch FROM fr.at - CASE
          WHEN fr.chat_id BETWEEN (SELECT lo FROM recent) AND (SELECT hi FROM recent) THEN k.at
          ELSE (SELECT min(m.sent_at) FROM chat_messages m
            WHERE m.tenant_id = ${t} AND m.chat_id = fr.chat_id AND m.message_sender = 'client'
              AND m.sent_at <= fr.at)
        END)::float8 AS w
      FROM fr LEFT JOIN firsts k ON k.chat_id = fr.chat_id
    )
    SELECT count(*) AS n, avg(s.w) AS mean, ${PERCENTILES}
    FROM s
    WHERE s.w >= 0`.execute(db)
  const r = rows[0]
  return { n: Number(r?.n ?? 0), mean: r?.mean ?? null, median: r?.median ?? null, p90: r?.p90 ?? null }
}

/*
 * Unanswered waiting periods: those that started in `[from, to)` and are still open at `to`. In each chat the
 * period open at an instant starts at the first customer message after the last thing that ended one before it (a
 * human or assistant reply, or the chat becoming resolved); at equal instants the ending counts as later. Filters:
 * channel, current topic and current assignee.
 */

/** `count(*)` of the chats `c` whose period open at `to` started in the span, rebuilt from each chat's history. */
function openPeriodStarted(f: ResponseFilter, span: Span) {
  const to = iso(span.to)
  return sql`(
    SELECT min(m.sent_at) FROM chat_messages m
    WHERE m.tenant_id = ${f.tenantId} AND m.chat_id = c.id AND m.message_sender = 'client'
      AND m.sent_at < ${to}::timestamptz
      AND m.sent_at > coalesce(greatest(
        (SELECT max(r.sent_at) FROM chat_messages r
          WHERE r.tenant_id = ${f.tenantId} AND r.chat_id = c.id
            AND r.message_sender IN ('tenant', 'tenant_iva') AND r.sent_at < ${to}::timestamptz),
        (SELECT max(e.occurred_at) FROM chat_events e
          WHERE e.tenant_id = ${f.tenantId} AND e.chat_id = c.id
            AND e.kind = 'resolved' AND e.occurred_at < ${to}::timestamptz)
      ), '-infinity'::timestamptz)
  ) >= ${iso(span.from)}::timestamptz`
}

const assigneeCondition = (f: ResponseFilter) =>
  f.assignee === undefined ? sql`` : sql`AND c.assignee_id = ${f.assignee}`

/**
 * From the chats' current state, for a `to` near now: a chat in which nothing happened at or after `to` waits at
 * `to` as it waits now, and the write path keeps that on the chat: `waiting_since` is the start of the open period
 * (set by a customer message when none is open, cleared by a human reply or a resolve; resolved chats never wait).
 * So the periods are those of the chats whose `waiting_since` is in the span, and of the few chats with a message or
 * a resolve at or after `to`; each is checked against its history, which alone decides.
 */
async function unansweredFromNow(db: Executor, f: ResponseFilter, span: Span): Promise<number> {
  const t = f.tenantId
  const to = iso(span.to)
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n
    FROM (
      SELECT m.chat_id FROM chat_messages m WHERE m.tenant_id = ${t} AND m.sent_at >= ${to}::timestamptz
      UNION
      SELECT e.chat_id FROM chat_events e
      WHERE e.tenant_id = ${t} AND e.kind = 'resolved' AND e.occurred_at >= ${to}::timestamptz
      UNION
      SELECT w.id FROM chats w
      WHERE w.tenant_id = ${t} AND w.status IN ('open', 'pending')
        AND w.waiting_since >= ${iso(span.from)}::timestamptz AND w.waiting_since < ${to}::timestamptz
    ) k
    JOIN chats c ON c.tenant_id = ${t} AND c.id = k.chat_id
    WHERE ${openPeriodStarted(f, span)} ${assigneeCondition(f)} ${chatConditions(f)}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * From the window's own history, for a `to` long past: per chat, the last customer message and the last ending in
 * the window. A period is open at `to` when the customer wrote last; it started in the window when something ended
 * a period in the window, or else when the chat was not waiting just before `from` (looked up for those chats only).
 */
async function unansweredFromHistory(db: Executor, f: ResponseFilter, span: Span): Promise<number> {
  const t = f.tenantId
  const from = iso(span.from)
  const to = iso(span.to)
  const before = (sender: RawBuilder<unknown>) => sql`(SELECT max(m.sent_at) FROM chat_messages m
    WHERE m.tenant_id = ${t} AND m.chat_id = c.id AND ${sender} AND m.sent_at < ${from}::timestamptz)`
  const { rows } = await sql<{ n: string | number }>`
    WITH msgs AS (
      SELECT m.chat_id,
        max(m.sent_at) FILTER (WHERE m.message_sender = 'client') AS last_client,
        max(m.sent_at) FILTER (WHERE m.message_sender <> 'client') AS last_reply
      FROM chat_messages m
      WHERE m.tenant_id = ${t} AND m.sent_at >= ${from}::timestamptz AND m.sent_at < ${to}::timestamptz
      GROUP BY m.chat_id
    ), resolves AS (
      SELECT e.chat_id, max(e.occurred_at) AS last_resolve
      FROM chat_events e
      WHERE e.tenant_id = ${t} AND e.kind = 'resolved'
        AND e.occurred_at >= ${from}::timestamptz AND e.occurred_at < ${to}::timestamptz
      GROUP BY e.chat_id
    ), open_at_to AS (
      SELECT k.chat_id, greatest(k.last_reply, r.last_resolve) AS last_end
      FROM msgs k LEFT JOIN resolves r ON r.chat_id = k.chat_id
      WHERE k.last_client > coalesce(greatest(k.last_reply, r.last_resolve), '-infinity'::timestamptz)
    )
    SELECT count(*) AS n
    FROM open_at_to o
    JOIN chats c ON c.tenant_id = ${t} AND c.id = o.chat_id
    WHERE (
      o.last_end IS NOT NULL
      OR ${before(sql`m.message_sender = 'client'`)} IS NULL
      OR ${before(sql`m.message_sender = 'client'`)} <= greatest(
        ${before(sql`m.message_sender IN ('tenant', 'tenant_iva')`)},
        (SELECT max(e.occurred_at) FROM chat_events e
          WHERE e.tenant_id = ${t} AND e.chat_id = c.id AND e.kind = 'resolved'
            AND e.occurred_at < ${from}::timestamptz))
    ) ${assigneeCondition(f)} ${chatConditions(f)}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * Waiting periods that started in the span and are still open at its end. Both ways give the same count; the one
 * that reads less is taken: what happened since `to` when `to` is closer to now than the span is long, else what
 * happened in the span.
 */
export async function unansweredCount(db: Executor, f: ResponseFilter, span: Span, now: Date): Promise<number> {
  const sinceTo = now.getTime() - span.to.getTime()
  const length = span.to.getTime() - span.from.getTime()
  return sinceTo <= length ? unansweredFromNow(db, f, span) : unansweredFromHistory(db, f, span)
}

import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'

/*
 * Response-time facts (contract §7.5). A sample is a `first_response` or `reply` chat event with a `wait_seconds`:
 * the chat write path records it when a human reply ends a waiting period, at the reply time (`occurred_at`).
 * Filters: the chat's channel and current topic, and the staff member who replied (`actor_user_id`).
 */

export type Span = { from: Date; to: Date }

/** What narrows the response-time facts beyond the tenant. */
export type ResponseFilter = {
  tenantId: number
  channel?: readonly string[] | undefined
  topicId?: number | undefined
  /** The replying staff member for samples; the chat's current assignee for waiting periods nobody answered. */
  assignee?: number | undefined
}

/** Mean, median and 90th percentile (linear interpolation) of a set of seconds, as PG returns them. */
export type WaitStats = { n: number | string; mean: string | number | null; median: number | null; p90: number | null }
export type BucketWaitStats = WaitStats & { b: number }

/** An instant as a `timestamptz` parameter. */
export const iso = (d: Date) => d.toISOString()

/** The chat's channel among those given (alias `c`); nothing when none are given. */
export const channelCondition = (channel: readonly string[] | undefined): RawBuilder<unknown> =>
  channel?.length ? sql`AND c.channel = ANY(${[...channel]}::text[])` : sql``

/** The chat filters (alias `c`). */
function chatConditions(f: ResponseFilter): RawBuilder<unknown> {
  return f.topicId === undefined
    ? channelCondition(f.channel)
    : sql`${channelCondition(f.channel)} AND c.topic_id = ${f.topicId}`
}

const replierCondition = (f: ResponseFilter) =>
  f.assignee === undefined ? sql`` : sql`AND e.actor_user_id = ${f.assignee}`

const STATS = sql`count(*) AS n, avg(s.w) AS mean,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY s.w) AS median,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY s.w) AS p90`

/** The samples whose reply falls in `[from, to)`, as `s(w, at)`. */
function samples(f: ResponseFilter, span: Span) {
  return sql`
    SELECT e.wait_seconds::float8 AS w, e.occurred_at AS at
    FROM chat_events e
    JOIN chats c ON c.tenant_id = e.tenant_id AND c.id = e.chat_id
    WHERE e.tenant_id = ${f.tenantId}
      AND e.kind IN ('first_response', 'reply')
      AND e.occurred_at >= ${iso(span.from)}::timestamptz AND e.occurred_at < ${iso(span.to)}::timestamptz
      AND e.wait_seconds IS NOT NULL
      ${replierCondition(f)} ${chatConditions(f)}`
}

/** Statistics of the samples whose reply falls in the span. */
export async function waitStats(db: Executor, f: ResponseFilter, span: Span): Promise<WaitStats> {
  const { rows } = await sql<WaitStats>`SELECT ${STATS} FROM (${samples(f, span)}) s`.execute(db)
  return rows[0] as WaitStats
}

/** Statistics per series bucket (1-based index into `bounds`), of the samples in the span. */
export async function waitStatsByBucket(
  db: Executor,
  f: ResponseFilter,
  span: Span,
  bounds: readonly string[],
): Promise<BucketWaitStats[]> {
  if (bounds.length === 0) return []
  const { rows } = await sql<BucketWaitStats>`
    SELECT width_bucket(s.at, ${[...bounds]}::timestamptz[]) AS b, ${STATS}
    FROM (${samples(f, span)}) s
    GROUP BY 1`.execute(db)
  return rows
}

/**
 * First responses: for each chat whose first human reply falls in the span, the seconds from the chat's first
 * customer message to that reply. Chats where staff wrote before the customer did are left out.
 */
export async function firstResponseStats(db: Executor, f: ResponseFilter, span: Span): Promise<WaitStats> {
  const { rows } = await sql<WaitStats>`
    SELECT ${STATS}
    FROM (
      SELECT extract(epoch FROM e.occurred_at - (
          SELECT min(m.sent_at) FROM chat_messages m
          WHERE m.tenant_id = e.tenant_id AND m.chat_id = e.chat_id AND m.message_sender = 'client'
            AND m.sent_at <= e.occurred_at
        ))::float8 AS w
      FROM chat_events e
      JOIN chats c ON c.tenant_id = e.tenant_id AND c.id = e.chat_id
      WHERE e.tenant_id = ${f.tenantId}
        AND e.kind = 'first_response'
        AND e.occurred_at >= ${iso(span.from)}::timestamptz AND e.occurred_at < ${iso(span.to)}::timestamptz
        ${replierCondition(f)} ${chatConditions(f)}
    ) s
    WHERE s.w IS NOT NULL`.execute(db)
  return rows[0] as WaitStats
}

/**
 * Waiting periods that started in `[from, to)` and are still open at `to`, rebuilt from the history: in each chat
 * the period open at `to` starts at the first customer message after the last thing that ended one before `to` (a
 * human or assistant reply, or the chat becoming resolved). At equal instants the ending counts as later. Filters:
 * channel, current topic and current assignee.
 */
export async function unansweredCount(db: Executor, f: ResponseFilter, span: Span): Promise<number> {
  const from = iso(span.from)
  const to = iso(span.to)
  const assignee = f.assignee === undefined ? sql`` : sql`AND c.assignee_id = ${f.assignee}`
  const { rows } = await sql<{ n: string | number }>`
    WITH candidates AS (
      SELECT DISTINCT m.chat_id
      FROM chat_messages m
      JOIN chats c ON c.tenant_id = m.tenant_id AND c.id = m.chat_id
      WHERE m.tenant_id = ${f.tenantId} AND m.sent_at >= ${from}::timestamptz AND m.sent_at < ${to}::timestamptz
        AND m.message_sender = 'client' ${assignee} ${chatConditions(f)}
    ), ended AS (
      SELECT k.chat_id, greatest(
        (SELECT max(r.sent_at) FROM chat_messages r
          WHERE r.tenant_id = ${f.tenantId} AND r.chat_id = k.chat_id
            AND r.message_sender IN ('tenant', 'tenant_iva') AND r.sent_at < ${to}::timestamptz),
        (SELECT max(e.occurred_at) FROM chat_events e
          WHERE e.tenant_id = ${f.tenantId} AND e.chat_id = k.chat_id
            AND e.kind = 'resolved' AND e.occurred_at < ${to}::timestamptz)
      ) AS last_end
      FROM candidates k
    )
    SELECT count(*) AS n
    FROM ended d
    WHERE (
      SELECT min(m.sent_at) FROM chat_messages m
      WHERE m.tenant_id = ${f.tenantId} AND m.chat_id = d.chat_id AND m.message_sender = 'client'
        AND m.sent_at < ${to}::timestamptz AND (d.last_end IS NULL OR m.sent_at > d.last_end)
    ) >= ${from}::timestamptz`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

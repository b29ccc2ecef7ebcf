import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { channelCondition, iso, type Span } from './responses.queries.js'

/*
 * Satisfaction facts (contract §7.6): one rating per chat, `chats.satisfaction_rating`, placed at `chats.rated_at`
 * (a replaced rating counts once, with its latest value and time). Filters: the chat's channel and current assignee.
 */

export type SatisfactionFilter = {
  tenantId: number
  channel?: readonly string[] | undefined
  assignee?: number | undefined
}

export type RatingStats = {
  n: number | string
  satisfied: number | string
  mean: number | string | null
  r1: number | string
  r2: number | string
  r3: number | string
  r4: number | string
  r5: number | string
}
export type BucketRatingStats = RatingStats & { b: number }

/** The chat filters (alias `c`). */
function chatConditions(f: SatisfactionFilter): RawBuilder<unknown> {
  return f.assignee === undefined
    ? channelCondition(f.channel)
    : sql`${channelCondition(f.channel)} AND c.assignee_id = ${f.assignee}`
}

const STATS = sql`count(*) AS n,
  count(*) FILTER (WHERE c.satisfaction_rating >= 4) AS satisfied,
  avg(c.satisfaction_rating) AS mean,
  count(*) FILTER (WHERE c.satisfaction_rating = 1) AS r1,
  count(*) FILTER (WHERE c.satisfaction_rating = 2) AS r2,
  count(*) FILTER (WHERE c.satisfaction_rating = 3) AS r3,
  count(*) FILTER (WHERE c.satisfaction_rating = 4) AS r4,
  count(*) FILTER (WHERE c.satisfaction_rating = 5) AS r5`

const rated = (f: SatisfactionFilter, span: Span) => sql`
  FROM chats c
  WHERE c.tenant_id = ${f.tenantId}
    AND c.rated_at >= ${iso(span.from)}::timestamptz AND c.rated_at < ${iso(span.to)}::timestamptz
    AND c.satisfaction_rating IS NOT NULL
    ${chatConditions(f)}`

/** The ratings whose (latest) time falls in the span. */
export async function ratingStats(db: Executor, f: SatisfactionFilter, span: Span): Promise<RatingStats> {
  const { rows } = await sql<RatingStats>`SELECT ${STATS} ${rated(f, span)}`.execute(db)
  return rows[0] as RatingStats
}

/** The same per series bucket (1-based index into `bounds`). */
export async function ratingStatsByBucket(
  db: Executor,
  f: SatisfactionFilter,
  span: Span,
  bounds: readonly string[],
): Promise<BucketRatingStats[]> {
  if (bounds.length === 0) return []
  const { rows } = await sql<BucketRatingStats>`
    SELECT width_bucket(c.rated_at, ${[...bounds]}::timestamptz[]) AS b, ${STATS} ${rated(f, span)}
    GROUP BY 1`.execute(db)
  return rows
}

/**
 * Chats resolved in the span (at least once, by their `resolved` events), and how many of them had been rated by
 * the span's end (their first rating before `to`).
 */
export async function resolvedRated(
  db: Executor,
  f: SatisfactionFilter,
  span: Span,
): Promise<{ resolved: number | string; rated: number | string }> {
  const { rows } = await sql<{ resolved: number | string; rated: number | string }>`
    SELECT count(*) AS resolved, count(*) FILTER (WHERE c.first_rated_at < ${iso(span.to)}::timestamptz) AS rated
    FROM (
      SELECT DISTINCT e.chat_id FROM chat_events e
      WHERE e.tenant_id = ${f.tenantId} AND e.kind = 'resolved'
        AND e.occurred_at >= ${iso(span.from)}::timestamptz AND e.occurred_at < ${iso(span.to)}::timestamptz
    ) r
    JOIN chats c ON c.tenant_id = ${f.tenantId} AND c.id = r.chat_id
    WHERE TRUE ${chatConditions(f)}`.execute(db)
  return rows[0] as { resolved: number | string; rated: number | string }
}

import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { factsByBucket, sumFacts, type Facts } from '../rollup/facts.queries.js'
import { channelCondition, iso, type Span } from './responses.queries.js'

/*
 * Satisfaction facts (contract §7.6): one rating per chat, `chats.satisfaction_rating`, placed at `chats.rated_at`
 * (a replaced rating counts once, with its latest value and time). Filters: the chat's channel and current assignee.
 *
 * Ratings by stars add up across hours: without an assignee filter they come from the rollups (rated_1..rated_5,
 * read live where nothing is rolled up), with one from the chats (the rollups do not know the assignee). Every other
 * number is derived from the five counts, the same way on both paths.
 */

export type SatisfactionFilter = {
  tenantId: number
  channel?: readonly string[] | undefined
  assignee?: number | undefined
  /** Read the ratings from the live tables only (the rollup equality reference). */
  live?: boolean | undefined
}

/** How many ratings of each value, 1 to 5. */
export type Stars = [number, number, number, number, number]

/** The chat filters (alias `c`). */
function chatConditions(f: SatisfactionFilter): RawBuilder<unknown> {
  return f.assignee === undefined
    ? channelCondition(f.channel)
    : sql`${channelCondition(f.channel)} AND c.assignee_id = ${f.assignee}`
}

type StarRow = {
  r1: number | string
  r2: number | string
  r3: number | string
  r4: number | string
  r5: number | string
}

const STARS = sql`count(*) FILTER (WHERE c.satisfaction_rating = 1) AS r1,
  count(*) FILTER (WHERE c.satisfaction_rating = 2) AS r2,
  count(*) FILTER (WHERE c.satisfaction_rating = 3) AS r3,
  count(*) FILTER (WHERE c.satisfaction_rating = 4) AS r4,
  count(*) FILTER (WHERE c.satisfaction_rating = 5) AS r5`

const starsOfRow = (r: StarRow | undefined): Stars =>
  r ? [Number(r.r1), Number(r.r2), Number(r.r3), Number(r.r4), Number(r.r5)] : [0, 0, 0, 0, 0]
const starsOfFacts = (r: Facts): Stars => [r.rated_1, r.rated_2, r.rated_3, r.rated_4, r.rated_5]

const rated = (f: SatisfactionFilter, span: Span) => sql`
  FROM chats c
  WHERE c.tenant_id = ${f.tenantId}
    AND c.rated_at >= ${iso(span.from)}::timestamptz AND c.rated_at < ${iso(span.to)}::timestamptz
    AND c.satisfaction_rating IS NOT NULL
    ${chatConditions(f)}`

const factFilter = (f: SatisfactionFilter) => ({
  tenantId: f.tenantId,
  channels: f.channel?.length ? f.channel : undefined,
  live: f.live,
})
const RATED = ['rated_1', 'rated_2', 'rated_3', 'rated_4', 'rated_5'] as const

/** The ratings by stars in each bucket `[edges[i-1], edges[i])`, by 1-based bucket index. */
export async function starsByBucket(
  db: Executor,
  f: SatisfactionFilter,
  edges: readonly Date[],
): Promise<Map<number, Stars>> {
  if (edges.length < 2) return new Map()
  if (f.assignee === undefined) {
    const rows = await factsByBucket(db, factFilter(f), edges, { measures: RATED })
    return new Map(rows.map((r) => [r.b, starsOfFacts(r)]))
  }
  const span = { from: edges[0]!, to: edges[edges.length - 1]! }
  const { rows } = await sql<StarRow & { b: number }>`
    SELECT width_bucket(c.rated_at, ${edges.map(iso)}::timestamptz[]) AS b, ${STARS} ${rated(f, span)}
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), starsOfRow(r)]))
}

/** The ratings by stars whose (latest) time falls in the span. */
export async function stars(db: Executor, f: SatisfactionFilter, span: Span): Promise<Stars> {
  if (f.assignee === undefined) {
    const rows = await factsByBucket(db, factFilter(f), [span.from, span.to], { measures: RATED })
    return starsOfFacts(sumFacts(rows))
  }
  const { rows } = await sql<StarRow>`SELECT ${STARS} ${rated(f, span)}`.execute(db)
  return starsOfRow(rows[0])
}

/**
 * Chats resolved in the span (at least once, by their `resolved` events), and how many of them had been rated by
 * the span's end (their first rating before `to`). The events are read from the covering index of migration 0017.
 */
export async function resolvedRated(
  db: Executor,
  f: SatisfactionFilter,
  span: Span,
): Promise<{ resolved: number | string; rated: number | string }> {
  const { rows } = await sql<{ resolved: number | string; rated: number | string }>`
    SELECT count(*) AS resolved, count(*) FILTER (WHERE c.first_rated_at < ${iso(span.to)}::timestamptz) AS rated
    FROM chats c
    WHERE c.tenant_id = ${f.tenantId} ${chatConditions(f)}
      AND EXISTS (
        SELECT 1 FROM chat_events e
        WHERE e.tenant_id = ${f.tenantId} AND e.kind = 'resolved' AND e.chat_id = c.id
          AND e.occurred_at >= ${iso(span.from)}::timestamptz AND e.occurred_at < ${iso(span.to)}::timestamptz
      )`.execute(db)
  return rows[0] as { resolved: number | string; rated: number | string }
}

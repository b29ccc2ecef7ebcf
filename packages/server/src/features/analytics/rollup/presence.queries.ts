import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { pieceRanges, piecesOf, rollUpDays, type FactFilter } from './facts.queries.js'

/*
 * The active chats of each UTC hour and day (migration 0020), for the distinct counts: the distinct chats (or
 * owners) of a window are those of its hours. Defined once, like the facts: rolling an hour up and reading a live
 * piece take the same rows, a message at `sent_at` (deleted ones too) or an escalation event at `occurred_at`, under
 * the chat's current channel, topic and owner.
 */

/** What made a chat active: any message, a message from the customer, a voice message, an escalation event. */
export type Activity = 'messages' | 'customer_messages' | 'voice_messages' | 'escalations'

const iso = (ms: number | Date) => new Date(ms).toISOString()

/**
 * Live rows `(at, chat_id, <measures>)` of one tenant in `[from, to)`, of messages and escalation events, or only of
 * those that count for `only` (each read from its own index).
 */
function liveRows(tenantId: number, from: RawBuilder<unknown>, to: RawBuilder<unknown>, only?: Activity) {
  const voice = sql`m.voice_mime_type IS NOT NULL`
  const messages = sql`SELECT m.sent_at AS at, m.chat_id, 1 AS messages,
      (m.message_sender = 'client')::int AS customer_messages, (${voice})::int AS voice_messages,
      (${voice} AND m.voice_duration_ms IS NOT NULL)::int AS voice_timed,
      CASE WHEN ${voice} THEN coalesce(m.voice_duration_ms, 0) ELSE 0 END::bigint AS voice_ms, 0 AS escalations
    FROM chat_messages m
    WHERE m.tenant_id = ${tenantId} AND m.sent_at >= ${from} AND m.sent_at < ${to}
      ${only === 'customer_messages' ? sql`AND m.message_sender = 'client'` : sql``}
      ${only === 'voice_messages' ? sql`AND ${voice}` : sql``}`
  const events = sql`SELECT e.occurred_at AS at, e.chat_id, 0 AS messages, 0 AS customer_messages,
      0 AS voice_messages, 0 AS voice_timed, 0::bigint AS voice_ms, 1 AS escalations
    FROM chat_events e
    WHERE e.tenant_id = ${tenantId} AND e.kind = 'escalated' AND e.occurred_at >= ${from} AND e.occurred_at < ${to}`
  if (only === 'escalations') return events
  if (only !== undefined) return messages
  return sql`${messages} UNION ALL ${events}`
}

const COUNTS = sql`sum(x.messages) AS messages, sum(x.customer_messages) AS customer_messages,
  sum(x.voice_messages) AS voice_messages, sum(x.voice_timed) AS voice_timed, sum(x.voice_ms) AS voice_ms,
  sum(x.escalations) AS escalations`

/**
 * Recomputes one tenant's active chats of the hours in `[from, to)` from the live tables, and of the whole UTC days
 * in `[from, to)` extended to whole days that end before `sealedUntil` (from the hour rows). Called with the facts'
 * roll-up, in its transaction.
 */
export async function rollUpPresence(db: Executor, tenantId: number, from: Date, to: Date, sealedUntil: Date) {
  const a = iso(from)
  const b = iso(to)
  await sql`DELETE FROM analytics_chat_hours WHERE tenant_id = ${tenantId} AND hour >= ${a}::timestamptz
    AND hour < ${b}::timestamptz`.execute(db)
  await sql`INSERT INTO analytics_chat_hours (tenant_id, hour, chat_id, channel, topic_id, client_id, visitor_id,
      messages, customer_messages, voice_messages, voice_timed, voice_ms, escalations)
    SELECT ${tenantId}, x.h, x.chat_id, c.channel, coalesce(c.topic_id, 0), c.client_id, c.visitor_id, x.messages,
      x.customer_messages, x.voice_messages, x.voice_timed, x.voice_ms, x.escalations
    FROM (
      SELECT date_trunc('hour', x.at, 'UTC') AS h, x.chat_id, ${COUNTS}
      FROM (${liveRows(tenantId, sql`${a}::timestamptz`, sql`${b}::timestamptz`)}) x
      GROUP BY 1, 2
    ) x
    JOIN chats c ON c.tenant_id = ${tenantId} AND c.id = x.chat_id`.execute(db)
  await rollUpDays(
    db,
    'analytics_chat_days',
    tenantId,
    from,
    to,
    sealedUntil,
    (a, b) =>
      sql`INSERT INTO analytics_chat_days (tenant_id, day, chat_id, channel, topic_id, client_id, visitor_id,
        messages, customer_messages, voice_messages, voice_timed, voice_ms, escalations)
      SELECT x.tenant_id, date_trunc('day', x.hour, 'UTC'), x.chat_id, min(x.channel), min(x.topic_id),
        min(x.client_id), min(x.visitor_id), ${COUNTS}
      FROM analytics_chat_hours x
      WHERE x.tenant_id = ${tenantId} AND x.hour >= ${a} AND x.hour < ${b}
      GROUP BY 1, 2, 3`,
  )
}

/**
 * The chats active through `activity` in each bucket `[edges[i-1], edges[i])` (bucket i, 1-based), in the filter's
 * channels and topic, as a derived table of rows `(b, chat_id, channel, client_id, visitor_id, n, voice_timed,
 * voice_ms)`. `n` is how many of `activity` the chat had in one piece of the bucket; for voice messages, `voice_timed`
 * and `voice_ms` are how many had a known length and the sum of those lengths (else 0). A chat may have several rows
 * in a bucket, so count it with DISTINCT. Sealed clean days and hours come from the rollups, the rest from the live
 * tables, as `coverage` cuts them.
 */
export async function activeChats(
  db: Executor,
  f: FactFilter,
  edges: readonly Date[],
  activity: Activity,
): Promise<RawBuilder<unknown>> {
  const empty = sql`SELECT NULL::int AS b, NULL::bigint AS chat_id, NULL::text AS channel, NULL::bigint AS client_id,
    NULL::bigint AS visitor_id, NULL::bigint AS n, NULL::bigint AS voice_timed, NULL::bigint AS voice_ms WHERE false`
  if (edges.length < 2) return empty
  const pieces = await piecesOf(db, f, edges)
  const chatConditions = (c: string) =>
    sql.join(
      [
        ...(f.channels ? [sql`${sql.ref(`${c}.channel`)} = ANY(${[...f.channels]}::text[])`] : []),
        ...(f.topicId !== undefined ? [sql`coalesce(${sql.ref(`${c}.topic_id`)}, 0) = ${f.topicId}`] : []),
      ],
      sql` AND `,
    )
  // The voice sums are the chat's voice messages' only when those are what is read (else 0).
  const voiceOnly = (sum: RawBuilder<unknown>) => (activity === 'voice_messages' ? sum : sql`0`)
  const narrowed = f.channels !== undefined || f.topicId !== undefined
  const parts: RawBuilder<unknown>[] = []
  for (const level of ['day', 'hour', 'live'] as const) {
    const of = pieces.filter((p) => p.level === level)
    if (of.length === 0) continue
    // One index range per piece, counted in its bucket (as in factsByBucket).
    const ranges = pieceRanges(of)
    if (level === 'live') {
      // A chat's rows of one piece become one, and the chat is looked up once for it.
      parts.push(sql`SELECT r.b, x.chat_id, c.channel, c.client_id, c.visitor_id, x.n, x.voice_timed, x.voice_ms
        FROM ${ranges} CROSS JOIN LATERAL (
          SELECT y.chat_id, sum(${sql.ref(`y.${activity}`)}) AS n, ${voiceOnly(sql`sum(y.voice_timed)`)} AS voice_timed,
            ${voiceOnly(sql`sum(y.voice_ms)`)} AS voice_ms
          FROM (${liveRows(f.tenantId, sql`r.f`, sql`r.t`, activity)}) y
          GROUP BY y.chat_id
          HAVING sum(${sql.ref(`y.${activity}`)}) > 0
          OFFSET 0
        ) x
        CROSS JOIN LATERAL (
          SELECT c.channel, c.client_id, c.visitor_id FROM chats c
          WHERE c.tenant_id = ${f.tenantId} AND c.id = x.chat_id ${narrowed ? sql`AND ${chatConditions('c')}` : sql``}
          OFFSET 0
        ) c`)
    } else {
      const table = level === 'day' ? sql`analytics_chat_days` : sql`analytics_chat_hours`
      const at = level === 'day' ? sql`k.day` : sql`k.hour`
      parts.push(sql`SELECT r.b, y.* FROM ${ranges} CROSS JOIN LATERAL (
          SELECT k.chat_id, k.channel, k.client_id, k.visitor_id, ${sql.ref(`k.${activity}`)}::bigint AS n,
            ${voiceOnly(sql`k.voice_timed`)}::bigint AS voice_timed, ${voiceOnly(sql`k.voice_ms`)}::bigint AS voice_ms
          FROM ${table} k
          WHERE k.tenant_id = ${f.tenantId} AND ${at} >= r.f AND ${at} < r.t AND ${sql.ref(`k.${activity}`)} > 0
            ${narrowed ? sql`AND ${chatConditions('k')}` : sql``}
          OFFSET 0
        ) y`)
    }
  }
  return parts.length === 0 ? empty : sql.join(parts, sql` UNION ALL `)
}

/**
 * Distinct chats per bucket of active-chat rows (`activeChats`), as rows `(b, key, n)`: `key` is the chat's channel
 * with `byChannel`, else ''.
 */
export const distinctChatsPerBucket = (active: RawBuilder<unknown>, byChannel = false) =>
  sql`SELECT a.b, ${byChannel ? sql`a.channel` : sql`''`} AS key, count(DISTINCT a.chat_id) AS n
    FROM (${active}) a GROUP BY 1, 2`

/** Distinct owners (a registered client, else a visitor) per bucket of active-chat rows, as rows `(b, n)`. */
export const distinctOwnersPerBucket = (active: RawBuilder<unknown>) =>
  sql`SELECT o.b, count(*) AS n
    FROM (
      SELECT DISTINCT a.b, a.client_id, CASE WHEN a.client_id IS NULL THEN a.visitor_id END AS visitor_id
      FROM (${active}) a
      WHERE a.client_id IS NOT NULL OR a.visitor_id IS NOT NULL
    ) o
    GROUP BY o.b`

import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { channelCondition, iso, type Span } from './responses.queries.js'

/*
 * Topic facts (contract §7.7): chats created in the window by their current topic. Filter: the chat's channel.
 * Ties are broken by the topic's name, case-insensitively (names are unique that way within a tenant).
 */

export type TopicFilter = { tenantId: number; channel?: readonly string[] | undefined }

/** All chats created in the span, and those without a topic. */
export async function topicTotals(
  db: Executor,
  f: TopicFilter,
  span: Span,
): Promise<{ total: number | string; unassigned: number | string }> {
  const { rows } = await sql<{ total: number | string; unassigned: number | string }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE c.topic_id IS NULL) AS unassigned
    FROM chats c
    WHERE c.tenant_id = ${f.tenantId}
      AND c.created_at >= ${iso(span.from)}::timestamptz AND c.created_at < ${iso(span.to)}::timestamptz
      ${channelCondition(f.channel)}`.execute(db)
  return rows[0] as { total: number | string; unassigned: number | string }
}

export type PopularTopicRow = { topic_id: number | string; name: string; n: number | string; messages: number | string }

/**
 * The `limit` topics with the most chats created in the span, most first, with the messages sent in the span in
 * those chats.
 */
export async function popularTopics(
  db: Executor,
  f: TopicFilter,
  span: Span,
  limit: number,
): Promise<PopularTopicRow[]> {
  const from = iso(span.from)
  const to = iso(span.to)
  const { rows } = await sql<PopularTopicRow>`
    WITH created AS (
      SELECT c.id, c.topic_id
      FROM chats c
      WHERE c.tenant_id = ${f.tenantId} AND c.topic_id IS NOT NULL
        AND c.created_at >= ${from}::timestamptz AND c.created_at < ${to}::timestamptz
        ${channelCondition(f.channel)}
    ), ranked AS (
      SELECT k.topic_id, t.name, count(*) AS n
      FROM created k
      JOIN chat_topics t ON t.tenant_id = ${f.tenantId} AND t.id = k.topic_id
      GROUP BY k.topic_id, t.name
      ORDER BY n DESC, lower(t.name), k.topic_id
      LIMIT ${limit}
    )
    SELECT r.topic_id, r.name, r.n, (
        SELECT count(*) FROM chat_messages m
        JOIN created k ON k.id = m.chat_id
        WHERE m.tenant_id = ${f.tenantId} AND k.topic_id = r.topic_id
          AND m.sent_at >= ${from}::timestamptz AND m.sent_at < ${to}::timestamptz
      ) AS messages
    FROM ranked r
    ORDER BY r.n DESC, lower(r.name), r.topic_id`.execute(db)
  return rows
}

export type LeastTopicRow = {
  topic_id: number | string
  name: string
  n: number | string
  /** Among the `limit` least used. */
  listed: boolean
  /** Shares the lowest count. */
  lowest: boolean
}

/**
 * Every active topic with its chats created in the span (zero included), least first; a row is returned when it is
 * among the `limit` least used or shares the lowest count.
 */
export async function leastTopics(db: Executor, f: TopicFilter, span: Span, limit: number): Promise<LeastTopicRow[]> {
  const { rows } = await sql<LeastTopicRow>`
    WITH counts AS (
      SELECT t.id AS topic_id, t.name, count(c.id) AS n
      FROM chat_topics t
      LEFT JOIN chats c ON c.tenant_id = t.tenant_id AND c.topic_id = t.id
        AND c.created_at >= ${iso(span.from)}::timestamptz AND c.created_at < ${iso(span.to)}::timestamptz
        ${channelCondition(f.channel)}
      WHERE t.tenant_id = ${f.tenantId} AND t.is_active
      GROUP BY t.id, t.name
    ), ranked AS (
      SELECT topic_id, name, n,
        row_number() OVER (ORDER BY n, lower(name), topic_id) AS place,
        n = min(n) OVER () AS lowest
      FROM counts
    )
    SELECT topic_id, name, n, place <= ${limit} AS listed, lowest
    FROM ranked
    WHERE place <= ${limit} OR lowest
    ORDER BY place`.execute(db)
  return rows
}

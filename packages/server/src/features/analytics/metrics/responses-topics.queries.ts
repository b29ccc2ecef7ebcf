import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { factsByBucket } from '../rollup/facts.queries.js'
import { channelCondition, iso, type Span } from './responses.queries.js'

/*
 * Topic facts (contract §7.7): chats created in the window by their current topic. Filter: the chat's channel.
 * Ties are broken by the topic's name, case-insensitively (names are unique that way within a tenant).
 *
 * Chats and messages per topic add up across hours and come from the rollups (rollup/facts.queries.ts: the chat's
 * current channel and topic, topic 0 for none; read live where nothing is rolled up). The ranking joins those counts
 * to the topics in SQL, so names compare as the database compares them.
 */

export type TopicFilter = {
  tenantId: number
  channel?: readonly string[] | undefined
  /** Read the counts from the live tables only (the rollup equality reference). */
  live?: boolean | undefined
}

/** Per topic id (0: none): chats created in the span, and messages sent in the span in chats of that topic. */
export type TopicCounts = Map<number, { chats: number; messages: number }>

/** Chats created in the span and messages sent in it, per current topic (0: none). */
export async function topicCounts(db: Executor, f: TopicFilter, span: Span, withMessages: boolean) {
  const rows = await factsByBucket(
    db,
    { tenantId: f.tenantId, channels: f.channel?.length ? f.channel : undefined, live: f.live },
    [span.from, span.to],
    { measures: withMessages ? ['chats', 'messages'] : ['chats'], by: { topic: true } },
  )
  return new Map(rows.map((r) => [r.topic_id, { chats: r.chats, messages: r.messages }])) as TopicCounts
}

/** The topic ids and chat counts as two parallel arrays (topics with chats only, none left out). */
function countArrays(counts: TopicCounts): { ids: number[]; n: number[] } {
  const ids: number[] = []
  const n: number[] = []
  for (const [id, c] of counts)
    if (id !== 0 && c.chats > 0) {
      ids.push(id)
      n.push(c.chats)
    }
  return { ids, n }
}

export type PopularTopicRow = { topic_id: number | string; name: string; n: number | string }

/** The `limit` topics with the most chats created in the span, most first. */
export async function popularTopics(db: Executor, f: TopicFilter, counts: TopicCounts, limit: number) {
  const { ids, n } = countArrays(counts)
  if (ids.length === 0) return []
  const { rows } = await sql<PopularTopicRow>`
    SELECT x.topic_id, t.name, x.n
    FROM unnest(${ids}::bigint[], ${n}::bigint[]) AS x (topic_id, n)
    JOIN chat_topics t ON t.tenant_id = ${f.tenantId} AND t.id = x.topic_id
    ORDER BY x.n DESC, lower(t.name), x.topic_id
    LIMIT ${limit}`.execute(db)
  return rows
}

/**
 * Of the messages sent in the span in chats of the given topics, those in chats created outside the span, per
 * topic: what the per-topic message counts must lose to count only the chats created in the span. A chat's
 * messages are never sent before it is created, and `last_message_at` is the time of its latest message, so those
 * chats were created before the span and wrote last after its start: a short list, found by index.
 */
export async function messagesOfOlderChats(
  db: Executor,
  f: TopicFilter,
  span: Span,
  topicIds: readonly number[],
): Promise<Map<number, number>> {
  if (topicIds.length === 0) return new Map()
  // The chats first, then each one's messages in the span by its key: a plan of its own (a hash join over every
  // message of the span) costs far more once PostgreSQL plans the statement without the bounds' values.
  const { rows } = await sql<{ topic_id: number | string; n: number | string }>`
    SELECT c.topic_id, sum(x.n) AS n
    FROM (
      SELECT c.id, c.topic_id FROM chats c
      WHERE c.tenant_id = ${f.tenantId} AND c.last_message_at >= ${iso(span.from)}::timestamptz
        AND c.created_at < ${iso(span.from)}::timestamptz
        AND c.topic_id = ANY(${[...topicIds]}::bigint[]) ${channelCondition(f.channel)}
      OFFSET 0
    ) c
    CROSS JOIN LATERAL (
      SELECT count(*) AS n FROM chat_messages m
      WHERE m.tenant_id = ${f.tenantId} AND m.chat_id = c.id
        AND m.sent_at >= ${iso(span.from)}::timestamptz AND m.sent_at < ${iso(span.to)}::timestamptz
    ) x
    GROUP BY c.topic_id
    HAVING sum(x.n) > 0`.execute(db)
  return new Map(rows.map((r) => [Number(r.topic_id), Number(r.n)]))
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
export async function leastTopics(
  db: Executor,
  f: TopicFilter,
  counts: TopicCounts,
  limit: number,
): Promise<LeastTopicRow[]> {
  const { ids, n } = countArrays(counts)
  const { rows } = await sql<LeastTopicRow>`
    WITH counts AS (
      SELECT t.id AS topic_id, t.name, coalesce(x.n, 0) AS n
      FROM chat_topics t
      LEFT JOIN unnest(${ids}::bigint[], ${n}::bigint[]) AS x (topic_id, n) ON x.topic_id = t.id
      WHERE t.tenant_id = ${f.tenantId} AND t.is_active
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

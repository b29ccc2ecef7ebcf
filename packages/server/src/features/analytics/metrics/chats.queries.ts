import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'

/*
 * The chat and message counts of the chat metrics (contract §7.3), computed in SQL over the window only. A chat is
 * counted by `created_at`, a message by `sent_at` (deleted messages still count, contract §4.5), both through the chat's current
 * channel and topic. Series place each row with `width_bucket` over the buckets' bounds (`bucketBounds`).
 */

/** Whose chats are counted: one tenant's, optionally only some channels and one topic. */
export type ChatScope = { tenantId: number; channels: readonly Channel[] | undefined; topicId: number | undefined }

/** `c` (chats) rows of the scope: the tenant first, then the channel and topic filters. */
export function chatConditions(scope: ChatScope) {
  const parts = [sql`c.tenant_id = ${scope.tenantId}`]
  if (scope.channels) parts.push(sql`c.channel = any(${[...scope.channels]}::text[])`)
  if (scope.topicId !== undefined) parts.push(sql`c.topic_id = ${scope.topicId}`)
  return sql.join(parts, sql` AND `)
}

const iso = (d: Date) => d.toISOString()

/** Messages `m` of the scope's chats `c` sent in `[from, to)`, deleted ones included. */
function messagesIn(scope: ChatScope, window: Window) {
  return sql`chat_messages m JOIN chats c ON c.id = m.chat_id AND c.tenant_id = m.tenant_id
    WHERE m.tenant_id = ${scope.tenantId} AND m.sent_at >= ${iso(window.from)}::timestamptz
      AND m.sent_at < ${iso(window.to)}::timestamptz AND ${chatConditions(scope)}`
}

export type ChatTotals = { total: number; open: number; pending: number; resolved: number; previous: number }

/** Chats created in the window by current status, and those created in the same-length window just before. */
export async function chatTotals(db: Executor, scope: ChatScope, window: Window): Promise<ChatTotals> {
  const previousFrom = new Date(2 * window.from.getTime() - window.to.getTime())
  const inWindow = sql`c.created_at >= ${iso(window.from)}::timestamptz`
  const { rows } = await sql<Record<keyof ChatTotals, string | number>>`
    SELECT count(*) FILTER (WHERE ${inWindow}) AS total,
      count(*) FILTER (WHERE ${inWindow} AND c.status = 'open') AS open,
      count(*) FILTER (WHERE ${inWindow} AND c.status = 'pending') AS pending,
      count(*) FILTER (WHERE ${inWindow} AND c.status = 'resolved') AS resolved,
      count(*) FILTER (WHERE c.created_at < ${iso(window.from)}::timestamptz) AS previous
    FROM chats c
    WHERE ${chatConditions(scope)} AND c.created_at >= ${iso(previousFrom)}::timestamptz
      AND c.created_at < ${iso(window.to)}::timestamptz`.execute(db)
  const row = rows[0]!
  return {
    total: Number(row.total),
    open: Number(row.open),
    pending: Number(row.pending),
    resolved: Number(row.resolved),
    previous: Number(row.previous),
  }
}

/** Chats created in `[now − 60 min, now)` and in the hour before that. */
export async function chatsLastHours(db: Executor, scope: ChatScope, now: Date) {
  const hourAgo = iso(new Date(now.getTime() - 3_600_000))
  const { rows } = await sql<{ last: string | number; previous: string | number }>`
    SELECT count(*) FILTER (WHERE c.created_at >= ${hourAgo}::timestamptz) AS last,
      count(*) FILTER (WHERE c.created_at < ${hourAgo}::timestamptz) AS previous
    FROM chats c
    WHERE ${chatConditions(scope)} AND c.created_at >= ${iso(new Date(now.getTime() - 7_200_000))}::timestamptz
      AND c.created_at < ${iso(now)}::timestamptz`.execute(db)
  return { last: Number(rows[0]!.last), previous: Number(rows[0]!.previous) }
}

/** Chats created in the window, by 1-based bucket index. */
export async function chatsPerBucket(
  db: Executor,
  scope: ChatScope,
  window: Window,
  bounds: readonly string[],
): Promise<Map<number, number>> {
  const { rows } = await sql<{ b: number; n: string | number }>`
    SELECT width_bucket(c.created_at, ${[...bounds]}::timestamptz[]) AS b, count(*) AS n
    FROM chats c
    WHERE ${chatConditions(scope)} AND c.created_at >= ${iso(window.from)}::timestamptz
      AND c.created_at < ${iso(window.to)}::timestamptz
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.n)]))
}

/** Per channel: chats created in the window, and messages sent in the window in that channel's chats. */
export async function channelCounts(
  db: Executor,
  scope: ChatScope,
  window: Window,
): Promise<Map<Channel, { chats: number; messages: number }>> {
  const { rows } = await sql<{ channel: Channel; chats: string | number; messages: string | number }>`
    SELECT channel, sum(chats) AS chats, sum(messages) AS messages FROM (
      SELECT c.channel, count(*) AS chats, 0 AS messages
      FROM chats c
      WHERE ${chatConditions(scope)} AND c.created_at >= ${iso(window.from)}::timestamptz
        AND c.created_at < ${iso(window.to)}::timestamptz
      GROUP BY c.channel
      UNION ALL
      SELECT c.channel, 0, count(*) FROM ${messagesIn(scope, window)} GROUP BY c.channel
    ) x
    GROUP BY channel`.execute(db)
  return new Map(rows.map((r) => [r.channel, { chats: Number(r.chats), messages: Number(r.messages) }]))
}

/**
 * Per 1-based bucket index: messages sent in the window, and the distinct chat owners who sent one as the customer
 * (a registered client and a visitor are different owners even when their ids are equal).
 */
export async function messagesPerBucket(
  db: Executor,
  scope: ChatScope,
  window: Window,
  bounds: readonly string[],
): Promise<Map<number, { messages: number; activeClients: number }>> {
  const { rows } = await sql<{ b: number; messages: string | number; owners: string | number }>`
    SELECT width_bucket(m.sent_at, ${[...bounds]}::timestamptz[]) AS b, count(*) AS messages,
      count(DISTINCT CASE WHEN c.client_id IS NOT NULL THEN 'c' || c.client_id
        WHEN c.visitor_id IS NOT NULL THEN 'v' || c.visitor_id END) FILTER (WHERE m.message_sender = 'client') AS owners
    FROM ${messagesIn(scope, window)}
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), { messages: Number(r.messages), activeClients: Number(r.owners) }]))
}

/** Distinct chats of the scope with at least one message sent in the window. */
export async function chatsWithMessages(db: Executor, scope: ChatScope, window: Window): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(DISTINCT m.chat_id) AS n FROM ${messagesIn(scope, window)}`.execute(db)
  return Number(rows[0]!.n)
}

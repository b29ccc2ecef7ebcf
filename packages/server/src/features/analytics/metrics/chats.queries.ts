import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { factsByBucket, sumFacts, type FactFilter } from '../rollup/facts.queries.js'

/*
 * The chat and message counts of the chat metrics (contract §7.3). A chat is counted by `created_at`, a message by
 * `sent_at` (deleted messages still count, contract §4.5), both through the chat's current channel and topic. Counts
 * come from the rollups where they are sealed and the live tables elsewhere (rollup/facts.queries.ts); distinct
 * counts, which do not add up across hours, from the live tables, placed with `width_bucket` over `bucketBounds`.
 */

/** Whose chats are counted: one tenant's, optionally only some channels and one topic. */
export type ChatScope = {
  tenantId: number
  channels: readonly Channel[] | undefined
  topicId: number | undefined
  /** Read everything live instead of the sealed hours' rollups (the same numbers). */
  live?: boolean
}

/** `c` (chats) rows of the scope: the tenant first, then the channel and topic filters. */
export function chatConditions(scope: ChatScope) {
  const parts = [sql`c.tenant_id = ${scope.tenantId}`]
  if (scope.channels) parts.push(sql`c.channel = any(${[...scope.channels]}::text[])`)
  if (scope.topicId !== undefined) parts.push(sql`c.topic_id = ${scope.topicId}`)
  return sql.join(parts, sql` AND `)
}

const iso = (d: Date) => d.toISOString()

export type ChatTotals = { total: number; open: number; pending: number; resolved: number; previous: number }

const factFilter = (scope: ChatScope): FactFilter => ({
  tenantId: scope.tenantId,
  channels: scope.channels,
  topicId: scope.topicId,
  live: scope.live,
})

/** Chats created in the window by current status, and those created in the same-length window just before. */
export async function chatTotals(db: Executor, scope: ChatScope, window: Window): Promise<ChatTotals> {
  const previousFrom = new Date(2 * window.from.getTime() - window.to.getTime())
  const rows = await factsByBucket(db, factFilter(scope), [previousFrom, window.from, window.to], {
    measures: ['chats', 'chats_open', 'chats_pending', 'chats_resolved'],
  })
  const inWindow = sumFacts(rows.filter((r) => r.b === 2))
  return {
    total: inWindow.chats,
    open: inWindow.chats_open,
    pending: inWindow.chats_pending,
    resolved: inWindow.chats_resolved,
    previous: sumFacts(rows.filter((r) => r.b === 1)).chats,
  }
}

/** Chats created in `[now − 60 min, now)` and in the hour before that. */
export async function chatsLastHours(db: Executor, scope: ChatScope, now: Date) {
  const edges = [2, 1, 0].map((h) => new Date(now.getTime() - h * 3_600_000))
  const rows = await factsByBucket(db, factFilter(scope), edges, { measures: ['chats'] })
  const count = (b: number) => sumFacts(rows.filter((r) => r.b === b)).chats
  return { last: count(2), previous: count(1) }
}

/** Chats created in each bucket `[edges[i-1], edges[i])`, by 1-based bucket index. */
export async function chatsPerBucket(
  db: Executor,
  scope: ChatScope,
  edges: readonly Date[],
): Promise<Map<number, number>> {
  const rows = await factsByBucket(db, factFilter(scope), edges, { measures: ['chats'] })
  return new Map(rows.map((r) => [r.b, r.chats]))
}

/** Per channel: chats created in the window, and messages sent in the window in that channel's chats. */
export async function channelCounts(
  db: Executor,
  scope: ChatScope,
  window: Window,
): Promise<Map<Channel, { chats: number; messages: number }>> {
  const rows = await factsByBucket(db, factFilter(scope), [window.from, window.to], {
    measures: ['chats', 'messages'],
    by: { channel: true },
  })
  return new Map(rows.map((r) => [r.channel as Channel, { chats: r.chats, messages: r.messages }]))
}

/** Messages sent in each bucket `[edges[i-1], edges[i])`, deleted ones included, by 1-based bucket index. */
export async function messagesPerBucket(
  db: Executor,
  scope: ChatScope,
  edges: readonly Date[],
): Promise<Map<number, number>> {
  const rows = await factsByBucket(db, factFilter(scope), edges, { measures: ['messages'] })
  return new Map(rows.map((r) => [r.b, r.messages]))
}

/** Whether the scope narrows the tenant's chats (else every chat of the tenant is in it). */
export const narrowsChats = (scope: ChatScope) => scope.channels !== undefined || scope.topicId !== undefined

/**
 * The chat `c` (with `columns`) of each row of a derived table `d` (by `d.chat_id`), when it is in the scope; rows of
 * other chats are dropped. One lookup per distinct chat, however many chats the tenant has: the LIMIT keeps the
 * planner from reading all of them to join instead.
 */
export function scopedChat(scope: ChatScope, columns = sql`1`) {
  return sql`CROSS JOIN LATERAL (
    SELECT ${columns} FROM chats c
    WHERE c.tenant_id = ${scope.tenantId} AND c.id = d.chat_id AND ${chatConditions(scope)}
    LIMIT 1) c`
}

/**
 * Like `scopedChat` without columns, for a scope that may be the whole tenant: every message and event belongs to a
 * chat of its own tenant (the foreign key), so without a channel or topic filter nothing is looked up.
 */
export const inScope = (scope: ChatScope) => (narrowsChats(scope) ? scopedChat(scope) : sql``)

/** `sent_at` of `m` in `[from, to)`, read from the (tenant_id, sent_at) indexes. */
const sentIn = (scope: ChatScope, window: Window) =>
  sql`m.tenant_id = ${scope.tenantId} AND m.sent_at >= ${iso(window.from)}::timestamptz
    AND m.sent_at < ${iso(window.to)}::timestamptz`

/**
 * Per 1-based bucket index: the distinct chat owners who sent a message as the customer in the window (a registered
 * client and a visitor are different owners even when their ids are equal; a chat without an owner adds nobody).
 * Distinct counts do not add up across hours, so this is read from the messages themselves: first the distinct
 * (bucket, chat) pairs from the customer-message index alone (migration 0018), then the owner of each such chat.
 */
export async function activeClientsPerBucket(
  db: Executor,
  scope: ChatScope,
  window: Window,
  bounds: readonly string[],
): Promise<Map<number, number>> {
  const { rows } = await sql<{ b: number; owners: string | number }>`
    SELECT o.b, count(*) AS owners
    FROM (
      SELECT DISTINCT d.b, c.client_id, c.visitor_id
      FROM (
        SELECT DISTINCT width_bucket(m.sent_at, ${[...bounds]}::timestamptz[]) AS b, m.chat_id
        FROM chat_messages m
        WHERE ${sentIn(scope, window)} AND m.message_sender = 'client'
      ) d
      ${scopedChat(scope, sql`c.client_id, CASE WHEN c.client_id IS NULL THEN c.visitor_id END AS visitor_id`)}
      WHERE c.client_id IS NOT NULL OR c.visitor_id IS NOT NULL
    ) o
    GROUP BY o.b`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.owners)]))
}

/**
 * Distinct chats of the scope with at least one message sent in the window (any sender, deleted ones included):
 * the distinct chats of the window's messages, from the (tenant_id, sent_at, chat_id) index alone (migration 0018),
 * then only those of the scope's channels and topic.
 */
export async function chatsWithMessages(db: Executor, scope: ChatScope, window: Window): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n
    FROM (SELECT DISTINCT m.chat_id FROM chat_messages m WHERE ${sentIn(scope, window)}) d
    ${inScope(scope)}`.execute(db)
  return Number(rows[0]!.n)
}

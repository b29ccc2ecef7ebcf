import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { factsByBucket, sumFacts, type FactFilter } from '../rollup/facts.queries.js'
import { activeChats, distinctOwnersPerBucket } from '../rollup/presence.queries.js'

/*
 * The chat and message counts of the chat metrics (contract §7.3). A chat is counted by `created_at`, a message by
 * `sent_at` (deleted messages still count, contract §4.5), both through the chat's current channel and topic. Counts
 * come from the rollups where they are sealed and the live tables elsewhere (rollup/facts.queries.ts); distinct
 * counts, which do not add up across hours, from the active chats of each hour (rollup/presence.queries.ts).
 */

/** Whose chats are counted: one tenant's, optionally only some channels and one topic. */
export type ChatScope = {
  tenantId: number
  channels: readonly Channel[] | undefined
  topicId: number | undefined
  /** Read everything live instead of the sealed hours' rollups (the same numbers). */
  live?: boolean
}

export type ChatTotals = { total: number; open: number; pending: number; resolved: number; previous: number }

/** The rollup readers' filter of a scope. */
export const factFilter = (scope: ChatScope): FactFilter => ({
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

/**
 * Per 1-based bucket index `[edges[i-1], edges[i])`: the distinct chat owners who sent a message as the customer in
 * it (a registered client and a visitor are different owners even when their ids are equal; a chat without an owner
 * adds nobody). Distinct counts do not add up across hours, so they come from the active chats of each hour
 * (rollup/presence.queries.ts), which carry their owner.
 */
export async function activeClientsPerBucket(
  db: Executor,
  scope: ChatScope,
  edges: readonly Date[],
): Promise<Map<number, number>> {
  const active = await activeChats(db, factFilter(scope), edges, 'customer_messages')
  const { rows } = await sql<{ b: number; n: string | number }>`${distinctOwnersPerBucket(active)}`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.n)]))
}

/** Distinct chats of the scope with at least one message sent in the window (any sender, deleted ones included). */
export async function chatsWithMessages(db: Executor, scope: ChatScope, window: Window): Promise<number> {
  const active = await activeChats(db, factFilter(scope), [window.from, window.to], 'messages')
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(DISTINCT a.chat_id) AS n FROM (${active}) a`.execute(db)
  return Number(rows[0]!.n)
}

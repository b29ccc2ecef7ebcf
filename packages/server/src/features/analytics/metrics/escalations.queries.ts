import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { activeChats, distinctChatsPerBucket } from '../rollup/presence.queries.js'
import { factFilter, type ChatScope } from './chats.queries.js'

/*
 * Escalations (contract §7.4): every `escalated` chat event at its `occurred_at`, so a chat escalated twice is two
 * events of one chat (`chats.escalated_at` keeps only the latest). Filtered by the chat's current channel and topic.
 * Distinct chats do not add up across hours: they come, with their events, from the active chats of each hour
 * (rollup/presence.queries.ts).
 */

/** Per channel: distinct chats escalated in the window and all their escalations, repeats included. */
export async function escalationsByChannel(
  db: Executor,
  scope: ChatScope,
  window: Window,
): Promise<Map<Channel, { chats: number; events: number }>> {
  const active = await activeChats(db, factFilter(scope), [window.from, window.to], 'escalations')
  const { rows } = await sql<{ channel: Channel; chats: string | number; events: string | number }>`
    SELECT a.channel, count(DISTINCT a.chat_id) AS chats, sum(a.n) AS events
    FROM (${active}) a
    GROUP BY a.channel`.execute(db)
  return new Map(rows.map((r) => [r.channel, { chats: Number(r.chats), events: Number(r.events) }]))
}

/** Distinct chats escalated in the window. */
export async function escalatedChats(db: Executor, scope: ChatScope, window: Window): Promise<number> {
  const active = await activeChats(db, factFilter(scope), [window.from, window.to], 'escalations')
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(DISTINCT a.chat_id) AS n FROM (${active}) a`.execute(db)
  return Number(rows[0]!.n)
}

/** Distinct chats escalated in each bucket `[edges[i-1], edges[i])`, by 1-based bucket index. */
export async function escalatedChatsPerBucket(
  db: Executor,
  scope: ChatScope,
  edges: readonly Date[],
): Promise<Map<number, number>> {
  const active = await activeChats(db, factFilter(scope), edges, 'escalations')
  const { rows } = await sql<{ b: number; n: string | number }>`${distinctChatsPerBucket(active)}`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.n)]))
}

import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { chatConditions, type ChatScope } from './chats.queries.js'

/*
 * Escalations (contract §7.4): every `escalated` chat event at its `occurred_at`, so a chat escalated twice is two
 * events of one chat (`chats.escalated_at` keeps only the latest). Filtered by the chat's current channel and topic.
 */

const iso = (d: Date) => d.toISOString()

/** Escalation events `e` of the scope's chats `c` in `[from, to)`. */
function escalationsIn(scope: ChatScope, window: Window) {
  return sql`chat_events e JOIN chats c ON c.id = e.chat_id AND c.tenant_id = e.tenant_id
    WHERE e.tenant_id = ${scope.tenantId} AND e.kind = 'escalated'
      AND e.occurred_at >= ${iso(window.from)}::timestamptz AND e.occurred_at < ${iso(window.to)}::timestamptz
      AND ${chatConditions(scope)}`
}

/** Per channel: distinct chats escalated in the window and all their escalations, repeats included. */
export async function escalationsByChannel(
  db: Executor,
  scope: ChatScope,
  window: Window,
): Promise<Map<Channel, { chats: number; events: number }>> {
  const { rows } = await sql<{ channel: Channel; chats: string | number; events: string | number }>`
    SELECT c.channel, count(DISTINCT e.chat_id) AS chats, count(*) AS events
    FROM ${escalationsIn(scope, window)}
    GROUP BY c.channel`.execute(db)
  return new Map(rows.map((r) => [r.channel, { chats: Number(r.chats), events: Number(r.events) }]))
}

/** Distinct chats escalated in the window. */
export async function escalatedChats(db: Executor, scope: ChatScope, window: Window): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(DISTINCT e.chat_id) AS n FROM ${escalationsIn(scope, window)}`.execute(db)
  return Number(rows[0]!.n)
}

/** Distinct chats escalated in the window, by 1-based bucket index. */
export async function escalatedChatsPerBucket(
  db: Executor,
  scope: ChatScope,
  window: Window,
  bounds: readonly string[],
): Promise<Map<number, number>> {
  const { rows } = await sql<{ b: number; n: string | number }>`
    SELECT width_bucket(e.occurred_at, ${[...bounds]}::timestamptz[]) AS b, count(DISTINCT e.chat_id) AS n
    FROM ${escalationsIn(scope, window)}
    GROUP BY 1`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.n)]))
}

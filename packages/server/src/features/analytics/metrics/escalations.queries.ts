import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { inScope, scopedChat, type ChatScope } from './chats.queries.js'

/*
 * Escalations (contract §7.4): every `escalated` chat event at its `occurred_at`, so a chat escalated twice is two
 * events of one chat (`chats.escalated_at` keeps only the latest). Filtered by the chat's current channel and topic.
 * The events of a window come from the escalation index alone (migration 0018); distinct chats do not add up across
 * hours, so they are counted here and not from the rollups, and the events with them, from the same rows.
 */

const iso = (d: Date) => d.toISOString()

/** Escalation events `e` in `[from, to)`, of any chat of the tenant. */
function escalationsIn(scope: ChatScope, window: Window) {
  return sql`chat_events e
    WHERE e.tenant_id = ${scope.tenantId} AND e.kind = 'escalated'
      AND e.occurred_at >= ${iso(window.from)}::timestamptz AND e.occurred_at < ${iso(window.to)}::timestamptz`
}

/** Per channel: distinct chats escalated in the window and all their escalations, repeats included. */
export async function escalationsByChannel(
  db: Executor,
  scope: ChatScope,
  window: Window,
): Promise<Map<Channel, { chats: number; events: number }>> {
  const { rows } = await sql<{ channel: Channel; chats: string | number; events: string | number }>`
    SELECT c.channel, count(*) AS chats, sum(d.events) AS events
    FROM (SELECT e.chat_id, count(*) AS events FROM ${escalationsIn(scope, window)} GROUP BY e.chat_id) d
    ${scopedChat(scope, sql`c.channel`)}
    GROUP BY c.channel`.execute(db)
  return new Map(rows.map((r) => [r.channel, { chats: Number(r.chats), events: Number(r.events) }]))
}

/** Distinct chats escalated in the window. */
export async function escalatedChats(db: Executor, scope: ChatScope, window: Window): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n
    FROM (SELECT DISTINCT e.chat_id FROM ${escalationsIn(scope, window)}) d
    ${inScope(scope)}`.execute(db)
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
    SELECT d.b, count(*) AS n
    FROM (
      SELECT DISTINCT width_bucket(e.occurred_at, ${[...bounds]}::timestamptz[]) AS b, e.chat_id
      FROM ${escalationsIn(scope, window)}
    ) d
    ${inScope(scope)}
    GROUP BY d.b`.execute(db)
  return new Map(rows.map((r) => [Number(r.b), Number(r.n)]))
}

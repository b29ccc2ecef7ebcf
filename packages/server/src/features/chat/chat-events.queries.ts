import type { Executor } from '../../db/database.js'
import type { ChatEventKind } from '../../db/schema.js'

/**
 * Reporting facts written in the same transaction as the change they describe, so analytics read what happened
 * instead of re-deriving it from the current chat row. Kinds:
 * - `created`: a customer started the chat (detail: `{channel}`).
 * - `first_response`: the first message of a human staff member (`actor_user_id`, `message_id`, `wait_seconds`).
 * - `reply`: every later human staff message; `wait_seconds` is null when no customer message was waiting.
 * - `resolved`: the chat became resolved (`actor_user_id` is the staff member who resolved it).
 * - `reopened`: a resolved chat became open or pending again (detail: `{by: 'staff'|'customer'|'escalation'}`).
 * - `escalated`: someone asked for a human (detail: `{by, reason}`; `message_id` is the triggering message).
 * - `rated`: the owner gave or replaced a rating (detail: `{rating, replaced}`).
 * - `assigned`: the assignee changed (detail: `{assignee_id, previous_assignee_id, auto}`; a null assignee is an
 *   unassignment). Written by `insertAssignmentEvent`, which also keeps the round-robin turn order.
 *
 * `wait_seconds` is the length of the customer's waiting period (contract §7.5, kept in `chats.waiting_since`): it
 * starts at a customer message when none is open and ends at the next human reply, which records it. An assistant
 * reply or the chat becoming resolved ends it without a sample, so the reply after that has a null `wait_seconds`.
 */
export type ChatEventInput = {
  chatId: number
  kind: Exclude<ChatEventKind, 'assigned'>
  at: Date
  actorUserId?: number | null
  messageId?: number | null
  waitSeconds?: number | null
  detail?: Record<string, unknown> | null
}

/** Appends one reporting event; call it with the transaction that makes the change. */
export async function insertChatEvent(ex: Executor, tenantId: number, e: ChatEventInput): Promise<void> {
  await ex
    .insertInto('chat_events')
    .values({
      tenant_id: tenantId,
      chat_id: e.chatId,
      kind: e.kind,
      actor_user_id: e.actorUserId ?? null,
      message_id: e.messageId ?? null,
      wait_seconds: e.waitSeconds ?? null,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      occurred_at: e.at,
    })
    .execute()
}

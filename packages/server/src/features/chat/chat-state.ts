import type { Executor } from '../../db/database.js'
import { conflict, isUniqueViolation } from '../../lib/errors.js'
import { insertAssignmentEvent } from './assignment.queries.js'
import { insertChatEvent } from './chat-events.queries.js'
import { unassignChatsOf, updateChat, type ChatRow } from './chats.queries.js'

const FIELD_NAMES: Record<string, string> = {
  assignee_id: 'assignee',
  topic_id: 'topic',
  last_message_id: 'last_message',
}
/** Columns the `Chat` object does not show. */
const INTERNAL_COLUMNS = new Set(['updated_at', 'waiting_since'])
/** Column names as the `Chat` object names them, for `chat.updated` events. */
export const chatFieldNames = (columns: string[]) => [
  ...new Set(columns.filter((c) => !INTERNAL_COLUMNS.has(c)).map((c) => FIELD_NAMES[c] ?? c)),
]

export const reopenConflict = () =>
  conflict('chat.invalid_state', 'The customer already has another open chat on this channel.')

/**
 * Moves a chat to a new status inside a transaction, applying the §4.3 rules: resolving stamps `resolved_at`,
 * leaving `resolved` clears it and counts a reopening; resolving also ends a waiting period. Returns the changes.
 */
export async function changeStatus(
  trx: Executor,
  chat: ChatRow,
  status: ChatRow['status'],
  at: Date,
  by: { actorUserId: number | null; reopenedBy: 'staff' | 'customer' | 'escalation' },
): Promise<Partial<ChatRow>> {
  if (status === chat.status) return {}
  const changes: Partial<ChatRow> = { status }
  if (status === 'resolved') {
    changes.resolved_at = at
    // Resolving ends the customer's waiting period without a response sample (contract §7.5).
    if (chat.waiting_since !== null) changes.waiting_since = null
    await insertChatEvent(trx, chat.tenant_id, { chatId: chat.id, kind: 'resolved', at, actorUserId: by.actorUserId })
  } else if (chat.status === 'resolved') {
    changes.resolved_at = null
    changes.reopened_count = chat.reopened_count + 1
    await insertChatEvent(trx, chat.tenant_id, {
      chatId: chat.id,
      kind: 'reopened',
      at,
      actorUserId: by.actorUserId,
      detail: { by: by.reopenedBy },
    })
  }
  return changes
}

/** Writes the changes to a chat; leaving `resolved` may collide with another open chat of the owner (409). */
export async function saveChat(trx: Executor, chat: ChatRow, changes: Partial<ChatRow>, at: Date): Promise<ChatRow> {
  const { id: _id, tenant_id: _t, created_at: _c, ...set } = changes
  try {
    return await updateChat(trx, chat.tenant_id, chat.id, { ...set, updated_at: at })
  } catch (err) {
    if (isUniqueViolation(err)) throw reopenConflict()
    throw err
  }
}

/**
 * A disabled member's non-resolved chats go back to the queue (contract §4.3); call it in the transaction
 * that disables them. Returns the ids of the chats it released.
 */
export async function releaseChatsOf(trx: Executor, tenantId: number, userId: number, at: Date): Promise<number[]> {
  const chatIds = await unassignChatsOf(trx, tenantId, userId, at)
  for (const chatId of chatIds) {
    await insertAssignmentEvent(trx, tenantId, {
      chatId,
      assigneeId: null,
      previousAssigneeId: userId,
      auto: true,
      at,
    })
  }
  return chatIds
}

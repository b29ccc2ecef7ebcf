import type { ActorRef } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { personRef } from './message.presenter.js'
import type { ChatRow } from './chats.queries.js'
import type { MessageRow } from './messages.queries.js'
import { insertStaffReplies, type StaffReplyInput, type StaffReplyRow } from './staff-reply.queries.js'

/** The chat as it was when the reply was written: enough to shape the message and route its events. */
export type RepliedChat = Pick<
  ChatRow,
  | 'id'
  | 'tenant_id'
  | 'client_id'
  | 'visitor_id'
  | 'assignee_id'
  | 'channel'
  | 'client_read_message_id'
  | 'client_read_at'
  | 'tenant_read_message_id'
  | 'tenant_read_at'
  | 'first_response_at'
>

export type StaffReplyResult =
  | { kind: 'missing' }
  | { kind: 'repeat'; chat: RepliedChat }
  | { kind: 'posted'; chat: RepliedChat; message: MessageRow; sender: ActorRef }

/** Writes the replies (see `insertStaffReplies`) and shapes each one's outcome, in the order given. */
export async function writeStaffReplies(ex: Executor, replies: StaffReplyInput[]): Promise<StaffReplyResult[]> {
  const rows = await insertStaffReplies(ex, replies)
  const results: StaffReplyResult[] = replies.map(() => ({ kind: 'missing' }))
  for (const row of rows) results[row.in_n] = resultOf(row, (replies[row.in_n] as StaffReplyInput).actor.userId)
  return results
}

function resultOf(row: StaffReplyRow, senderId: number): StaffReplyResult {
  const chat: RepliedChat = {
    id: row.found_chat_id,
    tenant_id: row.c_tenant_id,
    client_id: row.c_client_id,
    visitor_id: row.c_visitor_id,
    assignee_id: row.c_assignee_id,
    channel: row.c_channel,
    client_read_message_id: row.c_client_read_message_id,
    client_read_at: row.c_client_read_at,
    tenant_read_message_id: row.c_tenant_read_message_id,
    tenant_read_at: row.c_tenant_read_at,
    first_response_at: row.c_first_response_at,
  }
  if (row.id === null) return { kind: 'repeat', chat }
  const {
    in_n: _n,
    found_chat_id: _f,
    c_tenant_id: _t,
    c_client_id: _c,
    c_visitor_id: _v,
    c_assignee_id: _a,
    c_channel: _ch,
    c_client_read_message_id: _crm,
    c_client_read_at: _cra,
    c_tenant_read_message_id: _trm,
    c_tenant_read_at: _tra,
    c_first_response_at: _fr,
    u_username,
    u_first_name,
    u_last_name,
    ...message
  } = row
  const sender = personRef('staff', {
    id: senderId,
    username: u_username,
    first_name: u_first_name ?? '',
    last_name: u_last_name ?? '',
  })
  return { kind: 'posted', chat, message, sender }
}

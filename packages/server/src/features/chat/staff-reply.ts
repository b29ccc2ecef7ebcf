import type { ActorRef } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { personRef, type MessageRow } from './chat.presenter.js'
import type { ChatRow } from './chats.queries.js'

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

type Row = MessageRow & {
  found_chat_id: number
  c_tenant_id: number
  c_client_id: number | null
  c_visitor_id: number | null
  c_assignee_id: number | null
  c_channel: ChatRow['channel']
  c_client_read_message_id: number | null
  c_client_read_at: Date | null
  c_tenant_read_message_id: number | null
  c_tenant_read_at: Date | null
  c_first_response_at: Date | null
  u_username: string | null
  u_first_name: string | null
  u_last_name: string | null
}

/**
 * A staff member's text reply, written in one statement (the busiest write of the product): it locks the chat,
 * checks that the member may see it (employees limited to assigned chats, contract §3.4), inserts the message
 * with the chat's topic, records the `first_response` or `reply` event with the customer's wait, and moves the
 * chat's last message. A repeated `client_message_id` inserts nothing.
 *
 * Messages with a topic change or a recording take the general path in the message service.
 */
export async function writeStaffReply(
  ex: Executor,
  actor: StaffActor,
  input: { chat_id: number; text_content: string; client_message_id?: string | undefined },
  now: Date,
): Promise<StaffReplyResult> {
  const admin = actor.userType === 'admin'
  const { rows } = await sql<Row>`
    WITH old AS (
      SELECT c.* FROM chats c
      WHERE c.tenant_id = ${actor.tenantId} AND c.id = ${input.chat_id}
        AND (${admin}::boolean OR c.assignee_id IS NULL OR c.assignee_id = ${actor.userId}
          OR coalesce((SELECT s.chat_visibility FROM tenant_settings s WHERE s.tenant_id = c.tenant_id), 'all')
            <> 'assigned')
      FOR UPDATE
    ), m AS (
      INSERT INTO chat_messages (tenant_id, chat_id, message_sender, sender_kind, sender_user_id, text_content,
        topic_id, topic_name, client_message_id, sent_at, created_at, updated_at)
      SELECT old.tenant_id, old.id, 'tenant', 'staff', ${actor.userId}, ${input.text_content}, old.topic_id,
        (SELECT t.name FROM chat_topics t WHERE t.tenant_id = old.tenant_id AND t.id = old.topic_id),
        ${input.client_message_id ?? null}, ${now}, ${now}, ${now}
      FROM old
      ON CONFLICT (chat_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
      RETURNING *
    ), e AS (
      INSERT INTO chat_events (tenant_id, chat_id, kind, actor_user_id, message_id, wait_seconds, occurred_at)
      SELECT m.tenant_id, m.chat_id,
        CASE WHEN old.first_response_at IS NULL THEN 'first_response' ELSE 'reply' END,
        ${actor.userId}, m.id,
        CASE WHEN old.waiting_since IS NULL THEN NULL
          ELSE greatest(0, round(extract(epoch FROM (${now}::timestamptz - old.waiting_since))::numeric, 3)) END,
        ${now}
      FROM m, old
    ), u AS (
      UPDATE chats SET last_message_id = m.id, last_message_at = ${now}, updated_at = ${now},
        first_response_at = coalesce(chats.first_response_at, ${now}), waiting_since = NULL
      FROM m WHERE chats.tenant_id = m.tenant_id AND chats.id = m.chat_id
    )
    SELECT m.*, old.id AS found_chat_id, old.tenant_id AS c_tenant_id, old.client_id AS c_client_id,
      old.visitor_id AS c_visitor_id, old.assignee_id AS c_assignee_id, old.channel AS c_channel,
      old.client_read_message_id AS c_client_read_message_id, old.client_read_at AS c_client_read_at,
      old.tenant_read_message_id AS c_tenant_read_message_id, old.tenant_read_at AS c_tenant_read_at,
      old.first_response_at AS c_first_response_at,
      s.username AS u_username, s.first_name AS u_first_name, s.last_name AS u_last_name
    FROM old
    LEFT JOIN m ON true
    LEFT JOIN users s ON s.id = ${actor.userId}
  `.execute(ex)
  const row = rows[0]
  if (!row) return { kind: 'missing' }
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
    id: actor.userId,
    username: u_username,
    first_name: u_first_name ?? '',
    last_name: u_last_name ?? '',
  })
  return { kind: 'posted', chat, message, sender }
}

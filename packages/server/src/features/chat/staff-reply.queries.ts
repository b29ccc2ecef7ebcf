import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { ChatRow } from './chats.queries.js'
import type { MessageRow } from './messages.queries.js'

/** One staff text reply to write. */
export type StaffReplyInput = {
  actor: StaffActor
  chat_id: number
  text_content: string
  client_message_id?: string | undefined
  now: Date
}

/**
 * A reply as written: the message beside the chat as it was before and the author's names. On a repeated
 * `client_message_id` the message columns are null; a chat the member may not see has no row at all.
 */
export type StaffReplyRow = MessageRow & {
  in_n: number
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
 * Staff members' text replies, written in one statement however many there are (the busiest write of the
 * product; `createBatcher` groups concurrent replies). For each reply it locks the chat, checks that the member may
 * see it (employees limited to assigned chats, contract §3.4), inserts the message with the chat's topic, records
 * the `first_response` or `reply` event with the customer's wait, and moves the chat's last message. A repeated
 * `client_message_id` inserts nothing. The replies must name distinct chats; chats are locked in id order.
 *
 * Messages with a topic change or a recording take the general path in the message service. A batch may hold replies
 * of several tenants: each reply carries its member's tenant, and every join leads with it.
 */
export async function insertStaffReplies(ex: Executor, replies: StaffReplyInput[]): Promise<StaffReplyRow[]> {
  const { rows } = await sql<StaffReplyRow>`
    WITH input AS (
      SELECT * FROM unnest(
        ${replies.map((_, n) => n)}::int[],
        ${replies.map((r) => r.actor.tenantId)}::bigint[],
        ${replies.map((r) => r.chat_id)}::bigint[],
        ${replies.map((r) => r.actor.userId)}::bigint[],
        ${replies.map((r) => r.actor.userType === 'admin')}::boolean[],
        ${replies.map((r) => r.text_content)}::text[],
        ${replies.map((r) => r.client_message_id ?? null)}::text[],
        ${replies.map((r) => r.now.toISOString())}::timestamptz[]
      ) AS i(n, tenant_id, chat_id, user_id, admin, text_content, client_message_id, at)
    ), old AS (
      SELECT c.*, i.n AS in_n, i.user_id AS in_user, i.text_content AS in_text, i.client_message_id AS in_cmid,
        i.at AS in_at
      FROM input i
      JOIN chats c ON c.tenant_id = i.tenant_id AND c.id = i.chat_id
      WHERE i.admin OR c.assignee_id IS NULL OR c.assignee_id = i.user_id
        OR coalesce((SELECT s.chat_visibility FROM tenant_settings s WHERE s.tenant_id = c.tenant_id), 'all')
          <> 'assigned'
      ORDER BY c.tenant_id, c.id
      FOR UPDATE OF c
    ), m AS (
      INSERT INTO chat_messages (tenant_id, chat_id, message_sender, sender_kind, sender_user_id, text_content,
        topic_id, topic_name, client_message_id, sent_at, created_at, updated_at)
      SELECT old.tenant_id, old.id, 'tenant', 'staff', old.in_user, old.in_text, old.topic_id,
        (SELECT t.name FROM chat_topics t WHERE t.tenant_id = old.tenant_id AND t.id = old.topic_id),
        old.in_cmid, old.in_at, old.in_at, old.in_at
      FROM old
      ORDER BY old.in_n
      ON CONFLICT (tenant_id, chat_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
      RETURNING *
    ), e AS (
      INSERT INTO chat_events (tenant_id, chat_id, kind, actor_user_id, message_id, wait_seconds, occurred_at)
      SELECT m.tenant_id, m.chat_id,
        CASE WHEN old.first_response_at IS NULL THEN 'first_response' ELSE 'reply' END,
        m.sender_user_id, m.id,
        CASE WHEN old.waiting_since IS NULL THEN NULL
          ELSE greatest(0, round(extract(epoch FROM (old.in_at - old.waiting_since))::numeric, 3)) END,
        old.in_at
      FROM m JOIN old ON old.tenant_id = m.tenant_id AND old.id = m.chat_id
    ), u AS (
      UPDATE chats SET last_message_id = m.id, last_message_at = m.sent_at, updated_at = m.sent_at,
        first_response_at = coalesce(chats.first_response_at, m.sent_at), waiting_since = NULL
      FROM m WHERE chats.tenant_id = m.tenant_id AND chats.id = m.chat_id
    )
    SELECT m.*, old.in_n, old.id AS found_chat_id, old.tenant_id AS c_tenant_id, old.client_id AS c_client_id,
      old.visitor_id AS c_visitor_id, old.assignee_id AS c_assignee_id, old.channel AS c_channel,
      old.client_read_message_id AS c_client_read_message_id, old.client_read_at AS c_client_read_at,
      old.tenant_read_message_id AS c_tenant_read_message_id, old.tenant_read_at AS c_tenant_read_at,
      old.first_response_at AS c_first_response_at,
      s.username AS u_username, s.first_name AS u_first_name, s.last_name AS u_last_name
    FROM old
    LEFT JOIN m ON m.tenant_id = old.tenant_id AND m.chat_id = old.id
    LEFT JOIN users s ON s.id = old.in_user
  `.execute(ex)
  return rows
}

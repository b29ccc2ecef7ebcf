import { sql, type Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { ChatMessagesTable } from '../../db/schema.js'

/** Every column of a message: none is secret (the voice key names a stored file, served only by signed links). */
const MESSAGE_COLUMNS = [
  'id',
  'tenant_id',
  'chat_id',
  'message_sender',
  'sender_kind',
  'sender_user_id',
  'sender_visitor_id',
  'text_content',
  'voice_key',
  'voice_mime_type',
  'voice_size_bytes',
  'voice_duration_ms',
  'voice_transcript',
  'topic_id',
  'topic_name',
  'escalated',
  'client_message_id',
  'external_id',
  'delivery_status',
  'delivery_error',
  'sent_at',
  'deleted_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ChatMessagesTable)[]

export type MessageRow = Pick<Selectable<ChatMessagesTable>, (typeof MESSAGE_COLUMNS)[number]>

const inChat = (ex: Executor, tenantId: number, chatId: number) =>
  ex.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('tenant_id', '=', tenantId).where('chat_id', '=', chatId)

/** One message of a chat, or undefined. */
export function findMessage(ex: Executor, tenantId: number, chatId: number, messageId: number) {
  return inChat(ex, tenantId, chatId).where('id', '=', messageId).executeTakeFirst()
}

/** One message of the tenant, whichever chat it is in (the caller then checks access to that chat). */
export function findTenantMessage(ex: Executor, tenantId: number, messageId: number) {
  return ex
    .selectFrom('chat_messages')
    .select(MESSAGE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', messageId)
    .executeTakeFirst()
}

/** One message in a chat the client owns. Clients have no tenant, so this spans the tenants they chat with. */
export function findMessageOfClient(ex: Executor, clientId: number, messageId: number) {
  return ex
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.chat_id'))
    .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
    .where('m.id', '=', messageId)
    .where('c.client_id', '=', clientId)
    .executeTakeFirst()
}

/** Up to `limit` messages of a chat, oldest first: those after `after`, else the latest (before `before`). */
export async function listMessages(
  ex: Executor,
  tenantId: number,
  chatId: number,
  q: { after?: number | undefined; before?: number | undefined; limit: number },
): Promise<MessageRow[]> {
  if (q.after !== undefined)
    return inChat(ex, tenantId, chatId).where('id', '>', q.after).orderBy('id', 'asc').limit(q.limit).execute()
  let rows = inChat(ex, tenantId, chatId)
  if (q.before !== undefined) rows = rows.where('id', '<', q.before)
  return (await rows.orderBy('id', 'desc').limit(q.limit).execute()).reverse()
}

/** Whether the chat has a message on the given side of an id (for `has_older` and `has_newer`). */
export async function hasMessageBeyond(
  ex: Executor,
  tenantId: number,
  chatId: number,
  op: '<' | '>' | '<=' | '>=',
  messageId: number,
): Promise<boolean> {
  const row = await ex
    .selectFrom('chat_messages')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('chat_id', '=', chatId)
    .where('id', op, messageId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Whether a message is in the chat (a marker or an escalation may only name the chat's own messages). */
export async function messageExists(ex: Executor, tenantId: number, chatId: number, messageId: number) {
  const row = await ex
    .selectFrom('chat_messages')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('chat_id', '=', chatId)
    .where('id', '=', messageId)
    .executeTakeFirst()
  return row !== undefined
}

/** The message sent earlier with this `client_message_id` in the chat, for a retry; undefined when none. */
export function findMessageByClientId(ex: Executor, tenantId: number, chatId: number, clientMessageId: string) {
  return inChat(ex, tenantId, chatId).where('client_message_id', '=', clientMessageId).executeTakeFirst()
}

/** Whether staff or the assistant have answered in the chat (a rating needs an answer). */
export async function hasAnswer(ex: Executor, tenantId: number, chatId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('chat_messages')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('chat_id', '=', chatId)
    .where('message_sender', '<>', 'client')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Flags the message that asked for a human. */
export async function markMessageEscalated(ex: Executor, tenantId: number, messageId: number, at: Date) {
  await ex
    .updateTable('chat_messages')
    .set({ escalated: true, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', messageId)
    .execute()
}

/** Removes a message's content, its recording included; the row stays (analytics keep counting it). */
export async function eraseMessage(ex: Executor, tenantId: number, messageId: number, at: Date) {
  await ex
    .updateTable('chat_messages')
    .set({
      text_content: null,
      // The recording goes; what it was (a voice message, its type, length and size) stays for the analytics,
      // which keep counting deleted messages (contract §4.5).
      voice_key: null,
      voice_transcript: null,
      deleted_at: at,
      updated_at: at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', messageId)
    .execute()
}

export type NewMessage = {
  chatId: number
  sender: { kind: 'staff' | 'client'; userId: number } | { kind: 'visitor'; visitorId: number }
  text: string | null
  voice?: { key: string; mimeType: string; sizeBytes: number; durationMs: number | null } | undefined
  topicId: number | null
  /** The topic's name when known; otherwise it is read from the topic in the same statement. */
  topicName?: string | undefined
  clientMessageId: string | null
  at: Date
}

/** The author's names as a new message's sender reference needs them. */
export type SenderNames = {
  name?: string | null
  contact?: string | null
  username?: string
  first_name?: string
  last_name?: string
}

/** Inserts a message and returns it with its author's names, in one statement. */
export function insertMessage(ex: Executor, tenantId: number, m: NewMessage) {
  const topicId = m.topicId
  return ex
    .with('m', (db) =>
      db
        .insertInto('chat_messages')
        .values({
          tenant_id: tenantId,
          chat_id: m.chatId,
          message_sender: m.sender.kind === 'staff' ? 'tenant' : 'client',
          sender_kind: m.sender.kind,
          sender_user_id: m.sender.kind === 'visitor' ? null : m.sender.userId,
          sender_visitor_id: m.sender.kind === 'visitor' ? m.sender.visitorId : null,
          text_content: m.text,
          voice_key: m.voice?.key ?? null,
          voice_mime_type: m.voice?.mimeType ?? null,
          voice_size_bytes: m.voice?.sizeBytes ?? null,
          voice_duration_ms: m.voice?.durationMs ?? null,
          topic_id: topicId,
          topic_name:
            m.topicName ??
            (topicId === null
              ? null
              : (eb) =>
                  eb
                    .selectFrom('chat_topics')
                    .select('name')
                    .where('tenant_id', '=', tenantId)
                    .where('id', '=', topicId)),
          client_message_id: m.clientMessageId,
          sent_at: m.at,
          created_at: m.at,
          updated_at: m.at,
        })
        .returning(MESSAGE_COLUMNS),
    )
    .selectFrom('m')
    .leftJoin('users as u', 'u.id', 'm.sender_user_id')
    .leftJoin('anonymous_users as v', (join) =>
      join.onRef('v.tenant_id', '=', 'm.tenant_id').onRef('v.id', '=', 'm.sender_visitor_id'),
    )
    .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
    .select((eb) =>
      eb
        .case()
        .when('m.sender_visitor_id', 'is not', null)
        .then(eb.fn('json_build_object', [sql.lit('name'), 'v.name', sql.lit('contact'), 'v.contact']))
        .else(
          eb.fn('json_build_object', [
            sql.lit('username'),
            'u.username',
            sql.lit('first_name'),
            'u.first_name',
            sql.lit('last_name'),
            'u.last_name',
          ]),
        )
        .end()
        .$castTo<SenderNames>()
        .as('sender'),
    )
    .executeTakeFirstOrThrow()
}

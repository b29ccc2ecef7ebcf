import type { Message, MessageCreate } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { AppError, assertFound, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js'
import { escalation } from './chat-actions.service.js'
import { recordChatEvent, secondsBetween } from './chat-events.js'
import { personRef, presentMessage, presentMessages, type MessageChat, type MessageRow } from './chat.presenter.js'
import { publishMessage } from './chat-views.js'
import { writeStaffReplies, type StaffReplyInput } from './staff-reply.js'
import { createBatcher } from '../../lib/batcher.js'
import { decodeCursor, encodeCursor } from '../../lib/cursor.js'
import { publishEvents } from '../notifications/notifications.service.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import { changeStatus, chatFieldNames, saveChat, type ChatDeps } from './chat-state.js'
import { findTopic, loadChatFor, type ChatRow } from './chats.queries.js'
import { activeTopics } from './topics.service.js'
import { detectTopic } from './topics.detect.js'
import type { VoiceStorage } from '../media/storage.js'

/** A message as the services hand it over: text is optional when a voice recording comes with it. */
export type MessageInput = Omit<MessageCreate, 'text_content'> & { text_content?: string | undefined }

/** Audio already written to storage, to be attached to a new message. */
export type StoredVoice = { key: string; mimeType: string; sizeBytes: number; durationMs: number | null }

/** Channels where only text reaches the customer (contract §4.5). */
const TEXT_ONLY_CHANNELS = new Set(['facebook', 'instagram', 'whatsapp', 'email'])

type ListQuery = { chat_id: number; before?: string | undefined; after?: string | undefined; limit: number }

/** Text messages in a chat: cursor-paged reading, posting from either side, and admin removal. */
export function createMessageService({
  db,
  clock,
  bus,
  voiceLinks,
  dashboardUrl,
  voiceStorage,
}: ChatDeps & { voiceStorage?: VoiceStorage }) {
  // Concurrent staff replies share one statement; replies to one chat stay in order (see createBatcher).
  const staffReplies = createBatcher({
    run: (replies: StaffReplyInput[]) => writeStaffReplies(db, replies),
    keyOf: (reply) => reply.chat_id,
  })

  const inChat = (ex: Executor, chat: ChatRow) =>
    ex.selectFrom('chat_messages').selectAll().where('tenant_id', '=', chat.tenant_id).where('chat_id', '=', chat.id)

  /** Oldest first; without a cursor the latest `limit` messages. */
  async function list(actor: Actor, q: ListQuery) {
    if (q.before !== undefined && q.after !== undefined)
      throw fieldError('before', 'Send at most one of before and after.')
    const before = q.before !== undefined ? decodeCursor('messages', 'before', q.before) : undefined
    const after = q.after !== undefined ? decodeCursor('messages', 'after', q.after) : undefined
    const chat = await loadChatFor(db, actor, q.chat_id)
    let rows: MessageRow[]
    if (after !== undefined) {
      rows = await inChat(db, chat).where('id', '>', after).orderBy('id', 'asc').limit(q.limit).execute()
    } else {
      let query = inChat(db, chat)
      if (before !== undefined) query = query.where('id', '<', before)
      rows = (await query.orderBy('id', 'desc').limit(q.limit).execute()).reverse()
    }
    const first = rows[0]?.id
    const last = rows[rows.length - 1]?.id
    const exists = async (op: '<' | '>' | '<=' | '>=', id: number) =>
      (await inChat(db, chat).clearSelect().select('id').where('id', op, id).limit(1).executeTakeFirst()) !== undefined
    const [hasOlder, hasNewer] = await Promise.all([
      first !== undefined ? exists('<', first) : after !== undefined ? exists('<=', after) : Promise.resolve(false),
      last !== undefined ? exists('>', last) : before !== undefined ? exists('>=', before) : Promise.resolve(false),
    ])
    return {
      error: false as const,
      data: await presentMessages(db, chat, rows, voiceLinks),
      pagination: {
        limit: q.limit,
        has_older: hasOlder,
        has_newer: hasNewer,
        before_cursor: first !== undefined ? encodeCursor('messages', first) : null,
        after_cursor: last !== undefined ? encodeCursor('messages', last) : null,
      },
    }
  }

  async function loadMessage(actor: Actor, messageId: number) {
    const row = await db.selectFrom('chat_messages').select(['chat_id']).where('id', '=', messageId).executeTakeFirst()
    if (!row) throw notFound()
    const chat = await loadChatFor(db, actor, row.chat_id)
    const message = assertFound(await inChat(db, chat).where('id', '=', messageId).executeTakeFirst())
    return { chat, message }
  }

  async function get(actor: Actor, messageId: number): Promise<Message> {
    const { chat, message } = await loadMessage(actor, messageId)
    return (await presentMessages(db, chat, [message], voiceLinks))[0] as Message
  }

  /**
   * Returns the message and whether it is new (201) or a repeat of a `client_message_id` (200).
   * With `voice`, the recording is attached and `text_content` is its optional caption.
   */
  async function create(
    actor: Actor,
    input: MessageInput,
    voice?: StoredVoice,
  ): Promise<{ created: boolean; message: Message }> {
    if (voice === undefined && !input.text_content) throw fieldError('text_content', 'Message is required.')
    const sender = actor.kind === 'staff' ? 'tenant' : 'client'
    if (input.message_sender !== undefined && input.message_sender !== sender)
      throw forbidden(`You can only send messages as ${sender}.`)
    const now = clock.now()
    if (actor.kind === 'staff' && voice === undefined && input.topic_id === undefined && input.text_content) {
      const reply = await staffReplies.submit({
        actor,
        chat_id: input.chat_id,
        text_content: input.text_content,
        client_message_id: input.client_message_id,
        now,
      })
      if (reply.kind === 'missing') throw notFound()
      if (reply.kind === 'repeat') return assertFound(await repeatOf(reply.chat, input.client_message_id))
      const message = presentMessage(reply.chat, reply.message, reply.sender, voiceLinks)
      publishMessage(bus, reply.chat, message)
      if (reply.chat.first_response_at === null)
        bus.publish({
          type: 'chat.updated',
          tenantId: reply.chat.tenant_id,
          chatId: reply.chat.id,
          changes: ['first_response_at', 'last_message', 'last_message_at'],
          ratingRequested: false,
        })
      return { created: true, message }
    }
    let result:
      { chat: ChatRow; message: Message; changed: string[]; notices: NotificationBusEvent[] } | { repeat: ChatRow }
    try {
      result = await db.transaction().execute((trx) => write(trx, actor, input, now, voice))
    } catch (err) {
      const raced = isUniqueViolation(err, 'chat_messages_client_id_key')
        ? await repeatOf(await loadChatFor(db, actor, input.chat_id), input.client_message_id)
        : undefined
      if (raced) return raced
      throw err
    }
    if ('repeat' in result) return assertFound(await repeatOf(result.repeat, input.client_message_id))
    const { chat, message, changed, notices } = result
    publishMessage(bus, chat, message)
    if (changed.length)
      bus.publish({
        type: 'chat.updated',
        tenantId: chat.tenant_id,
        chatId: chat.id,
        changes: changed,
        ratingRequested: false,
      })
    publishEvents(bus, notices)
    return { created: true, message }
  }

  /** The message already sent with this `client_message_id`, for a retry (200 instead of 201). */
  async function repeatOf(chat: MessageChat & Pick<ChatRow, 'id' | 'tenant_id'>, clientMessageId?: string) {
    if (clientMessageId === undefined) return undefined
    const row = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('tenant_id', '=', chat.tenant_id)
      .where('chat_id', '=', chat.id)
      .where('client_message_id', '=', clientMessageId)
      .executeTakeFirst()
    return row && { created: false, message: (await presentMessages(db, chat, [row], voiceLinks))[0] as Message }
  }

  async function write(trx: Executor, actor: Actor, input: MessageInput, now: Date, voice?: StoredVoice) {
    const chat = await loadChatFor(trx, actor, input.chat_id, { lock: true })
    if (voice && actor.kind === 'staff' && TEXT_ONLY_CHANNELS.has(chat.channel))
      throw new AppError(
        422,
        'chat.voice_not_supported_on_channel',
        'Voice messages cannot be sent on this channel; send text instead.',
      )
    if (input.client_message_id !== undefined) {
      const earlier = await trx
        .selectFrom('chat_messages')
        .select('id')
        .where('tenant_id', '=', chat.tenant_id)
        .where('chat_id', '=', chat.id)
        .where('client_message_id', '=', input.client_message_id)
        .executeTakeFirst()
      if (earlier) return { repeat: chat }
    }
    let changes: Partial<ChatRow> = {}
    let notices: NotificationBusEvent[] = []
    let topic: { id: number; name: string } | undefined
    if (actor.kind === 'staff' && input.topic_id !== undefined) {
      topic = assertFound(await findTopic(trx, chat.tenant_id, input.topic_id))
      if (topic.id !== chat.topic_id) changes.topic_id = topic.id
    } else if (actor.kind !== 'staff' && chat.topic_id === null && input.text_content) {
      topic = detectTopic(input.text_content, await activeTopics(trx, chat.tenant_id))
      if (topic) changes.topic_id = topic.id
    }
    const topicId = topic?.id ?? chat.topic_id
    const { sender, ...message } = await trx
      .with('m', (db) =>
        db
          .insertInto('chat_messages')
          .values({
            tenant_id: chat.tenant_id,
            chat_id: chat.id,
            message_sender: actor.kind === 'staff' ? 'tenant' : 'client',
            sender_kind: actor.kind,
            sender_user_id: actor.kind === 'visitor' ? null : actor.userId,
            sender_visitor_id: actor.kind === 'visitor' ? actor.visitorId : null,
            text_content: input.text_content ?? null,
            voice_key: voice?.key ?? null,
            voice_mime_type: voice?.mimeType ?? null,
            voice_size_bytes: voice?.sizeBytes ?? null,
            voice_duration_ms: voice?.durationMs ?? null,
            topic_id: topicId,
            topic_name:
              topic?.name ??
              (topicId === null
                ? null
                : (eb) =>
                    eb
                      .selectFrom('chat_topics')
                      .select('name')
                      .where('tenant_id', '=', chat.tenant_id)
                      .where('id', '=', topicId)),
            client_message_id: input.client_message_id ?? null,
            sent_at: now,
            created_at: now,
            updated_at: now,
          })
          .returningAll(),
      )
      .selectFrom('m')
      .leftJoin('users as u', 'u.id', 'm.sender_user_id')
      .leftJoin('anonymous_users as v', 'v.id', 'm.sender_visitor_id')
      .selectAll('m')
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
          .$castTo<{
            name?: string | null
            contact?: string | null
            username?: string
            first_name?: string
            last_name?: string
          }>()
          .as('sender'),
      )
      .executeTakeFirstOrThrow()
    changes.last_message_id = message.id
    changes.last_message_at = now
    if (actor.kind === 'staff') {
      await staffReply(trx, actor, chat, message, now, changes)
    } else {
      if (chat.waiting_since === null) changes.waiting_since = now
      // A customer writing again re-opens the conversation.
      if (chat.status !== 'open')
        changes = {
          ...changes,
          ...(await changeStatus(trx, chat, 'open', now, { actorUserId: null, reopenedBy: 'customer' })),
        }
      if (input.escalated === true) {
        const escalated = await escalation(trx, { ...chat, ...changes }, now, {
          actor,
          reason: null,
          messageId: message.id,
          dashboardUrl,
        })
        changes = { ...changes, ...escalated.changes }
        notices = escalated.notices
        message.escalated = true
      }
    }
    const saved = await saveChat(trx, chat, changes, now)
    const changed = chatFieldNames(
      Object.keys(changes).filter((k) => k !== 'last_message_id' && k !== 'last_message_at'),
    )
    const senderId = actor.kind === 'visitor' ? actor.visitorId : actor.userId
    return {
      chat: saved,
      message: presentMessage(saved, message, personRef(actor.kind, { id: senderId, ...sender }), voiceLinks),
      changed: changed.length ? [...changed, 'last_message', 'last_message_at'] : [],
      notices,
    }
  }

  /** The first human answer stamps `first_response_at`; every human answer records how long the customer waited. */
  async function staffReply(
    trx: Executor,
    actor: StaffActor,
    chat: ChatRow,
    message: MessageRow,
    now: Date,
    changes: Partial<ChatRow>,
  ) {
    const first = chat.first_response_at === null
    if (first) changes.first_response_at = now
    if (chat.waiting_since !== null) changes.waiting_since = null
    await recordChatEvent(trx, {
      tenantId: chat.tenant_id,
      chatId: chat.id,
      kind: first ? 'first_response' : 'reply',
      at: now,
      actorUserId: actor.userId,
      messageId: message.id,
      waitSeconds: chat.waiting_since ? secondsBetween(chat.waiting_since, now) : null,
    })
  }

  /** The row stays (analytics keep counting it); its content goes, the stored audio included. */
  async function remove(actor: StaffActor, messageId: number, chatId?: number) {
    const { chat, message } = await loadMessage(actor, messageId)
    if (chatId !== undefined && chatId !== chat.id) throw notFound()
    if (message.deleted_at) return
    const now = clock.now()
    await db
      .updateTable('chat_messages')
      .set({
        text_content: null,
        voice_key: null,
        voice_mime_type: null,
        voice_size_bytes: null,
        voice_duration_ms: null,
        voice_transcript: null,
        deleted_at: now,
        updated_at: now,
      })
      .where('tenant_id', '=', chat.tenant_id)
      .where('id', '=', message.id)
      .execute()
    // After the write: if the storage fails, an unreferenced file is left behind, never a message pointing at nothing.
    if (message.voice_key && voiceStorage) await voiceStorage.delete(message.voice_key).catch(() => undefined)
    bus.publish({ type: 'message.updated', tenantId: chat.tenant_id, chatId: chat.id, messageId: message.id })
  }

  return { list, get, create, remove }
}

export type MessageService = ReturnType<typeof createMessageService>

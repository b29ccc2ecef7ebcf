import type { Message } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { createBatcher } from '../../lib/batcher.js'
import type { Clock } from '../../lib/clock.js'
import { decodeCursor, encodeCursor } from '../../lib/cursor.js'
import { assertFound, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js'
import type { VoiceStorage } from '../media/storage.js'
import type { VoiceLinks } from '../media/voice-links.js'
import { publishEvents } from '../realtime/publish.js'
import type { EventBus } from '../realtime/bus.js'
import { publishMessage } from './chat-views.js'
import { loadChatFor, type ChatRow } from './chats.queries.js'
import { presentMessage, presentMessages, type MessageChat } from './message.presenter.js'
import { writeMessage, type MessageInput, type StoredVoice } from './message-write.js'
import {
  eraseMessage,
  findMessageByClientId,
  findMessageOfClient,
  findTenantMessage,
  hasMessageBeyond,
  listMessages,
} from './messages.queries.js'
import { writeStaffReplies } from './staff-reply.js'
import type { StaffReplyInput } from './staff-reply.queries.js'

export type { MessageInput, StoredVoice }

type ListQuery = { chat_id: number; before?: string | undefined; after?: string | undefined; limit: number }

type Deps = {
  db: Db
  clock: Clock
  bus: EventBus
  voiceLinks: VoiceLinks
  /** The dashboard's address, for links in escalation mails. */
  dashboardUrl: string
  /** Where recordings live, to remove a removed message's audio. */
  voiceStorage?: VoiceStorage
}

/** Text messages in a chat: cursor-paged reading, posting from either side, and admin removal. */
export function createMessageService({ db, clock, bus, voiceLinks, dashboardUrl, voiceStorage }: Deps) {
  // Concurrent staff replies share one statement; replies to one chat stay in order (see createBatcher).
  const staffReplies = createBatcher({
    run: (replies: StaffReplyInput[]) => writeStaffReplies(db, replies),
    keyOf: (reply) => reply.chat_id,
  })

  /** Oldest first; without a cursor the latest `limit` messages. */
  async function list(actor: Actor, q: ListQuery) {
    if (q.before !== undefined && q.after !== undefined)
      throw fieldError('before', 'Send at most one of before and after.')
    const before = q.before !== undefined ? decodeCursor('messages', 'before', q.before) : undefined
    const after = q.after !== undefined ? decodeCursor('messages', 'after', q.after) : undefined
    const chat = await loadChatFor(db, actor, q.chat_id)
    const rows = await listMessages(db, chat.tenant_id, chat.id, { after, before, limit: q.limit })
    const first = rows[0]?.id
    const last = rows[rows.length - 1]?.id
    const exists = (op: '<' | '>' | '<=' | '>=', id: number) => hasMessageBeyond(db, chat.tenant_id, chat.id, op, id)
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

  /** The message and its chat, if the caller may read that chat. */
  async function loadMessage(actor: Actor, messageId: number) {
    const found =
      actor.kind === 'client'
        ? await findMessageOfClient(db, actor.userId, messageId)
        : await findTenantMessage(db, actor.tenantId, messageId)
    if (!found) throw notFound()
    const chat = await loadChatFor(db, actor, found.chat_id)
    return { chat, message: found }
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
    if (actor.kind === 'staff' && voice === undefined && input.topic_id === undefined && input.text_content)
      return staffReply(actor, { ...input, text_content: input.text_content }, now)
    let result: Awaited<ReturnType<typeof writeMessage>>
    try {
      result = await db.transaction().execute((trx) => writeMessage(trx, actor, input, now, { voice, dashboardUrl }))
    } catch (err) {
      const raced = isUniqueViolation(err, 'chat_messages_client_id_key')
        ? await repeatOf(await loadChatFor(db, actor, input.chat_id), input.client_message_id)
        : undefined
      if (raced) return raced
      throw err
    }
    if ('repeat' in result) return assertFound(await repeatOf(result.repeat, input.client_message_id))
    const { chat, message, changed, notices } = result
    const shaped = presentMessage(chat, message.row, message.sender, voiceLinks)
    publishMessage(bus, chat, shaped)
    if (changed.length)
      bus.publish({
        type: 'chat.updated',
        tenantId: chat.tenant_id,
        chatId: chat.id,
        changes: changed,
        ratingRequested: false,
      })
    publishEvents(bus, notices)
    return { created: true, message: shaped }
  }

  /** A plain staff text reply: batched with concurrent ones into one statement (see `insertStaffReplies`). */
  async function staffReply(actor: StaffActor, input: MessageInput & { text_content: string }, now: Date) {
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

  /** The message already sent with this `client_message_id`, for a retry (200 instead of 201). */
  async function repeatOf(chat: MessageChat & Pick<ChatRow, 'id' | 'tenant_id'>, clientMessageId?: string) {
    if (clientMessageId === undefined) return undefined
    const row = await findMessageByClientId(db, chat.tenant_id, chat.id, clientMessageId)
    return row && { created: false, message: (await presentMessages(db, chat, [row], voiceLinks))[0] as Message }
  }

  /** The row stays (analytics keep counting it); its content goes, the stored audio included. */
  async function remove(actor: StaffActor, messageId: number, chatId?: number) {
    const { chat, message } = await loadMessage(actor, messageId)
    if (chatId !== undefined && chatId !== chat.id) throw notFound()
    if (message.deleted_at) return
    await eraseMessage(db, chat.tenant_id, message.id, clock.now())
    // After the write: if the storage fails, an unreferenced file is left behind, never a message pointing at nothing.
    if (message.voice_key && voiceStorage) await voiceStorage.delete(message.voice_key).catch(() => undefined)
    bus.publish({ type: 'message.updated', tenantId: chat.tenant_id, chatId: chat.id, messageId: message.id })
  }

  return { list, get, create, remove }
}

export type MessageService = ReturnType<typeof createMessageService>

import type { ActorRef, MessageCreate } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { AppError, assertFound } from '../../lib/errors.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import { insertChatEvent } from './chat-events.queries.js'
import { changeStatus, chatFieldNames, saveChat } from './chat-state.js'
import { loadChatFor, type ChatRow } from './chats.queries.js'
import { escalation } from './escalation.js'
import { personRef } from './message.presenter.js'
import { findMessageByClientId, insertMessage, type MessageRow } from './messages.queries.js'
import { detectTopic } from './topics.detect.js'
import { findTopic, listActiveTopics } from './topics.queries.js'

/** A message as the services hand it over: text is optional when a voice recording comes with it. */
export type MessageInput = Omit<MessageCreate, 'text_content'> & { text_content?: string | undefined }

/** Audio already written to storage, to be attached to a new message. */
export type StoredVoice = { key: string; mimeType: string; sizeBytes: number; durationMs: number | null }

/** Channels where only text reaches the customer (contract §4.5). */
const TEXT_ONLY_CHANNELS = new Set(['facebook', 'instagram', 'whatsapp', 'email'])

/** Seconds between two instants, to the millisecond. */
const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.round(to.getTime() - from.getTime()) / 1000)

export type WrittenMessage =
  | { repeat: ChatRow }
  | {
      chat: ChatRow
      message: { row: MessageRow; sender: ActorRef }
      /** `Chat` fields that changed beyond the last message, for `chat.updated` (empty when none). */
      changed: string[]
      notices: NotificationBusEvent[]
    }

/**
 * Writes one message inside the caller's transaction, with what it does to the chat: the topic (given by staff or
 * detected from a customer's text), the customer's wait, re-opening, escalation, and the staff reporting events.
 * A repeated `client_message_id` writes nothing and answers `{ repeat }`.
 */
export async function writeMessage(
  trx: Executor,
  actor: Actor,
  input: MessageInput,
  now: Date,
  opts: { voice?: StoredVoice | undefined; dashboardUrl: string },
): Promise<WrittenMessage> {
  const { voice } = opts
  const chat = await loadChatFor(trx, actor, input.chat_id, { lock: true })
  if (voice && actor.kind === 'staff' && TEXT_ONLY_CHANNELS.has(chat.channel))
    throw new AppError(
      422,
      'chat.voice_not_supported_on_channel',
      'Voice messages cannot be sent on this channel; send text instead.',
    )
  if (
    input.client_message_id !== undefined &&
    (await findMessageByClientId(trx, chat.tenant_id, chat.id, input.client_message_id))
  )
    return { repeat: chat }
  let changes: Partial<ChatRow> = {}
  let notices: NotificationBusEvent[] = []
  let topic: { id: number; name: string } | undefined
  if (actor.kind === 'staff' && input.topic_id !== undefined) {
    topic = assertFound(await findTopic(trx, chat.tenant_id, input.topic_id))
    if (topic.id !== chat.topic_id) changes.topic_id = topic.id
  } else if (actor.kind !== 'staff' && chat.topic_id === null && input.text_content) {
    topic = detectTopic(input.text_content, await listActiveTopics(trx, chat.tenant_id))
    if (topic) changes.topic_id = topic.id
  }
  const { sender, ...message } = await insertMessage(trx, chat.tenant_id, {
    chatId: chat.id,
    sender:
      actor.kind === 'visitor'
        ? { kind: 'visitor', visitorId: actor.visitorId }
        : { kind: actor.kind, userId: actor.userId },
    text: input.text_content ?? null,
    voice,
    topicId: topic?.id ?? chat.topic_id,
    topicName: topic?.name,
    clientMessageId: input.client_message_id ?? null,
    at: now,
  })
  changes.last_message_id = message.id
  changes.last_message_at = now
  if (actor.kind === 'staff') {
    // The first human answer stamps `first_response_at`; every human answer records how long the customer waited.
    const first = chat.first_response_at === null
    if (first) changes.first_response_at = now
    if (chat.waiting_since !== null) changes.waiting_since = null
    await insertChatEvent(trx, chat.tenant_id, {
      chatId: chat.id,
      kind: first ? 'first_response' : 'reply',
      at: now,
      actorUserId: actor.userId,
      messageId: message.id,
      waitSeconds: chat.waiting_since ? secondsBetween(chat.waiting_since, now) : null,
    })
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
        dashboardUrl: opts.dashboardUrl,
      })
      changes = { ...changes, ...escalated.changes }
      notices = escalated.notices
      message.escalated = true
    }
  }
  const saved = await saveChat(trx, chat, changes, now)
  const changed = chatFieldNames(Object.keys(changes).filter((k) => k !== 'last_message_id' && k !== 'last_message_at'))
  const senderId = actor.kind === 'visitor' ? actor.visitorId : actor.userId
  return {
    chat: saved,
    message: { row: message, sender: personRef(actor.kind, { id: senderId, ...sender }) },
    changed: changed.length ? [...changed, 'last_message', 'last_message_at'] : [],
    notices,
  }
}

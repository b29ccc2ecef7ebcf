import type { Message } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { VoiceLinks } from '../media/voice-links.js'
import type { Actor } from '../../http/actor.js'
import { AppError } from '../../lib/errors.js'
import type { BusEvent, EventBus } from '../realtime/bus.js'
import type { RealtimeViews, RenderedEvent } from '../realtime/views.js'
import { idsOnly } from '../realtime/views.js'
import { presentChat, sideOf } from './chat.presenter.js'
import { loadChatFor, mayRead, type ChatRow } from './chats.queries.js'
import { actorRefOf, presentMessages } from './message.presenter.js'
import { findMessage } from './messages.queries.js'

type ShownChat = Pick<ChatRow, 'id' | 'tenant_id' | 'client_id' | 'visitor_id' | 'assignee_id'>

/**
 * Messages rendered by the process that wrote them, keyed by the event object itself: local sockets receive the
 * same object and skip the reads; other processes receive a copy through NOTIFY and render from the database.
 */
const rendered = new WeakMap<BusEvent, { chat: ShownChat; message: Message }>()

/** Publishes `message.created` with the message already shaped, so this process's sockets need no reads. */
export function publishMessage(bus: EventBus, chat: ShownChat, message: Message) {
  const event: BusEvent = {
    type: 'message.created',
    tenantId: chat.tenant_id,
    chatId: chat.id,
    messageId: message.message_id,
  }
  rendered.set(event, { chat, message })
  bus.publish(event)
}

/** The chat as the actor may see it now, or null (no access looks like absence, as over REST). */
async function visibleChat(db: Db, actor: Actor, chatId: number): Promise<ChatRow | null> {
  try {
    return await loadChatFor(db, actor, chatId)
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null
    throw err
  }
}

/**
 * Realtime rendering of chat events: the same access rules and shapes as the REST gets, so a socket never
 * shows what a REST call would refuse. Communities and threads are not part of the chat feature and are refused.
 */
export function createChatViews(db: Db, voiceLinks: VoiceLinks): RealtimeViews {
  return {
    canSubscribe: async (actor, channel) => {
      const m = /^chat:(\d+)$/.exec(channel)
      return m ? (await visibleChat(db, actor, Number(m[1]))) !== null : false
    },
    // Admins of a tenant see the same data; employees may be limited to their chats, so each renders alone.
    viewerKey: (actor) => {
      if (actor.kind === 'staff')
        return actor.userType === 'admin' ? `staff:${actor.tenantId}` : `staff:${actor.tenantId}:${actor.userId}`
      if (actor.kind === 'client') return `client:${actor.userId}`
      return `visitor:${actor.visitorId}`
    },
    render: async (event, actor): Promise<RenderedEvent | null> => {
      const known = rendered.get(event)
      if (known) return (await mayRead(db, actor, known.chat)) ? { type: event.type, data: known.message } : null
      const chat = await visibleChat(db, actor, event.chatId)
      if (!chat) return null
      switch (event.type) {
        case 'message.created':
        case 'message.updated': {
          const row = await findMessage(db, chat.tenant_id, chat.id, event.messageId)
          if (!row) return null
          const [message] = await presentMessages(db, chat, [row], voiceLinks)
          return { type: event.type, data: message }
        }
        case 'chat.created':
          return { type: event.type, data: await presentChat(db, actor, chat) }
        case 'chat.updated':
          return {
            type: event.type,
            data: {
              ...(await presentChat(db, actor, chat)),
              changes: event.changes,
              rating_requested: event.ratingRequested,
            },
          }
        default:
          return idsOnly(event)
      }
    },
    typingOf: async (actor, chatId) => {
      const chat = await visibleChat(db, actor, chatId)
      if (!chat) return null
      return { tenantId: chat.tenant_id, sender: sideOf(actor), user: await actorRefOf(db, actor) }
    },
  }
}

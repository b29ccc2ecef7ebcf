import type { ActorRef, Message } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { fullName, visitorName } from '../../lib/names.js'
import type { VoiceLinks } from '../media/voice-links.js'
import { byId, uniq } from './chat.presenter.js'
import type { ChatRow } from './chats.queries.js'
import type { MessageRow } from './messages.queries.js'
import { findUserName, listUserNames, listVisitors } from './presenter.queries.js'
import { lookUpVisitorName } from './visitor-names.js'

/** The chat fields a message's shape depends on. */
export type MessageChat = Pick<
  ChatRow,
  'channel' | 'client_read_message_id' | 'client_read_at' | 'tenant_read_message_id' | 'tenant_read_at'
>

/** Messages shaped for any caller; `read_at` comes from the other side's read marker. */
export async function presentMessages(
  ex: Executor,
  chat: MessageChat & Pick<ChatRow, 'tenant_id'>,
  rows: MessageRow[],
  links: VoiceLinks,
): Promise<Message[]> {
  const userIds = uniq(rows.map((m) => m.sender_user_id))
  const visitorIds = uniq(rows.map((m) => m.sender_visitor_id))
  const [users, visitors] = await Promise.all([
    userIds.length ? listUserNames(ex, userIds) : [],
    visitorIds.length ? listVisitors(ex, [chat.tenant_id], visitorIds) : [],
  ])
  const userMap = byId(users)
  const visitorMap = byId(visitors)
  return rows.map((m) => presentMessage(chat, m, senderRef(m, userMap, visitorMap), links))
}

/** One message shaped from rows already in hand (no reads). */
export function presentMessage(chat: MessageChat, m: MessageRow, sender: ActorRef, links: VoiceLinks): Message {
  const marker = m.message_sender === 'client' ? chat.tenant_read_message_id : chat.client_read_message_id
  const readAt = m.message_sender === 'client' ? chat.tenant_read_at : chat.client_read_at
  const hasVoice = !m.deleted_at && m.voice_mime_type !== null
  return {
    message_id: m.id,
    chat_id: m.chat_id,
    message_sender: m.message_sender,
    sender,
    text_content: m.deleted_at ? null : m.text_content,
    voice_content: hasVoice ? links.url(m.id) : null,
    voice: hasVoice
      ? {
          mime_type: m.voice_mime_type ?? '',
          size_bytes: m.voice_size_bytes ?? 0,
          duration_ms: m.voice_duration_ms,
          transcript: m.voice_transcript,
        }
      : null,
    channel: chat.channel,
    topic: m.topic_name,
    topic_id: m.topic_id,
    escalated: m.escalated,
    client_message_id: m.client_message_id,
    external_id: m.external_id,
    delivery_status: m.delivery_status,
    delivery_error: m.delivery_error,
    read_at: marker !== null && m.id <= marker ? iso(readAt) : null,
    sent_at: isoRequired(m.sent_at),
    deleted: m.deleted_at !== null,
    created_at: isoRequired(m.created_at),
    updated_at: isoRequired(m.updated_at),
  }
}

/** A staff member, client or visitor as the author of a message. */
export function personRef(
  kind: ActorRef['kind'],
  person: {
    id: number
    username?: string | null
    first_name?: string
    last_name?: string
    name?: string | null
    contact?: string | null
  },
): ActorRef {
  if (kind === 'visitor') return { kind, id: person.id, name: visitorName(person, person.id), username: null }
  return {
    kind,
    id: person.id,
    name: fullName({ first_name: person.first_name ?? '', last_name: person.last_name ?? '' }),
    username: person.username ?? null,
  }
}

function senderRef(
  m: MessageRow,
  users: Map<number, { id: number; username: string; first_name: string; last_name: string }>,
  visitors: Map<number, { id: number; name: string | null; contact: string | null }>,
): ActorRef {
  if (m.sender_kind === 'assistant') return { kind: 'assistant', id: null, name: 'Virtual assistant', username: null }
  if (m.sender_kind === 'visitor') {
    const v = m.sender_visitor_id !== null ? visitors.get(m.sender_visitor_id) : undefined
    return {
      kind: 'visitor',
      id: m.sender_visitor_id,
      name: visitorName(v, m.sender_visitor_id),
      username: null,
    }
  }
  const u = m.sender_user_id !== null ? users.get(m.sender_user_id) : undefined
  if (m.sender_kind === 'external' || !u)
    return {
      kind: m.sender_kind,
      id: m.sender_user_id,
      name: u ? fullName(u) : 'Unknown',
      username: u?.username ?? null,
    }
  return { kind: m.sender_kind, id: u.id, name: fullName(u), username: u.username }
}

/** The caller as the author of a typing signal or message. */
export async function actorRefOf(ex: Executor, actor: Actor): Promise<ActorRef> {
  if (actor.kind === 'visitor') {
    return {
      kind: 'visitor',
      id: actor.visitorId,
      name: await lookUpVisitorName(ex, actor.tenantId, actor.visitorId),
      username: null,
    }
  }
  const u = await findUserName(ex, actor.userId)
  return { kind: actor.kind, id: actor.userId, name: fullName(u), username: u.username }
}

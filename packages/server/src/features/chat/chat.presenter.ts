import type { ActorRef, Chat, Message } from '@proxima/contracts'
import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { ChatMessagesTable } from '../../db/schema.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import type { ChatRow } from './chats.queries.js'
import type { VoiceLinks } from '../media/voice-links.js'
import { fullName } from '../../lib/names.js'

export type MessageRow = Selectable<ChatMessagesTable>

const uniq = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null))]
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]))

export const PREVIEW_LENGTH = 120

/** The side of the conversation the caller is on. */
export const sideOf = (actor: Actor): 'tenant' | 'client' => (actor.kind === 'staff' ? 'tenant' : 'client')

function preview(m: Pick<MessageRow, 'text_content' | 'voice_key' | 'voice_mime_type' | 'deleted_at'>) {
  if (m.deleted_at) return 'Message deleted'
  if (m.voice_key || m.voice_mime_type) return 'Voice message'
  return (m.text_content ?? '').slice(0, PREVIEW_LENGTH)
}

/** Chats shaped for the caller: staff see the owner's details, customers only public fields. */
export async function presentChats(ex: Executor, viewer: Actor, rows: ChatRow[]): Promise<Chat[]> {
  if (rows.length === 0) return []
  const userIds = uniq(rows.flatMap((c) => [c.client_id, c.assignee_id]))
  const [tenants, users, visitors, topics, lastMessages, unread] = await Promise.all([
    ex
      .selectFrom('tenants')
      .select(['id', 'name'])
      .where('id', 'in', uniq(rows.map((c) => c.tenant_id)))
      .execute(),
    userIds.length ? ex.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : [],
    uniq(rows.map((c) => c.visitor_id)).length
      ? ex
          .selectFrom('anonymous_users')
          .select(['id', 'name', 'contact', 'channel'])
          .where('id', 'in', uniq(rows.map((c) => c.visitor_id)))
          .execute()
      : [],
    uniq(rows.map((c) => c.topic_id)).length
      ? ex
          .selectFrom('chat_topics')
          .select(['id', 'name', 'category_id'])
          .where('id', 'in', uniq(rows.map((c) => c.topic_id)))
          .execute()
      : [],
    uniq(rows.map((c) => c.last_message_id)).length
      ? ex
          .selectFrom('chat_messages')
          .select(['id', 'message_sender', 'text_content', 'voice_key', 'voice_mime_type', 'deleted_at', 'sent_at'])
          .where('id', 'in', uniq(rows.map((c) => c.last_message_id)))
          .execute()
      : [],
    unreadCounts(ex, viewer, rows),
  ])
  const tenantMap = byId(tenants)
  const userMap = byId(users)
  const visitorMap = byId(visitors)
  const topicMap = byId(topics)
  const lastMap = byId(lastMessages)
  return rows.map((c) => {
    const owner = c.client_id !== null ? userMap.get(c.client_id) : undefined
    const visitor = c.visitor_id !== null ? visitorMap.get(c.visitor_id) : undefined
    const assignee = c.assignee_id !== null ? userMap.get(c.assignee_id) : undefined
    const topic = c.topic_id !== null ? topicMap.get(c.topic_id) : undefined
    const last = c.last_message_id !== null ? lastMap.get(c.last_message_id) : undefined
    const publicOwner = owner && {
      id: owner.id,
      username: owner.username,
      first_name: owner.first_name,
      last_name: owner.last_name,
      profile_photo: owner.profile_photo,
    }
    return {
      chat_id: c.id,
      tenant_id: { tenant_id: c.tenant_id, tenant_name: tenantMap.get(c.tenant_id)?.name ?? '' },
      chat_owner: !publicOwner
        ? null
        : viewer.kind === 'staff'
          ? {
              ...publicOwner,
              email: owner.email,
              phonenumber: owner.phonenumber,
              gender: owner.gender,
              DOB: owner.dob,
              country: owner.country,
              state: owner.state,
              city: owner.city,
            }
          : publicOwner,
      visitor: visitor
        ? { anonymous_user_id: visitor.id, name: visitor.name, contact: visitor.contact, channel: visitor.channel }
        : null,
      guest_client: null,
      display_name: owner ? fullName(owner) : (visitor?.name ?? visitor?.contact ?? `Visitor #${c.visitor_id ?? c.id}`),
      channel: c.channel,
      status: c.status,
      assignee:
        assignee && (assignee.user_type === 'admin' || assignee.user_type === 'employee')
          ? {
              id: assignee.id,
              username: assignee.username,
              first_name: assignee.first_name,
              last_name: assignee.last_name,
              user_type: assignee.user_type,
            }
          : null,
      topic: topic ? { topic_id: topic.id, name: topic.name, category_id: topic.category_id } : null,
      escalated: c.escalated,
      escalated_at: iso(c.escalated_at),
      escalation_reason: c.escalation_reason,
      iva_enabled: c.iva_enabled,
      satisfaction_rating: c.satisfaction_rating,
      satisfaction_comment: c.satisfaction_comment,
      client_satisfaction: c.satisfaction_rating === null ? null : c.satisfaction_rating >= 4,
      rated_at: iso(c.rated_at),
      last_message: last
        ? {
            message_id: last.id,
            message_sender: last.message_sender,
            preview: preview(last),
            sent_at: isoRequired(last.sent_at),
          }
        : null,
      last_message_at: iso(c.last_message_at),
      unread_count: unread.get(c.id) ?? 0,
      first_response_at: iso(c.first_response_at),
      resolved_at: iso(c.resolved_at),
      reopened_count: c.reopened_count,
      created_at: isoRequired(c.created_at),
      updated_at: isoRequired(c.updated_at),
    }
  })
}

export async function presentChat(ex: Executor, viewer: Actor, row: ChatRow): Promise<Chat> {
  const [chat] = await presentChats(ex, viewer, [row])
  return chat as Chat
}

/** Messages from the other side after the caller's side's read marker. */
async function unreadCounts(ex: Executor, viewer: Actor, rows: ChatRow[]) {
  const side = sideOf(viewer)
  const counts = new Map<number, number>()
  const groups = new Map<number, number[]>()
  for (const c of rows) {
    const marker = (side === 'tenant' ? c.tenant_read_message_id : c.client_read_message_id) ?? 0
    groups.set(marker, [...(groups.get(marker) ?? []), c.id])
  }
  await Promise.all(
    [...groups].map(async ([marker, chatIds]) => {
      const found = await ex
        .selectFrom('chat_messages')
        .select(['chat_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('chat_id', 'in', chatIds)
        .where('id', '>', marker)
        .where('message_sender', side === 'tenant' ? '=' : '<>', 'client')
        .where('deleted_at', 'is', null)
        .groupBy('chat_id')
        .execute()
      for (const r of found) counts.set(r.chat_id, Number(r.n))
    }),
  )
  return counts
}

/** The chat fields a message's shape depends on. */
export type MessageChat = Pick<
  ChatRow,
  'channel' | 'client_read_message_id' | 'client_read_at' | 'tenant_read_message_id' | 'tenant_read_at'
>

/** Messages shaped for any caller; `read_at` comes from the other side's read marker. */
export async function presentMessages(
  ex: Executor,
  chat: MessageChat,
  rows: MessageRow[],
  links: VoiceLinks,
): Promise<Message[]> {
  const userIds = uniq(rows.map((m) => m.sender_user_id))
  const visitorIds = uniq(rows.map((m) => m.sender_visitor_id))
  const [users, visitors] = await Promise.all([
    userIds.length
      ? ex
          .selectFrom('users')
          .select(['id', 'username', 'first_name', 'last_name'])
          .where('id', 'in', userIds)
          .execute()
      : [],
    visitorIds.length
      ? ex.selectFrom('anonymous_users').select(['id', 'name', 'contact']).where('id', 'in', visitorIds).execute()
      : [],
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
  if (kind === 'visitor')
    return { kind, id: person.id, name: person.name ?? person.contact ?? `Visitor #${person.id}`, username: null }
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
      name: v?.name ?? v?.contact ?? `Visitor #${m.sender_visitor_id ?? ''}`,
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
    const v = await ex
      .selectFrom('anonymous_users')
      .select(['name', 'contact'])
      .where('id', '=', actor.visitorId)
      .executeTakeFirst()
    return {
      kind: 'visitor',
      id: actor.visitorId,
      name: v?.name ?? v?.contact ?? `Visitor #${actor.visitorId}`,
      username: null,
    }
  }
  const u = await ex
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow()
  return { kind: actor.kind, id: actor.userId, name: fullName(u), username: u.username }
}

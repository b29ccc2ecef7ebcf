import type { Chat } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { fullName, visitorName } from '../../lib/names.js'
import type { ChatRow } from './chats.queries.js'
import type { MessageRow } from './messages.queries.js'
import {
  countUnread,
  listChatPeople,
  listLastMessages,
  listTenantNames,
  listTopicRefs,
  listVisitors,
} from './presenter.queries.js'

/** The distinct ids present, for lookups. */
export const uniq = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null))]
/** Rows by their id. */
export const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]))

export const PREVIEW_LENGTH = 120

/** The side of the conversation the caller is on. */
export const sideOf = (actor: Actor): 'tenant' | 'client' => (actor.kind === 'staff' ? 'tenant' : 'client')

function preview(m: Pick<MessageRow, 'text_content' | 'voice_key' | 'voice_mime_type' | 'deleted_at'>) {
  if (m.deleted_at) return 'Message deleted'
  if (m.voice_key || m.voice_mime_type) return 'Voice message'
  return (m.text_content ?? '').slice(0, PREVIEW_LENGTH)
}

/** Lookups that only run when there is something to look up. */
const whenAny = <T>(ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<T[]> =>
  ids.length ? load(ids) : Promise.resolve([])

/** Chats shaped for the caller: staff see the owner's details, customers only public fields. */
export async function presentChats(ex: Executor, viewer: Actor, rows: ChatRow[]): Promise<Chat[]> {
  if (rows.length === 0) return []
  const tenantIds = uniq(rows.map((c) => c.tenant_id))
  const [tenants, users, visitors, topics, lastMessages, unread] = await Promise.all([
    listTenantNames(ex, tenantIds),
    whenAny(uniq(rows.flatMap((c) => [c.client_id, c.assignee_id])), (ids) => listChatPeople(ex, ids)),
    whenAny(uniq(rows.map((c) => c.visitor_id)), (ids) => listVisitors(ex, tenantIds, ids)),
    whenAny(uniq(rows.map((c) => c.topic_id)), (ids) => listTopicRefs(ex, tenantIds, ids)),
    whenAny(uniq(rows.map((c) => c.last_message_id)), (ids) => listLastMessages(ex, tenantIds, ids)),
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
      display_name: owner ? fullName(owner) : visitorName(visitor, c.visitor_id ?? c.id),
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

/** One chat shaped for the caller (see `presentChats`). */
export async function presentChat(ex: Executor, viewer: Actor, row: ChatRow): Promise<Chat> {
  const [chat] = await presentChats(ex, viewer, [row])
  return chat as Chat
}

/** Messages from the other side after the caller's side's read marker, per chat. */
async function unreadCounts(ex: Executor, viewer: Actor, rows: ChatRow[]): Promise<Map<number, number>> {
  const side = sideOf(viewer)
  const markers = rows.map((c) => ({
    tenant_id: c.tenant_id,
    chat_id: c.id,
    marker: (side === 'tenant' ? c.tenant_read_message_id : c.client_read_message_id) ?? 0,
  }))
  return new Map((await countUnread(ex, side, markers)).map((r) => [r.chat_id, r.n]))
}

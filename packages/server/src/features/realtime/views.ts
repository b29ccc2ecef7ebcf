import type { ServerFrameType, TopicChannel } from '@proxima/contracts'
import type { ActorRef } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { displayName } from '../../lib/names.js'
import type { ChatBusEvent, CommunityBusEvent, NotificationBusEvent } from './bus.js'
import { findStaffNames, isTenantChat } from './views.queries.js'

/** Channels (contract §4.9): a socket subscribes to topic channels itself; `tenant` and `user` are given. */
export type { TopicChannel, RealtimeChannel as Channel } from '@proxima/contracts'

/** What one recipient receives for an event: the frame's `type` and its `data`. */
export type RenderedEvent = { type: ServerFrameType; data: unknown }

/**
 * The seam between the realtime transport and the features that own the data (contract §4.9).
 *
 * The hub knows sockets, actors and channels; it knows nothing about chats or notifications. For each bus event it
 * finds the local sockets that could receive it, groups them by viewer, calls a render function once per group,
 * and sends the result to every socket of the group. Two sets of hooks are given to the hub where the app builds
 * it (`createRealtimeHub({ views, userViews })`):
 *
 * `RealtimeViews` renders chat events (`ChatBusEvent`) for `chat:<id>` subscribers and for staff of the event's
 * tenant on `tenant`. Rules for implementers:
 * - `viewerKey(actor, event)` must return the same key only for actors who are allowed to see exactly the same data
 *   for that event (e.g. `staff:<tenant>` when every staff member sees every chat and shares the tenant-side read marker;
 *   `staff:<tenant>:<user>` for an employee restricted to assigned chats; `client:<user>`). Fewer distinct keys means
 *   fewer renders: 1,000 staff sockets of one tenant should cost one render.
 * - `render(event, actor)` returns the data shaped for that actor exactly as the REST get would (a client never
 *   sees another client's details), or `null` when that actor must not receive the event (access rules such as
 *   `chat_visibility` belong here). It is called with one representative actor of the group.
 * - `canSubscribe(actor, channel)` answers like the REST get of the channel's object: false → `not_found`.
 * - `typingOf(actor, chatId)` describes who is typing in a chat the actor may access (or null: no access);
 *   the hub turns it into a `typing` bus event.
 *
 * `UserViews` renders events addressed to one user (`NotificationBusEvent`) for that user's own sockets on the
 * `user` channel; the hub renders once per user, whatever the number of their sockets. `render` returns the data
 * as the REST get would (`Notification`), or null when the actor is not its recipient or it no longer exists.
 *
 * Errors thrown by these functions are logged; the recipient simply does not get that event.
 */
export type RealtimeViews = {
  canSubscribe: (actor: Actor, channel: TopicChannel) => Promise<boolean>
  viewerKey: (actor: Actor, event: ChatBusEvent) => string
  render: (event: ChatBusEvent, actor: Actor) => Promise<RenderedEvent | null>
  typingOf: (
    actor: Actor,
    chatId: number,
  ) => Promise<{ tenantId: number; sender: 'client' | 'tenant'; user: ActorRef } | null>
}

/**
 * Rendering of community events (`CommunityBusEvent`) and access to `community:<id>` and `thread:<id>`, by the
 * same rules as `RealtimeViews`: one render per viewer key, data shaped as the REST get would, null to withhold.
 */
export type CommunityViews = {
  canSubscribe: (actor: Actor, channel: `community:${number}` | `thread:${number}`) => Promise<boolean>
  viewerKey: (actor: Actor, event: CommunityBusEvent) => string
  render: (event: CommunityBusEvent, actor: Actor) => Promise<RenderedEvent | null>
}

/** Stand-in until the community feature supplies its views: no subscriptions, nothing rendered. */
export const defaultCommunityViews: CommunityViews = {
  canSubscribe: async () => false,
  viewerKey: (actor) => defaultViewerKey(actor),
  render: async () => null,
}

export type UserViews = {
  render: (event: NotificationBusEvent, actor: Actor) => Promise<RenderedEvent | null>
}

/** Stand-in until the notifications feature supplies its views: the recipient gets the id only. */
export const defaultUserViews: UserViews = {
  render: async (event) => ({ type: event.type, data: { notification_id: event.notificationId } }),
}

/** How long a typing `start` lasts without a following `start` or `stop` (contract §4.9). */
export const TYPING_EXPIRES_MS = 6_000

/** Ids-only `data` of each event type, as sent by the default views. */
export function idsOnly(event: ChatBusEvent): RenderedEvent {
  switch (event.type) {
    case 'message.created':
    case 'message.updated':
      return { type: event.type, data: { chat_id: event.chatId, message_id: event.messageId } }
    case 'chat.created':
      return { type: event.type, data: { chat_id: event.chatId } }
    case 'chat.updated':
      return {
        type: event.type,
        data: { chat_id: event.chatId, changes: event.changes, rating_requested: event.ratingRequested },
      }
    case 'chat.read':
      return {
        type: event.type,
        data: {
          chat_id: event.chatId,
          side: event.side,
          last_read_message_id: event.lastReadMessageId,
          read_at: event.readAt,
        },
      }
    case 'typing':
      return {
        type: event.type,
        data: {
          chat_id: event.chatId,
          sender: event.sender,
          user: event.user,
          state: event.state,
          expires_in_ms: TYPING_EXPIRES_MS,
        },
      }
  }
}

export function defaultViewerKey(actor: Actor): string {
  if (actor.kind === 'staff') return `staff:${actor.tenantId}`
  if (actor.kind === 'client') return `client:${actor.userId}`
  return `visitor:${actor.visitorId}`
}

/**
 * Stand-in until the chat feature supplies its views: staff of the chat's tenant may subscribe to `chat:<id>`
 * and type in it; only staff of the event's tenant receive events, with ids only (clients refetch over REST).
 * Communities and threads are refused.
 */
export function createDefaultViews(db: Executor): RealtimeViews {
  return {
    canSubscribe: async (actor, channel) => {
      const m = /^chat:(\d+)$/.exec(channel)
      if (!m || actor.kind !== 'staff') return false
      return isTenantChat(db, actor.tenantId, Number(m[1]))
    },
    viewerKey: (actor) => defaultViewerKey(actor),
    render: async (event, actor) =>
      actor.kind === 'staff' && actor.tenantId === event.tenantId ? idsOnly(event) : null,
    typingOf: async (actor, chatId) => {
      if (actor.kind !== 'staff' || !(await isTenantChat(db, actor.tenantId, chatId))) return null
      const user = await findStaffNames(db, actor.tenantId, actor.userId)
      if (!user) return null
      return {
        tenantId: actor.tenantId,
        sender: 'tenant',
        user: { kind: 'staff', id: actor.userId, name: displayName(user), username: user.username },
      }
    },
  }
}

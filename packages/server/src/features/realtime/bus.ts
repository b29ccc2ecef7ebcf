import { EventEmitter } from 'node:events'
import type { ActorRef } from '@proxima/contracts'

/**
 * What happened, by id only: every server process that receives it renders the data for each recipient
 * (staff and owners see different shapes), so the event stays small enough for PostgreSQL NOTIFY.
 */
export type BusEvent = ChatBusEvent | NotificationBusEvent | CommunityBusEvent | SurveyBusEvent

/** Events about one chat: they go to its `chat:<id>` subscribers and, for most types, to staff on `tenant`. */
export type ChatBusEvent =
  | { type: 'message.created' | 'message.updated'; tenantId: number; chatId: number; messageId: number }
  | { type: 'chat.created'; tenantId: number; chatId: number }
  | { type: 'chat.updated'; tenantId: number; chatId: number; changes: string[]; ratingRequested: boolean }
  | {
      type: 'chat.read'
      tenantId: number
      chatId: number
      side: 'client' | 'tenant'
      lastReadMessageId: number
      readAt: string
    }
  | {
      type: 'typing'
      tenantId: number
      chatId: number
      sender: 'client' | 'tenant'
      user: ActorRef
      state: 'start' | 'stop'
    }

/**
 * Events about a community's issues and comments (contract §4.9): issues go to `community:<id>` subscribers and the
 * tenant's staff; comments to `thread:<id>` subscribers, and a staff reply's `comment.created` also to the issue
 * author's `user` channel.
 */
export type CommunityBusEvent = IssueBusEvent | CommentBusEvent

export type IssueBusEvent = {
  type: 'issue.created' | 'issue.updated' | 'issue.deleted'
  tenantId: number
  communityId: number
  issueId: number
}

export type CommentBusEvent = {
  type: 'comment.created' | 'comment.updated' | 'comment.deleted'
  tenantId: number
  communityId: number
  issueId: number
  threadId: number
  commentId: number
  /** The issue's author, who hears of staff replies on their `user` channel. */
  issueAuthorId: number
  staffReply: boolean
}

export const isIssueEvent = (e: CommunityBusEvent): e is IssueBusEvent =>
  e.type === 'issue.created' || e.type === 'issue.updated' || e.type === 'issue.deleted'

/** A new in-app notification: it goes to the sockets of its recipient only, on the `user` channel. */
export type NotificationBusEvent = {
  type: 'notification.created'
  tenantId: number
  userId: number
  notificationId: number
}

/** A survey received a response: its tenant's staff are told on the `tenant` channel (results pages refetch). */
export type SurveyBusEvent = {
  type: 'survey.response.created'
  tenantId: number
  surveyId: number
  responseId: number
  responseCount: number
}

export type EventBus = {
  /** Called after the change is committed; delivery is at-most-once. */
  publish: (event: BusEvent) => void
  /** Every event published by any process sharing the database; returns the unsubscribe function. */
  subscribe: (listener: (event: BusEvent) => void) => () => void
  close: () => Promise<void>
}

/** Fan-out inside one process. A cross-process transport wraps this one. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    publish: (event) => {
      emitter.emit('event', event)
    },
    subscribe: (listener) => {
      emitter.on('event', listener)
      return () => emitter.off('event', listener)
    },
    close: async () => {
      emitter.removeAllListeners()
    },
  }
}

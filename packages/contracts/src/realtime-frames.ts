import type { ActorRef, Chat, Message } from './chat.js'
import type { Comment, Issue } from './community.js'
import type { ErrorCode } from './error-codes.js'
import type { Notification } from './notifications.js'

/**
 * Server → client frames of `GET /api/ws` (contract §4.9) and the close codes, as types and constants only (no
 * schema library), so the web widget can import them without growing its bundle.
 */

/** Channels a socket may subscribe to itself; `tenant` and `user` are given on connect. */
export type TopicChannel = `chat:${number}` | `community:${number}` | `thread:${number}`
export type RealtimeChannel = 'tenant' | 'user' | TopicChannel

export type ChatReadData = {
  chat_id: number
  side: 'client' | 'tenant'
  last_read_message_id: number
  read_at: string
}

export type TypingData = {
  chat_id: number
  sender: 'client' | 'tenant'
  user: ActorRef
  state: 'start' | 'stop'
  expires_in_ms: number
}

export type SurveyResponseCreatedData = { survey_id: number; response_id: number; response_count: number }

/** The `data` of each server frame type. */
export type ServerFrameData = {
  ready: undefined
  pong: undefined
  error: { code: ErrorCode; message: string }
  'message.created': Message
  'message.updated': Message
  'chat.created': Chat
  'chat.updated': Chat & { changes: string[]; rating_requested: boolean }
  'chat.read': ChatReadData
  typing: TypingData
  'notification.created': Notification
  'issue.created': Issue
  'issue.updated': Issue
  'issue.deleted': { issue_id: number; community_id: number }
  'comment.created': Comment
  'comment.updated': Comment
  'comment.deleted': { comment_id: number }
  /** To the tenant's staff: a survey received a response (the results page refetches). */
  'survey.response.created': SurveyResponseCreatedData
}
export type ServerFrameType = keyof ServerFrameData

type Envelope = { event_id: string; occurred_at: string; channel?: RealtimeChannel }

/** A server → client frame: switching on `type` gives the matching `data`. */
export type ServerFrame = {
  [T in ServerFrameType]: Envelope &
    (T extends 'ready'
      ? { type: T; user_type: 'admin' | 'employee' | 'client' | 'visitor'; connection_id: string }
      : ServerFrameData[T] extends undefined
        ? { type: T }
        : { type: T; data: ServerFrameData[T] })
}[ServerFrameType]

/** WebSocket close codes (contract §4.9, §14). */
export const WsClose = {
  goingAway: 1001,
  serverError: 1011,
  /** Events may have been missed (the server's link to the other servers was down): reconnect and fetch again. */
  serviceRestart: 1012,
  tryAgainLater: 1013,
  unauthorized: 4001,
  forbidden: 4003,
  tooManyFrames: 4008,
} as const

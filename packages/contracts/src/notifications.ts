import { z } from 'zod'
import { QueryBool, Timestamp } from './common.js'
import { CursorPagination } from './chat.js'

/** Every notification type of contract §13.3. */
export const NotificationTypeName = z.enum([
  'chat.created',
  'chat.escalated',
  'chat.assigned',
  'issue.created',
  'survey.response',
  'subscription.trial_ending',
  'email.failing',
  'integration.error',
])
export type NotificationType = z.infer<typeof NotificationTypeName>

export const Notification = z.object({
  notification_id: z.number().int(),
  type: NotificationTypeName,
  title: z.string(),
  body: z.string(),
  /** Ids to open, e.g. `{chat_id}`. */
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  read_at: Timestamp.nullable(),
  created_at: Timestamp,
})
export type Notification = z.infer<typeof Notification>

/** Newest first; `before` pages back to older notifications, `after` fetches newer ones. */
export const NotificationListQuery = z.object({
  unread: QueryBool.optional(),
  type: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), NotificationTypeName).optional(),
  before: z.string().max(100).optional(),
  after: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export type NotificationListQuery = z.infer<typeof NotificationListQuery>

export const NotificationPage = z.object({
  error: z.literal(false),
  data: z.array(Notification),
  pagination: CursorPagination,
})
export const UnreadCount = z.object({ count: z.number().int() })
export const ReadAllReply = z.object({ updated: z.number().int() })

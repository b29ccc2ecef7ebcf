import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParams,
  Notification,
  NotificationListQuery,
  NotificationPage,
  ReadAllReply,
  UnreadCount,
} from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { NotificationService } from './notifications.service.js'

const tags = ['notifications']
/** Marking read is housekeeping, not a paid feature: it keeps working after the subscription ends (§3.3). */
const staffWrite = { roles: STAFF, allowWhenExpired: true }

/** A staff member's own in-app notifications (contract §13.3). */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/api/notifications/',
    {
      schema: {
        tags,
        summary: 'Own notifications, newest first, cursor-paged',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage },
      },
      config: { roles: STAFF },
    },
    (req) => notifications.list(staffOf(req), req.query),
  )
  app.get(
    '/api/notifications/unread-count/',
    {
      schema: { tags, summary: 'How many own notifications are unread', response: { 200: UnreadCount } },
      config: { roles: STAFF },
    },
    (req) => notifications.unreadCount(staffOf(req)),
  )
  app.post(
    '/api/notifications/:id/read/',
    {
      schema: { tags, summary: 'Mark an own notification read', params: IdParams, response: { 200: Notification } },
      config: staffWrite,
    },
    (req) => notifications.read(staffOf(req), req.params.id),
  )
  app.post(
    '/api/notifications/read-all/',
    {
      schema: { tags, summary: 'Mark every own notification read', response: { 200: ReadAllReply } },
      config: staffWrite,
    },
    (req) => notifications.readAll(staffOf(req)),
  )
}

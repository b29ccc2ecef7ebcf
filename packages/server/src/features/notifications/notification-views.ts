import type { Db } from '../../db/database.js'
import type { UserViews } from '../realtime/views.js'
import { findOwnNotification } from './notifications.queries.js'
import { presentNotification } from './notifications.service.js'

/** `notification.created` on the `user` channel: the notification as `GET /api/notifications/` shows it. */
export function createNotificationViews(db: Db): UserViews {
  return {
    render: async (event, actor) => {
      if (actor.kind !== 'staff' || actor.tenantId !== event.tenantId || actor.userId !== event.userId) return null
      const row = await findOwnNotification(db, event.tenantId, event.userId, event.notificationId)
      return row ? { type: event.type, data: presentNotification(row) } : null
    },
  }
}

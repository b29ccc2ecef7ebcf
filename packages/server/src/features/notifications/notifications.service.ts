import type { Notification, NotificationListQuery, NotificationType } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { addDays, isoRequired, iso, type Clock } from '../../lib/clock.js'
import { assertFound, fieldError } from '../../lib/errors.js'
import { decodeCursor, encodeCursor } from '../../lib/cursor.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import {
  countUnread,
  findOwnNotification,
  hasOwnNotification,
  insertNotifications,
  listOwnNotifications,
  listRecipients,
  markAllRead,
  markRead,
  sweepNotificationsCreatedBefore,
  upsertSurveyResponseNotification,
  type NotificationRow,
  type Recipient,
} from './notifications.queries.js'

/** Bus publishing lives with the realtime transport; callers that still import it from here get the same function. */

/** Notifications are kept this long (contract §13.3). */
export const NOTIFICATION_RETENTION_DAYS = 90

export type NotifyInput = {
  tenantId: number
  /** Named staff members (inactive or foreign ids are skipped), or every active staff member of the tenant. */
  userIds: number[] | 'all-active-staff'
  /** Left out of the recipients: the staff member whose own action caused the notification. */
  exceptUserId?: number | null | undefined
  type: NotificationType
  title: string
  body: string
  /** Ids to open, e.g. `{chat_id}`. */
  data?: Record<string, unknown>
  /** Now, by the app's clock. */
  at: Date
}

/** What `notify` wrote: the events to publish once the transaction has committed, and who got them. */
export type Notified = { events: NotificationBusEvent[]; recipients: Recipient[] }

/**
 * Writes one notification per recipient inside the caller's transaction. The caller publishes the returned
 * events after the commit (`publishEvents`), like every other bus event.
 */
export async function notify(ex: Executor, input: NotifyInput): Promise<Notified> {
  const recipients = (await listRecipients(ex, input.tenantId, input.userIds)).filter(
    (r) => r.id !== input.exceptUserId,
  )
  if (recipients.length === 0) return { events: [], recipients }
  const rows = await insertNotifications(
    ex,
    input.tenantId,
    recipients.map((r) => ({
      user_id: r.id,
      type: input.type,
      title: input.title,
      body: input.body,
      data: JSON.stringify(input.data ?? {}),
      created_at: input.at,
    })),
  )
  return {
    events: rows.map((row) => ({
      type: 'notification.created' as const,
      tenantId: input.tenantId,
      userId: row.user_id,
      notificationId: row.id,
    })),
    recipients,
  }
}

/** A stored notification as its recipient sees it (contract §13.3). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    notification_id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    data: row.data ?? {},
    read: row.read_at !== null,
    read_at: iso(row.read_at),
    created_at: isoRequired(row.created_at),
  }
}

/** A staff member's own notifications: reading, counting, marking read, and the retention clean-up. */
export function createNotificationService({ db, clock }: { db: Db; clock: Clock }) {
  /** Newest first; without a cursor the latest `limit`; `before` pages back, `after` fetches newer ones. */
  async function list(actor: StaffActor, q: NotificationListQuery) {
    if (q.before !== undefined && q.after !== undefined)
      throw fieldError('before', 'Send at most one of before and after.')
    const before = q.before !== undefined ? decodeCursor('notifications', 'before', q.before) : undefined
    const after = q.after !== undefined ? decodeCursor('notifications', 'after', q.after) : undefined
    const filters = { unread: q.unread, type: q.type }
    const rows = await listOwnNotifications(db, actor.tenantId, actor.userId, filters, {
      before,
      after,
      limit: q.limit,
    })
    const newest = rows[0]?.id
    const oldest = rows[rows.length - 1]?.id
    const exists = (side: '<' | '>' | '<=' | '>=', id: number) =>
      hasOwnNotification(db, actor.tenantId, actor.userId, filters, side, id)
    const [hasOlder, hasNewer] = await Promise.all([
      oldest !== undefined ? exists('<', oldest) : after !== undefined ? exists('<=', after) : Promise.resolve(false),
      newest !== undefined ? exists('>', newest) : before !== undefined ? exists('>=', before) : Promise.resolve(false),
    ])
    return {
      error: false as const,
      data: rows.map(presentNotification),
      pagination: {
        limit: q.limit,
        has_older: hasOlder,
        has_newer: hasNewer,
        before_cursor: oldest !== undefined ? encodeCursor('notifications', oldest) : null,
        after_cursor: newest !== undefined ? encodeCursor('notifications', newest) : null,
      },
    }
  }

  /** The badge on the bell. */
  async function unreadCount(actor: StaffActor) {
    return { count: await countUnread(db, actor.tenantId, actor.userId) }
  }

  /** Another user's notification answers 404, like one that does not exist. */
  async function read(actor: StaffActor, id: number): Promise<Notification> {
    const updated = await markRead(db, actor.tenantId, actor.userId, id, clock.now())
    return presentNotification(updated ?? assertFound(await findOwnNotification(db, actor.tenantId, actor.userId, id)))
  }

  /** Marks every own unread notification read; says how many changed. */
  async function readAll(actor: StaffActor) {
    return { updated: await markAllRead(db, actor.tenantId, actor.userId, clock.now()) }
  }

  /** The daily job, across all tenants: notifications older than 90 days go. */
  async function purgeOld(): Promise<number> {
    return sweepNotificationsCreatedBefore(db, addDays(clock.now(), -NOTIFICATION_RETENTION_DAYS))
  }

  return { list, unreadCount, read, readAll, purgeOld }
}

export type NotificationService = ReturnType<typeof createNotificationService>

/**
 * A new response to a survey, for its creator (contract §13.3 `survey.response`): one unread notification per survey
 * whose count rises. Only a new notification is announced on the bus; an update of the unread one is not.
 */
export async function notifySurveyResponse(
  ex: Executor,
  input: { tenantId: number; creatorId: number | null; surveyId: number; topic: string; count: number; at: Date },
): Promise<NotificationBusEvent[]> {
  if (input.creatorId === null) return []
  const [recipient] = await listRecipients(ex, input.tenantId, [input.creatorId])
  if (!recipient) return []
  const noun = input.count === 1 ? 'response' : 'responses'
  const row = await upsertSurveyResponseNotification(ex, input.tenantId, {
    user_id: recipient.id,
    title: 'New survey response',
    body: `${input.topic}: ${input.count} ${noun} so far`,
    data: { survey_id: input.surveyId, count: input.count },
    created_at: input.at,
  })
  if (!row.inserted || row.id === null) return []
  return [{ type: 'notification.created', tenantId: input.tenantId, userId: recipient.id, notificationId: row.id }]
}

import { sql, type Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { NotificationsTable, UsersTable } from '../../db/schema.js'

/** What a notification shows its recipient (`Notification` in the contract); tenant and recipient are known. */
export const NOTIFICATION_COLUMNS = ['id', 'type', 'title', 'body', 'data', 'read_at', 'created_at'] as const

export type NotificationRow = Pick<Selectable<NotificationsTable>, (typeof NOTIFICATION_COLUMNS)[number]>

/** A staff member who can receive a notification, with what the escalation email needs. */
export type Recipient = Pick<Selectable<UsersTable>, 'id' | 'email' | 'first_name' | 'last_name'> & {
  notification_prefs: { email_escalations: boolean } | null
}

/** The list filters of `GET /api/notifications/`. */
export type NotificationFilters = { unread?: boolean | undefined; type?: string | undefined }

/** Active staff of the tenant: all of them, or those among `userIds` (others are skipped silently). */
export function listRecipients(
  ex: Executor,
  tenantId: number,
  userIds: number[] | 'all-active-staff',
): Promise<Recipient[]> {
  let q = ex
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'notification_prefs'])
    .where('tenant_id', '=', tenantId)
    .where('user_type', 'in', ['admin', 'employee'])
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
  if (userIds !== 'all-active-staff') q = q.where('id', 'in', userIds.length > 0 ? userIds : [-1])
  return q.orderBy('id').execute()
}

/** One notification per recipient, written in one statement; returns the new ids to announce on the bus. */
export function insertNotifications(
  ex: Executor,
  tenantId: number,
  rows: { user_id: number; type: string; title: string; body: string; data: string; created_at: Date }[],
) {
  return ex
    .insertInto('notifications')
    .values(rows.map((row) => ({ tenant_id: tenantId, ...row })))
    .returning(['id', 'user_id'])
    .execute()
}

/**
 * The notifications of one recipient, optionally narrowed by read state and type. The where-clause leads with the
 * tenant and the recipient, and the unread filter is spelt `read_at is null`, so the planner serves unread counts
 * and lists from the partial index `notifications_unread_idx (tenant_id, user_id, id) where read_at is null` and
 * the rest from `notifications_recipient_idx (tenant_id, user_id, id desc)`.
 */
function ownNotifications(ex: Executor, tenantId: number, userId: number, filters: NotificationFilters = {}) {
  let q = ex.selectFrom('notifications').where('tenant_id', '=', tenantId).where('user_id', '=', userId)
  if (filters.unread === true) q = q.where('read_at', 'is', null)
  if (filters.unread === false) q = q.where('read_at', 'is not', null)
  if (filters.type !== undefined) q = q.where('type', '=', filters.type)
  return q
}

/**
 * One page of a recipient's notifications, newest first: the latest `limit`, those just older than `before`, or
 * (with `after`) the `limit` closest newer than `after`.
 *
 * The page's ids are picked first, from the recipient's own index entries only, and the rows fetched by id after.
 * Asked for whole rows in one go, PostgreSQL may instead walk the primary key backwards through every tenant's
 * newer notifications until it has met `limit` of this recipient's (tens of milliseconds per request for a busy
 * recipient who has not been notified for a while).
 */
export async function listOwnNotifications(
  ex: Executor,
  tenantId: number,
  userId: number,
  filters: NotificationFilters,
  page: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<NotificationRow[]> {
  const mine = ownNotifications(ex, tenantId, userId, filters).select('id')
  const ids =
    page.after !== undefined
      ? mine.where('id', '>', page.after).orderBy('id', 'asc').limit(page.limit)
      : (page.before !== undefined ? mine.where('id', '<', page.before) : mine).orderBy('id', 'desc').limit(page.limit)
  return ex
    .selectFrom('notifications')
    .select(NOTIFICATION_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .execute()
}

/** Whether the recipient has a notification matching `filters` on that side of `id` (a page's has_older/has_newer). */
export async function hasOwnNotification(
  ex: Executor,
  tenantId: number,
  userId: number,
  filters: NotificationFilters,
  side: '<' | '>' | '<=' | '>=',
  id: number,
): Promise<boolean> {
  const row = await ownNotifications(ex, tenantId, userId, filters)
    .select('id')
    .where('id', side, id)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** One of the recipient's own notifications; another user's answers undefined, like one that does not exist. */
export function findOwnNotification(
  ex: Executor,
  tenantId: number,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  return ownNotifications(ex, tenantId, userId).select(NOTIFICATION_COLUMNS).where('id', '=', id).executeTakeFirst()
}

/** The badge on the bell: how many of the recipient's notifications are unread. */
export async function countUnread(ex: Executor, tenantId: number, userId: number): Promise<number> {
  const row = await ownNotifications(ex, tenantId, userId, { unread: true })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Stamps `read_at` on one unread notification; an already read one keeps its first `read_at` (undefined then). */
export function markRead(
  ex: Executor,
  tenantId: number,
  userId: number,
  id: number,
  at: Date,
): Promise<NotificationRow | undefined> {
  return ex
    .updateTable('notifications')
    .set({ read_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .returning(NOTIFICATION_COLUMNS)
    .executeTakeFirst()
}

/** Stamps `read_at` on every unread notification of the recipient; returns how many changed. */
export async function markAllRead(ex: Executor, tenantId: number, userId: number, at: Date): Promise<number> {
  const result = await ex
    .updateTable('notifications')
    .set({ read_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * The retention job: deletes every notification created before `cutoff`, in all tenants at once (by
 * `notifications_created_idx`); returns how many went.
 */
export async function sweepNotificationsCreatedBefore(ex: Executor, cutoff: Date): Promise<number> {
  const result = await ex.deleteFrom('notifications').where('created_at', '<', cutoff).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * The recipient's unread `survey.response` notification of the survey, written or updated (migration 0015 keeps
 * one per recipient and survey while unread): `inserted` tells a new notification from an updated one. The
 * count only rises: a late writer with a lower count leaves the notification as it is.
 */
export async function upsertSurveyResponseNotification(
  ex: Executor,
  tenantId: number,
  row: { user_id: number; title: string; body: string; data: { survey_id: number; count: number }; created_at: Date },
) {
  const result = await sql<{ id: number; inserted: boolean }>`
    insert into notifications (tenant_id, user_id, type, title, body, data, created_at)
    values (${tenantId}, ${row.user_id}, 'survey.response', ${row.title}, ${row.body}, ${JSON.stringify(row.data)}::jsonb,
            ${row.created_at})
    on conflict (tenant_id, user_id, (data ->> 'survey_id')) where type = 'survey.response' and read_at is null
    do update set title = excluded.title, body = excluded.body, data = excluded.data
      where (excluded.data ->> 'count')::int > coalesce((notifications.data ->> 'count')::int, 0)
    returning id, (xmax = 0) as inserted`.execute(ex)
  // No row: a concurrent response already raised the count further.
  const r = result.rows[0]
  return { id: r ? Number(r.id) : null, inserted: r?.inserted === true }
}

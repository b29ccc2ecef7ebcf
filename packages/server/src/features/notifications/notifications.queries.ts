import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { NotificationsTable } from '../../db/schema.js'

export type NotificationRow = Selectable<NotificationsTable>

/** A staff member who can receive a notification, with what the escalation email needs. */
export type Recipient = {
  id: number
  email: string
  first_name: string
  last_name: string
  notification_prefs: { email_escalations: boolean } | null
}

/** Active staff of the tenant: all of them, or those among `userIds` (others are skipped silently). */
export function listRecipients(ex: Executor, tenantId: number, userIds: number[] | 'all-active-staff') {
  let q = ex
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'notification_prefs'])
    .where('tenant_id', '=', tenantId)
    .where('user_type', 'in', ['admin', 'employee'])
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
  if (userIds !== 'all-active-staff') q = q.where('id', 'in', userIds.length > 0 ? userIds : [-1])
  return q.orderBy('id').execute() as Promise<Recipient[]>
}

/** The notifications of one recipient, optionally narrowed by read state and type. */
export function ownNotifications(
  ex: Executor,
  tenantId: number,
  userId: number,
  filters: { unread?: boolean | undefined; type?: string | undefined } = {},
) {
  let q = ex.selectFrom('notifications').where('tenant_id', '=', tenantId).where('user_id', '=', userId)
  if (filters.unread === true) q = q.where('read_at', 'is', null)
  if (filters.unread === false) q = q.where('read_at', 'is not', null)
  if (filters.type !== undefined) q = q.where('type', '=', filters.type)
  return q
}

export function findOwnNotification(ex: Executor, tenantId: number, userId: number, id: number) {
  return ownNotifications(ex, tenantId, userId).selectAll().where('id', '=', id).executeTakeFirst()
}

export async function countUnread(ex: Executor, tenantId: number, userId: number): Promise<number> {
  const row = await ownNotifications(ex, tenantId, userId, { unread: true })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Stamps `read_at` on one unread notification; an already read one keeps its first `read_at`. */
export function markRead(ex: Executor, tenantId: number, userId: number, id: number, at: Date) {
  return ex
    .updateTable('notifications')
    .set({ read_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}

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

/** Deletes every notification created before `cutoff`, in all tenants; returns how many went. */
export async function deleteOlderThan(ex: Executor, cutoff: Date): Promise<number> {
  const result = await ex.deleteFrom('notifications').where('created_at', '<', cutoff).executeTakeFirst()
  return Number(result.numDeletedRows)
}

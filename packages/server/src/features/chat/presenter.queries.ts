import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'

/*
 * What the `Chat` and `Message` shapes name besides the rows themselves, looked up by id for rows already loaded
 * within the caller's reach. A client's chats span tenants (clients belong to none), so the lookups of a page take
 * the tenants of its chats rather than one tenant; people are looked up by id because clients have no tenant.
 */

/** The names of the tenants of a page of chats. */
export function listTenantNames(ex: Executor, tenantIds: number[]) {
  return ex.selectFrom('tenants').select(['id', 'name']).where('id', 'in', tenantIds).execute()
}

/** Owners (clients) and assignees (staff) of a page of chats: the columns the `Chat` shape shows, nothing more. */
export function listChatPeople(ex: Executor, userIds: number[]) {
  return ex
    .selectFrom('users')
    .select([
      'id',
      'user_type',
      'username',
      'first_name',
      'last_name',
      'profile_photo',
      'email',
      'phonenumber',
      'gender',
      'dob',
      'country',
      'state',
      'city',
    ])
    .where('id', 'in', userIds)
    .execute()
}

/** Widget visitors of the given tenants, as owners of chats or authors of messages. */
export function listVisitors(ex: Executor, tenantIds: number[], visitorIds: number[]) {
  return ex
    .selectFrom('anonymous_users')
    .select(['id', 'name', 'contact', 'channel'])
    .where('tenant_id', 'in', tenantIds)
    .where('id', 'in', visitorIds)
    .execute()
}

/** Topics of the given tenants, as a page of chats names them. */
export function listTopicRefs(ex: Executor, tenantIds: number[], topicIds: number[]) {
  return ex
    .selectFrom('chat_topics')
    .select(['id', 'name', 'category_id'])
    .where('tenant_id', 'in', tenantIds)
    .where('id', 'in', topicIds)
    .execute()
}

/** The last messages of a page of chats, for their previews. */
export function listLastMessages(ex: Executor, tenantIds: number[], messageIds: number[]) {
  return ex
    .selectFrom('chat_messages')
    .select(['id', 'message_sender', 'text_content', 'voice_key', 'voice_mime_type', 'deleted_at', 'sent_at'])
    .where('tenant_id', 'in', tenantIds)
    .where('id', 'in', messageIds)
    .execute()
}

/** One chat's read marker on the caller's side (0 when nothing was read yet). */
export type ReadMarker = { tenant_id: number; chat_id: number; marker: number }

/**
 * Per chat, the messages from the other side after the caller's side's read marker, not removed (chats without
 * any are left out). One statement for a whole page, however many markers: each (tenant, chat, marker) triple
 * becomes a range scan of `chat_messages_chat_idx` (tenant_id, chat_id, id). Spans the tenants of the page.
 */
export async function countUnread(
  ex: Executor,
  side: 'tenant' | 'client',
  markers: ReadMarker[],
): Promise<{ chat_id: number; n: number }[]> {
  if (markers.length === 0) return []
  const fromOtherSide = side === 'tenant' ? sql`m.message_sender = 'client'` : sql`m.message_sender <> 'client'`
  const { rows } = await sql<{ chat_id: number; n: number | string }>`
    SELECT i.chat_id, count(*) AS n
    FROM unnest(
      ${markers.map((r) => r.tenant_id)}::bigint[],
      ${markers.map((r) => r.chat_id)}::bigint[],
      ${markers.map((r) => r.marker)}::bigint[]
    ) AS i(tenant_id, chat_id, marker)
    JOIN chat_messages m ON m.tenant_id = i.tenant_id AND m.chat_id = i.chat_id AND m.id > i.marker
    WHERE ${fromOtherSide} AND m.deleted_at IS NULL
    GROUP BY i.chat_id
  `.execute(ex)
  return rows.map((r) => ({ chat_id: Number(r.chat_id), n: Number(r.n) }))
}

/** Names of the staff members and clients who wrote a page of messages. */
export function listUserNames(ex: Executor, userIds: number[]) {
  return ex
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', 'in', userIds)
    .execute()
}

/** One staff member's or client's name, for typing signals. */
export function findUserName(ex: Executor, userId: number) {
  return ex
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

/** One widget visitor's name and contact: the author of a typing signal, the customer of a notice. */
export function findVisitorName(ex: Executor, tenantId: number, visitorId: number) {
  return ex
    .selectFrom('anonymous_users')
    .select(['name', 'contact'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', visitorId)
    .executeTakeFirst()
}

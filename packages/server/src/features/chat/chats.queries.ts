import { sql, type Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { ChatsTable, ChatTopicsTable } from '../../db/schema.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { notFound } from '../../lib/errors.js'

export type ChatRow = Selectable<ChatsTable>
export type TopicRow = Selectable<ChatTopicsTable>

/** One chat of a tenant, or undefined. */
export function findChat(ex: Executor, tenantId: number, chatId: number) {
  return ex
    .selectFrom('chats')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', chatId)
    .executeTakeFirst()
}

/** The tenant settings that shape chat behaviour. */
export function findChatSettings(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenant_settings')
    .select(['chat_visibility', 'auto_assign', 'csat_enabled', 'iva_enabled'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst()
}

/** Employees limited to assigned chats see only theirs and unassigned ones (contract §3.4). */
export async function assignedOnly(ex: Executor, actor: StaffActor): Promise<boolean> {
  if (actor.userType === 'admin') return false
  return (await findChatSettings(ex, actor.tenantId))?.chat_visibility === 'assigned'
}

/** Whether the actor may read a chat already loaded (the rules of `loadChatFor`). */
export async function mayRead(
  ex: Executor,
  actor: Actor,
  chat: Pick<ChatRow, 'tenant_id' | 'client_id' | 'visitor_id' | 'assignee_id'>,
): Promise<boolean> {
  if (actor.kind === 'client') return chat.client_id === actor.userId
  if (actor.kind === 'visitor') return chat.tenant_id === actor.tenantId && chat.visitor_id === actor.visitorId
  if (chat.tenant_id !== actor.tenantId) return false
  if (chat.assignee_id === null || chat.assignee_id === actor.userId) return true
  return !(await assignedOnly(ex, actor))
}

/**
 * The chat as the caller may see it: staff within their tenant (and visibility), owners their own.
 * Anything else looks absent (404), so ids of other tenants or customers reveal nothing.
 */
export async function loadChatFor(
  ex: Executor,
  actor: Actor,
  chatId: number,
  opts: { lock?: boolean } = {},
): Promise<ChatRow> {
  let q = ex.selectFrom('chats').selectAll().where('id', '=', chatId)
  if (actor.kind === 'staff') q = q.where('tenant_id', '=', actor.tenantId)
  else if (actor.kind === 'client') q = q.where('client_id', '=', actor.userId)
  else q = q.where('tenant_id', '=', actor.tenantId).where('visitor_id', '=', actor.visitorId)
  const chat = await (opts.lock ? q.forUpdate() : q).executeTakeFirst()
  if (!chat) throw notFound()
  if (
    actor.kind === 'staff' &&
    chat.assignee_id !== null &&
    chat.assignee_id !== actor.userId &&
    (await assignedOnly(ex, actor))
  ) {
    throw notFound()
  }
  return chat
}

/** One topic of a tenant, or undefined. */
export function findTopic(ex: Executor, tenantId: number, topicId: number) {
  return ex
    .selectFrom('chat_topics')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .executeTakeFirst()
}

/** An active staff member of the tenant (assignment target), or undefined. */
export function findActiveStaff(ex: Executor, tenantId: number, userId: number) {
  return ex
    .selectFrom('users')
    .select(['id', 'user_type'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('user_type', 'in', ['admin', 'employee'])
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/**
 * Round robin: the active staff member whose latest assignment is the oldest (never assigned first),
 * ties broken by id.
 */
export async function nextRoundRobinAssignee(ex: Executor, tenantId: number): Promise<number | undefined> {
  const rows = await ex
    .selectFrom('users as u')
    .leftJoin('chat_events as e', (join) =>
      join
        .onRef('e.tenant_id', '=', 'u.tenant_id')
        .on('e.kind', '=', 'assigned')
        .on(sql<boolean>`(e.detail->>'assignee_id') = u.id::text`),
    )
    .select(['u.id', (eb) => eb.fn.max('e.id').as('last_event')])
    .where('u.tenant_id', '=', tenantId)
    .where('u.user_type', 'in', ['admin', 'employee'])
    .where('u.is_active', '=', true)
    .where('u.deleted_at', 'is', null)
    .groupBy('u.id')
    .execute()
  rows.sort((a, b) => Number(a.last_event ?? 0) - Number(b.last_event ?? 0) || a.id - b.id)
  return rows[0]?.id
}

/** The open (not resolved) chat of an owner with a tenant on a channel. */
export function findOpenChatOf(
  ex: Executor,
  tenantId: number,
  owner: { clientId: number } | { visitorId: number },
  channel: ChatRow['channel'],
) {
  let q = ex
    .selectFrom('chats')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', channel)
    .where('status', '<>', 'resolved')
  q = 'clientId' in owner ? q.where('client_id', '=', owner.clientId) : q.where('visitor_id', '=', owner.visitorId)
  return q.executeTakeFirst()
}

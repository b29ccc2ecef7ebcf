import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { ChatsTable } from '../../db/schema.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { notFound } from '../../lib/errors.js'

/** Every column of a chat: none is secret, and the `Chat` shape and the chat rules use them all. */
export const CHAT_COLUMNS = [
  'id',
  'tenant_id',
  'client_id',
  'visitor_id',
  'channel',
  'status',
  'assignee_id',
  'topic_id',
  'escalated',
  'escalated_at',
  'escalation_reason',
  'iva_enabled',
  'satisfaction_rating',
  'satisfaction_comment',
  'rated_at',
  'first_rated_at',
  'last_message_id',
  'last_message_at',
  'first_response_at',
  'resolved_at',
  'reopened_count',
  'client_read_message_id',
  'client_read_at',
  'tenant_read_message_id',
  'tenant_read_at',
  'waiting_since',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ChatsTable)[]

export type ChatRow = Pick<Selectable<ChatsTable>, (typeof CHAT_COLUMNS)[number]>

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
 * The chat as the caller may see it: staff within their tenant (and visibility), owners their own. A client has no
 * tenant and owns chats with several, so for clients the chat is found by its owner across tenants. Anything else
 * looks absent (404), so ids of other tenants or customers reveal nothing.
 */
export async function loadChatFor(
  ex: Executor,
  actor: Actor,
  chatId: number,
  opts: { lock?: boolean } = {},
): Promise<ChatRow> {
  let q = ex.selectFrom('chats').select(CHAT_COLUMNS)
  if (actor.kind === 'staff') q = q.where('tenant_id', '=', actor.tenantId).where('id', '=', chatId)
  else if (actor.kind === 'client') q = q.where('client_id', '=', actor.userId).where('id', '=', chatId)
  else q = q.where('tenant_id', '=', actor.tenantId).where('id', '=', chatId).where('visitor_id', '=', actor.visitorId)
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

/** The open (not resolved) chat of an owner with a tenant on a channel: a new chat resumes it instead. */
export function findOpenChatOf(
  ex: Executor,
  tenantId: number,
  owner: { clientId: number } | { visitorId: number },
  channel: ChatRow['channel'],
) {
  let q = ex
    .selectFrom('chats')
    .select(CHAT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', channel)
    .where('status', '<>', 'resolved')
  q = 'clientId' in owner ? q.where('client_id', '=', owner.clientId) : q.where('visitor_id', '=', owner.visitorId)
  return q.executeTakeFirst()
}

/** Starts a chat; a second open chat of the owner on the channel violates `chats_open_*_key`. */
export function insertChat(ex: Executor, tenantId: number, values: Omit<Insertable<ChatsTable>, 'tenant_id'>) {
  return ex
    .insertInto('chats')
    .values({ ...values, tenant_id: tenantId })
    .returning(CHAT_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** Writes changed chat columns and returns the chat as saved. */
export function updateChat(
  ex: Executor,
  tenantId: number,
  chatId: number,
  set: Omit<Updateable<ChatsTable>, 'id' | 'tenant_id' | 'created_at'>,
) {
  return ex
    .updateTable('chats')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', chatId)
    .returning(CHAT_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** Puts a member's chats that are not resolved back in the queue; returns their ids. */
export async function unassignChatsOf(ex: Executor, tenantId: number, userId: number, at: Date): Promise<number[]> {
  const rows = await ex
    .updateTable('chats')
    .set({ assignee_id: null, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('assignee_id', '=', userId)
    .where('status', '<>', 'resolved')
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Deletes a chat; its messages and events go with it (foreign keys cascade). */
export async function deleteChat(ex: Executor, tenantId: number, chatId: number): Promise<void> {
  await ex.deleteFrom('chats').where('tenant_id', '=', tenantId).where('id', '=', chatId).execute()
}

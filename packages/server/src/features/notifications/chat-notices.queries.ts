import type { Executor } from '../../db/database.js'

/**
 * A client's name. Clients are platform accounts that belong to no tenant, so this looks the account up by id
 * alone; the caller has the id from a chat of its own tenant.
 */
export function findClientName(ex: Executor, clientId: number) {
  return ex
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', clientId)
    .where('tenant_id', 'is', null)
    .executeTakeFirst()
}

/** A staff member's name, for "… assigned you the chat". */
export function findStaffName(ex: Executor, tenantId: number, userId: number) {
  return ex
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

/**
 * The ids of a chat's latest escalation and latest resolution events (0 when there is none): an escalation is news
 * only when the chat was resolved after its latest one.
 */
export async function findLatestEscalationAndResolution(ex: Executor, tenantId: number, chatId: number) {
  const row = await ex
    .selectFrom('chat_events')
    .select((eb) => [
      eb.fn.max(eb.case().when('kind', '=', 'escalated').then(eb.ref('id')).end()).as('escalated'),
      eb.fn.max(eb.case().when('kind', '=', 'resolved').then(eb.ref('id')).end()).as('resolved'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('chat_id', '=', chatId)
    .where('kind', 'in', ['escalated', 'resolved'])
    .executeTakeFirst()
  return { escalated: Number(row?.escalated ?? 0), resolved: Number(row?.resolved ?? 0) }
}

/** The tenant's name and address: the sender name and Reply-To of mail sent on its behalf. */
export function findTenantSender(ex: Executor, tenantId: number) {
  return ex.selectFrom('tenants').select(['name', 'email']).where('id', '=', tenantId).executeTakeFirstOrThrow()
}

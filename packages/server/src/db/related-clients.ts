import { sql, type Expression, type SqlBool } from 'kysely'
import type { Executor } from './database.js'

/*
 * Which customers are related to a tenant (contract §1.5 rule 5): the client owns one of its chats, is or was a
 * member of one of its communities, raised an issue or commented there, or answered one of its surveys. Only
 * related clients' personal data is shown to the tenant's staff, and only related clients may be put in a survey's
 * audience, subgroups or invitations.
 */

/** A condition that holds when the client whose id `clientId` names (a column or a value) is related to the tenant. */
export function relatedToTenant(tenantId: number, clientId: Expression<number>): Expression<SqlBool> {
  return sql<SqlBool>`(
    exists (select 1 from chats r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from community_memberships r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from community_issues r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from community_comments r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from survey_responses r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
  )`
}

/** The ids among `clientIds` that are customers related to the tenant. */
export async function relatedClientIds(ex: Executor, tenantId: number, clientIds: number[]): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set()
  const rows = await ex
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', clientIds)
    .where('u.user_type', '=', 'client')
    .where((eb) => relatedToTenant(tenantId, eb.ref('u.id')))
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** Whether the client is related to the tenant. */
export async function isRelated(ex: Executor, tenantId: number, clientId: number): Promise<boolean> {
  return (await relatedClientIds(ex, tenantId, [clientId])).has(clientId)
}

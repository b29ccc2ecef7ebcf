import { sql, type Expression, type SqlBool } from 'kysely'

/*
 * Which customers are related to a tenant (contract §1.5 rule 5): the client owns one of its chats, is or was a
 * member of one of its communities, raised an issue or commented there, or answered one of its surveys. Only
 * related clients' personal data is shown to the tenant's staff, and only related clients may be put in a survey's
 * audience, subgroups or invitations. Several features judge it (clients, surveys), so it lives below them.
 */

/**
 * A condition that holds when the client whose id `clientId` names (a column or a value) is related to the tenant
 * `tenantId` names (a value, or a column when the rows span tenants).
 */
export function relatedToTenant(
  tenantId: number | Expression<number>,
  clientId: Expression<number>,
): Expression<SqlBool> {
  return sql<SqlBool>`(
    exists (select 1 from chats r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from community_memberships r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from community_issues r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from community_comments r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
    or exists (select 1 from survey_responses r where r.tenant_id = ${tenantId} and r.client_id = ${clientId})
  )`
}

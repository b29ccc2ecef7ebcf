import { sql, type RawBuilder } from 'kysely'

/**
 * The client ids in the audience of the survey aliased `s` (contract §6.2): chosen customers, the current members of
 * chosen communities, the members of chosen subgroups, and invited addresses that belong to a client. A subquery,
 * one row per client; the survey list and the survey response-rate metric count the audience with it, so that the
 * two always agree.
 */
export function surveyAudienceClients(tenantId: number): RawBuilder<unknown> {
  const t = tenantId
  return sql`(
    select a.client_id from survey_audience_clients a where a.tenant_id = ${t} and a.survey_id = s.id
    union select m.client_id from survey_audience_communities a
      join community_memberships m on m.tenant_id = a.tenant_id and m.community_id = a.community_id and m.left_at is null
      where a.tenant_id = ${t} and a.survey_id = s.id
    union select g.client_id from survey_audience_subgroups a
      join survey_subgroup_clients g on g.tenant_id = a.tenant_id and g.subgroup_id = a.subgroup_id
      where a.tenant_id = ${t} and a.survey_id = s.id
    union select i.client_id from survey_invitations i
      where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is not null)`
}

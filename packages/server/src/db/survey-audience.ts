import { sql, type RawBuilder } from 'kysely'

/**
 * The audience of the survey aliased `s` (contract §6.2), as a subquery of one row per client and source it comes
 * from (`client_id`): chosen customers, the current members of chosen communities, the members of chosen subgroups,
 * and invited addresses that belong to a client. A client chosen twice (two communities, a community and a subgroup)
 * has a row for each; counts that need one row per client group them (`surveyAudienceClients`).
 */
export function surveyAudienceRows(tenantId: number): RawBuilder<unknown> {
  const t = tenantId
  return sql`(
    select a.client_id from survey_audience_clients a where a.tenant_id = ${t} and a.survey_id = s.id
    union all select m.client_id from survey_audience_communities a
      join community_memberships m on m.tenant_id = a.tenant_id and m.community_id = a.community_id and m.left_at is null
      where a.tenant_id = ${t} and a.survey_id = s.id
    union all select g.client_id from survey_audience_subgroups a
      join survey_subgroup_clients g on g.tenant_id = a.tenant_id and g.subgroup_id = a.subgroup_id
      where a.tenant_id = ${t} and a.survey_id = s.id
    union all select i.client_id from survey_invitations i
      where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is not null)`
}

/**
 * The client ids in the audience of the survey aliased `s`, one row per client (`client_id`). The survey list counts
 * the audience with it and the survey response-rate metric groups `surveyAudienceRows` by client: both read the same
 * rows, so that the two always agree.
 */
export function surveyAudienceClients(tenantId: number): RawBuilder<unknown> {
  return sql`(select distinct x.client_id from ${surveyAudienceRows(tenantId)} x)`
}

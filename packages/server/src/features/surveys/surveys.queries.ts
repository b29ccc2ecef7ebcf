import { sql, type Expression, type Selectable, type SqlBool } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { SurveysTable } from '../../db/schema.js'
import { relatedToTenant } from '../../db/client-relation.js'

export const SURVEY_COLUMNS = [
  's.id',
  's.tenant_id',
  's.topic',
  's.description',
  's.context',
  's.questions',
  's.status',
  's.allow_anonymous',
  's.allow_multiple_responses',
  's.start_day',
  's.end_day',
  's.public_key',
  's.generated',
  's.generation_id',
  's.created_by',
  's.published_at',
  's.closed_at',
  's.created_at',
  's.updated_at',
] as const
export type SurveyRow = Selectable<SurveysTable>

type Lock = { lock?: boolean }

/** `start_day` and `end_day` as `YYYY-MM-DD` text whatever the driver's date parsing. */
const selectSurvey = (ex: Executor) =>
  ex
    .selectFrom('surveys as s')
    .select(SURVEY_COLUMNS.filter((c) => c !== 's.start_day' && c !== 's.end_day'))
    .select([
      sql<string | null>`to_char(s.start_day, 'YYYY-MM-DD')`.as('start_day'),
      sql<string | null>`to_char(s.end_day, 'YYYY-MM-DD')`.as('end_day'),
    ])

/** One survey of a tenant, any status, or undefined. */
export function findSurvey(ex: Executor, tenantId: number, surveyId: number, opts: Lock = {}) {
  const q = selectSurvey(ex).where('s.tenant_id', '=', tenantId).where('s.id', '=', surveyId)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/** Surveys customers may reach: not drafts, of an active tenant, in any tenant (customers are platform-wide). */
const reachableByCustomers = (ex: Executor) =>
  selectSurvey(ex)
    .where('s.status', '<>', 'draft')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('tenants as t')
          .select('t.id')
          .whereRef('t.id', '=', 's.tenant_id')
          .where('t.status', '=', 'active'),
      ),
    )

/** A survey by id alone, as customers reach it, or undefined. */
export function findSurveyForCustomer(ex: Executor, surveyId: number, opts: Lock = {}) {
  const q = reachableByCustomers(ex).where('s.id', '=', surveyId)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/** A survey by its public key, as customers reach it, or undefined. */
export function findSurveyByPublicKey(ex: Executor, publicKey: string, opts: Lock = {}) {
  const q = reachableByCustomers(ex).where('s.public_key', '=', publicKey)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/**
 * Whether the client is in the survey's audience: chosen one by one, a current member of an audience community,
 * in an audience subgroup, or invited (by client id).
 */
export function inAudience(
  tenantId: number | Expression<number>,
  surveyId: Expression<number>,
  clientId: Expression<number>,
): Expression<SqlBool> {
  return sql<SqlBool>`(
    exists (select 1 from survey_audience_clients a
            where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId} and a.client_id = ${clientId})
    or exists (select 1 from survey_audience_communities a
               join community_memberships m
                 on m.tenant_id = a.tenant_id and m.community_id = a.community_id and m.left_at is null
               where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId} and m.client_id = ${clientId})
    or exists (select 1 from survey_audience_subgroups a
               join survey_subgroup_clients g on g.tenant_id = a.tenant_id and g.subgroup_id = a.subgroup_id
               where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId} and g.client_id = ${clientId})
    or exists (select 1 from survey_invitations i
               where i.tenant_id = ${tenantId} and i.survey_id = ${surveyId} and i.client_id = ${clientId})
  )`
}

/** Whether the survey's audience is empty (an open survey): no clients, communities, subgroups or invitations. */
export function audienceEmpty(
  tenantId: number | Expression<number>,
  surveyId: Expression<number>,
): Expression<SqlBool> {
  return sql<SqlBool>`(
    not exists (select 1 from survey_audience_clients a where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId})
    and not exists (select 1 from survey_audience_communities a
                    where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId})
    and not exists (select 1 from survey_audience_subgroups a
                    where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId})
    and not exists (select 1 from survey_invitations i where i.tenant_id = ${tenantId} and i.survey_id = ${surveyId})
  )`
}

/**
 * Whether a client may see the (published or closed) survey (contract §6.2): they are in its audience, or the
 * audience is empty and they are related to the tenant (which includes membership of one of its communities).
 */
export async function clientMaySee(ex: Executor, survey: Pick<SurveyRow, 'id' | 'tenant_id'>, clientId: number) {
  const row = await ex
    .selectNoFrom(
      sql<boolean>`(${inAudience(survey.tenant_id, sql.lit(survey.id), sql.lit(clientId))}
        or (${audienceEmpty(survey.tenant_id, sql.lit(survey.id))}
            and ${relatedToTenant(survey.tenant_id, sql.lit(clientId))}))`.as('visible'),
    )
    .executeTakeFirstOrThrow()
  return row.visible === true
}

import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { CLIENT_DETAIL_COLUMNS } from '../../db/client-columns.js'
import type { Executor } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { relatedToTenant } from '../../db/client-relation.js'
import { containsPattern } from '../../lib/like.js'
import { SURVEY_COLUMNS, audienceEmpty, inAudience } from './surveys.queries.js'
import { surveyAudienceClients } from '../../db/survey-audience.js'
import { effectiveClosedAt, effectiveStatus } from '../../db/survey-status.js'

/*
 * Reading surveys for lists and for their presentation (contract §6.2, §6.3): which ids a caller's list holds, and
 * for those ids the rows, their audience and their counts, in a few queries for a whole page.
 */

type Window = { limit: number; offset: number }
export type IdPage = { ids: number[]; total: number }
type WithSurvey = DB & { s: DB['surveys'] }

async function idPage(rows: ReturnType<typeof surveysOf>, window: Window): Promise<IdPage> {
  const [count, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows
      .select('s.id')
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ])
  return { ids: page.map((r) => r.id), total: Number(count.total) }
}

const surveysOf = (ex: Executor) => ex.selectFrom('surveys as s').innerJoin('tenants as t', 't.id', 's.tenant_id')

export type StaffSurveyFilter = {
  status?: 'draft' | 'published' | 'closed' | undefined
  search?: string | undefined
  from?: string | undefined
  to?: string | undefined
  surveyId?: number | undefined
  timezone: string
  now: Date
}

/** A bound of a created-at window: a date is a whole day in the tenant's time zone, and `to` includes its day. */
const bound = (value: string, tz: string, end: boolean) =>
  value.length === 10
    ? sql<Date>`(${value}::date + ${sql.lit(end ? 1 : 0)})::timestamp at time zone ${tz}`
    : sql<Date>`${value}::timestamptz`

/** A page of the tenant's survey ids, newest first. */
export function listSurveyIds(ex: Executor, tenantId: number, f: StaffSurveyFilter & Window): Promise<IdPage> {
  let rows = surveysOf(ex).where('s.tenant_id', '=', tenantId)
  if (f.surveyId !== undefined) rows = rows.where('s.id', '=', f.surveyId)
  if (f.status !== undefined) rows = rows.where(effectiveStatus(f.now), '=', f.status)
  if (f.search) {
    const p = containsPattern(f.search)
    rows = rows.where((eb) => eb.or([eb('s.topic', 'ilike', p), eb('s.description', 'ilike', p)]))
  }
  if (f.from) rows = rows.where('s.created_at', '>=', bound(f.from, f.timezone, false))
  if (f.to) rows = rows.where('s.created_at', f.to.length === 10 ? '<' : '<=', bound(f.to, f.timezone, true))
  return idPage(rows, f)
}

/**
 * Whether the client may see survey `s` (contract §6.2): published or closed, of an active tenant, and the client
 * is in its audience, or the audience is empty and they are related to the tenant.
 */
function visibleToClient(eb: ExpressionBuilder<WithSurvey & { t: DB['tenants'] }, 's' | 't'>, clientId: number) {
  const tenant = eb.ref('s.tenant_id') as Expression<number>
  const survey = eb.ref('s.id') as Expression<number>
  const client = sql.lit(clientId) as Expression<number>
  return eb.and([
    eb('s.status', '<>', 'draft'),
    eb('t.status', '=', 'active'),
    sql<SqlBool>`(${inAudience(tenant, survey, client)}
      or (${audienceEmpty(tenant, survey)} and ${relatedToTenant(tenant, client)}))`,
  ])
}

/**
 * A page of the ids of the surveys a client may see, newest first: customers are platform-wide accounts, so this
 * spans tenants; optionally of one tenant, or addressed to one community.
 */
export function listSurveyIdsForClient(
  ex: Executor,
  clientId: number,
  f: Window & { tenantId?: number | undefined; communityId?: number | undefined; surveyId?: number | undefined },
): Promise<IdPage> {
  let rows = surveysOf(ex).where((eb) => visibleToClient(eb, clientId))
  if (f.tenantId !== undefined) rows = rows.where('s.tenant_id', '=', f.tenantId)
  if (f.surveyId !== undefined) rows = rows.where('s.id', '=', f.surveyId)
  if (f.communityId !== undefined) {
    const communityId = f.communityId
    rows = rows.where((eb) =>
      eb.exists(
        eb
          .selectFrom('survey_audience_communities as a')
          .select('a.survey_id')
          .whereRef('a.tenant_id', '=', 's.tenant_id')
          .whereRef('a.survey_id', '=', 's.id')
          .where('a.community_id', '=', communityId),
      ),
    )
  }
  return idPage(rows, f)
}

/** The columns every presentation reads: the survey, its tenant, and its status and closing time now. */
function presented(ex: Executor, now: Date) {
  return surveysOf(ex)
    .select(
      SURVEY_COLUMNS.filter((c) => c !== 's.start_day' && c !== 's.end_day' && c !== 's.status' && c !== 's.closed_at'),
    )
    .select([
      sql<string | null>`to_char(s.start_day, 'YYYY-MM-DD')`.as('start_day'),
      sql<string | null>`to_char(s.end_day, 'YYYY-MM-DD')`.as('end_day'),
      effectiveStatus(now).as('status'),
      effectiveClosedAt(now).as('closed_at'),
      't.name as tenant_name',
      't.timezone as tenant_timezone',
    ])
}

/** Some surveys of the tenant with everything the staff view shows besides the audience lists. */
export function listSurveyRows(ex: Executor, tenantId: number, ids: number[], now: Date) {
  if (ids.length === 0) return Promise.resolve([])
  const t = tenantId
  const audience = surveyAudienceClients(t)
  const emailOnly = sql`(select count(*) from survey_invitations i
    where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is null)`
  return presented(ex, now)
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.created_by'))
    .select([
      'u.username as creator_username',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
      'u.user_type as creator_user_type',
      sql<string>`((select count(*) from ${audience} x) + ${emailOnly})`.as('audience_size'),
      sql<string>`(select count(*) from survey_responses r where r.tenant_id = ${t} and r.survey_id = s.id)`.as(
        'response_count',
      ),
      sql<string>`((select count(distinct r.client_id) from survey_responses r
          where r.tenant_id = ${t} and r.survey_id = s.id and r.client_id in ${audience})
        + (select count(*) from survey_invitations i
          where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is null
            and (i.responded_at is not null or exists (select 1 from survey_responses r
              where r.tenant_id = i.tenant_id and r.survey_id = i.survey_id and r.invitation_id = i.id))))`.as(
        'respondents',
      ),
      sql<string>`(select count(*) from survey_impressions p where p.tenant_id = ${t} and p.survey_id = s.id)`.as(
        'impressions',
      ),
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', 'in', ids)
    .execute()
}
export type SurveyViewRow = Awaited<ReturnType<typeof listSurveyRows>>[number]

/**
 * Some surveys as a client sees them, with whether they have answered. Spans tenants (customers are platform-wide
 * accounts); the caller has checked the client may see them.
 */
export function listSurveyRowsForClient(ex: Executor, clientId: number, ids: number[], now: Date) {
  if (ids.length === 0) return Promise.resolve([])
  return presented(ex, now)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('survey_responses as r')
            .select('r.id')
            .whereRef('r.tenant_id', '=', 's.tenant_id')
            .whereRef('r.survey_id', '=', 's.id')
            .where('r.client_id', '=', clientId),
        )
        .as('has_responded'),
    )
    .where('s.id', 'in', ids)
    .execute()
}

/** The clients chosen one by one for some surveys of the tenant (related clients: staff see their details). */
export function listAudienceClients(ex: Executor, tenantId: number, surveyIds: number[]) {
  if (surveyIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('survey_audience_clients as a')
    .innerJoin('users as u', 'u.id', 'a.client_id')
    .select(['a.survey_id', ...CLIENT_DETAIL_COLUMNS])
    .where('a.tenant_id', '=', tenantId)
    .where('a.survey_id', 'in', surveyIds)
    .orderBy('a.survey_id')
    .orderBy('u.id')
    .execute()
}

/** The audience communities and subgroups of some surveys of the tenant. */
export async function listAudienceGroups(ex: Executor, tenantId: number, surveyIds: number[]) {
  if (surveyIds.length === 0) return { communities: [], subgroups: [] }
  const [communities, subgroups] = await Promise.all([
    ex
      .selectFrom('survey_audience_communities')
      .select(['survey_id', 'community_id as id'])
      .where('tenant_id', '=', tenantId)
      .where('survey_id', 'in', surveyIds)
      .orderBy('community_id')
      .execute(),
    ex
      .selectFrom('survey_audience_subgroups')
      .select(['survey_id', 'subgroup_id as id'])
      .where('tenant_id', '=', tenantId)
      .where('survey_id', 'in', surveyIds)
      .orderBy('subgroup_id')
      .execute(),
  ])
  return { communities, subgroups }
}

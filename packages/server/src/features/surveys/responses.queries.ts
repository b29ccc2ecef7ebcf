import type { SelectQueryBuilder } from 'kysely'
import { CLIENT_DETAIL_COLUMNS } from '../../db/client-columns.js'
import type { Executor } from '../../db/database.js'
import type { DB, StoredAnswers } from '../../db/schema.js'

export type NewResponse = {
  surveyId: number
  clientId: number | null
  invitationId: number | null
  respondentType: 'client' | 'invitee' | 'anonymous'
  respondentEmail: string | null
  respondentName: string | null
  respondentKey: string | null
  answers: StoredAnswers
  via: 'api' | 'public'
  single: boolean
  at: Date
}

/** A new response; a second one of the same client, invitation or browser key fails when `single` (unique keys). */
export function insertResponse(ex: Executor, tenantId: number, r: NewResponse) {
  return ex
    .insertInto('survey_responses')
    .values({
      tenant_id: tenantId,
      survey_id: r.surveyId,
      client_id: r.clientId,
      invitation_id: r.invitationId,
      respondent_type: r.respondentType,
      respondent_email: r.respondentEmail,
      respondent_name: r.respondentName,
      respondent_key: r.respondentKey,
      answers: JSON.stringify(r.answers),
      via: r.via,
      single: r.single,
      submitted_at: r.at,
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The unique keys that refuse a second response of one respondent. */
export const ONE_RESPONSE_KEYS = [
  'survey_responses_client_key',
  'survey_responses_invitation_key',
  'survey_responses_respondent_key',
] as const

/** Whether the survey already has a response of this client, invitation or browser key (any that is given). */
export async function hasResponded(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  by: { clientId?: number | null; invitationId?: number | null; respondentKey?: string | null },
): Promise<boolean> {
  const { clientId, invitationId, respondentKey } = by
  if (!clientId && !invitationId && !respondentKey) return false
  const row = await ex
    .selectFrom('survey_responses')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where((eb) =>
      eb.or([
        ...(clientId ? [eb('client_id', '=', clientId)] : []),
        ...(invitationId ? [eb('invitation_id', '=', invitationId)] : []),
        ...(respondentKey ? [eb('respondent_key', '=', respondentKey)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function countResponses(ex: Executor, tenantId: number, surveyId: number): Promise<number> {
  const row = await ex
    .selectFrom('survey_responses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The survey's invitation whose token hashes to `tokenHash`, or undefined. */
export function findInvitationByToken(ex: Executor, tenantId: number, surveyId: number, tokenHash: string) {
  return ex
    .selectFrom('survey_invitations')
    .select(['id', 'email', 'client_id', 'responded_at'])
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** Marks invitations answered: the one used, or every invitation of the survey made out to the client. */
export async function markInvitationsResponded(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  by: { invitationId?: number | null; clientId?: number | null },
  at: Date,
) {
  if (!by.invitationId && !by.clientId) return
  await ex
    .updateTable('survey_invitations')
    .set({ responded_at: at })
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where('responded_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(by.invitationId ? [eb('id', '=', by.invitationId)] : []),
        ...(by.clientId ? [eb('client_id', '=', by.clientId)] : []),
      ]),
    )
    .execute()
}

export async function insertImpression(ex: Executor, tenantId: number, surveyId: number, at: Date) {
  await ex
    .insertInto('survey_impressions')
    .values({ tenant_id: tenantId, survey_id: surveyId, occurred_at: at })
    .execute()
}

const RESPONSE_COLUMNS = [
  'r.id',
  'r.tenant_id',
  'r.survey_id',
  'r.client_id',
  'r.respondent_type',
  'r.respondent_email',
  'r.answers',
  'r.submitted_at',
  'r.created_at',
] as const

export type ResponseFilter = {
  surveyId?: number | undefined
  clientId?: number | undefined
  subgroupId?: number | undefined
  responseId?: number | undefined
  from?: string | undefined
  to?: string | undefined
  limit: number
  offset: number
}

type ResponseQuery = SelectQueryBuilder<DB & { r: DB['survey_responses'] }, 'r', object>

/** One page of the responses `scoped` finds, narrowed by the filter's survey, id and window, newest first. */
async function responsePage(scoped: ResponseQuery, f: ResponseFilter) {
  let q = scoped
  if (f.surveyId !== undefined) q = q.where('r.survey_id', '=', f.surveyId)
  if (f.responseId !== undefined) q = q.where('r.id', '=', f.responseId)
  if (f.from !== undefined) q = q.where('r.submitted_at', '>=', new Date(f.from))
  if (f.to !== undefined) q = q.where('r.submitted_at', '<', new Date(f.to))
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select(RESPONSE_COLUMNS)
      .orderBy('r.submitted_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
  ])
  return { rows, total: Number(total.n) }
}

/** One page of the tenant's responses, newest first, with the total. */
export function listResponses(ex: Executor, tenantId: number, f: ResponseFilter) {
  let q = ex.selectFrom('survey_responses as r').where('r.tenant_id', '=', tenantId)
  if (f.clientId !== undefined) q = q.where('r.client_id', '=', f.clientId)
  if (f.subgroupId !== undefined) {
    const subgroupId = f.subgroupId
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('survey_subgroup_clients as g')
          .select('g.client_id')
          .where('g.tenant_id', '=', tenantId)
          .where('g.subgroup_id', '=', subgroupId)
          .whereRef('g.client_id', '=', 'r.client_id'),
      ),
    )
  }
  return responsePage(q, f)
}

/** One page of a client's own responses (any tenant), newest first. */
export function listOwnResponses(ex: Executor, clientId: number, f: ResponseFilter) {
  return responsePage(ex.selectFrom('survey_responses as r').where('r.client_id', '=', clientId), f)
}

/** One response of the tenant, or undefined. */
export function findResponse(ex: Executor, tenantId: number, responseId: number) {
  return ex
    .selectFrom('survey_responses as r')
    .select(RESPONSE_COLUMNS)
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', responseId)
    .executeTakeFirst()
}

/** One of the client's own responses, or undefined. */
export function findOwnResponse(ex: Executor, clientId: number, responseId: number) {
  return ex
    .selectFrom('survey_responses as r')
    .select(RESPONSE_COLUMNS)
    .where('r.client_id', '=', clientId)
    .where('r.id', '=', responseId)
    .executeTakeFirst()
}

export type ResponseRow = Awaited<ReturnType<typeof findResponse>> & object

/** The clients' details as the tenant's staff see them (the respondents are related clients). */
export function listClientDetails(ex: Executor, clientIds: number[]) {
  if (clientIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('users as u')
    .select(CLIENT_DETAIL_COLUMNS)
    .where('u.id', 'in', clientIds)
    .where('u.user_type', '=', 'client')
    .execute()
}

/** For each client, the tenant's subgroups of the survey (or of any survey) they are in. */
export async function subgroupsOfClients(ex: Executor, tenantId: number, clientIds: number[]) {
  const bySurveyClient = new Map<string, number[]>()
  if (clientIds.length === 0) return bySurveyClient
  const rows = await ex
    .selectFrom('survey_subgroup_clients as g')
    .innerJoin('survey_subgroups as s', (j) =>
      j.onRef('s.tenant_id', '=', 'g.tenant_id').onRef('s.id', '=', 'g.subgroup_id'),
    )
    .select(['s.survey_id', 'g.client_id', 's.id'])
    .where('g.tenant_id', '=', tenantId)
    .where('g.client_id', 'in', clientIds)
    .orderBy('s.id')
    .execute()
  for (const r of rows) {
    const key = `${r.survey_id}:${r.client_id}`
    bySurveyClient.set(key, [...(bySurveyClient.get(key) ?? []), r.id])
  }
  return bySurveyClient
}

/** The subgroup of the survey, or undefined. */
export function findSubgroupOfSurvey(ex: Executor, tenantId: number, surveyId: number, subgroupId: number) {
  return ex
    .selectFrom('survey_subgroups')
    .select(['id', 'survey_id'])
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where('id', '=', subgroupId)
    .executeTakeFirst()
}

/** A subgroup of the tenant (of any survey), or undefined. */
export function findTenantSubgroup(ex: Executor, tenantId: number, subgroupId: number) {
  return ex
    .selectFrom('survey_subgroups')
    .select(['id', 'survey_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', subgroupId)
    .executeTakeFirst()
}

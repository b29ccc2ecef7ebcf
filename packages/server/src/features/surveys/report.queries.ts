import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../db/database.js'

/*
 * The survey report view (contract §6.4), computed in the database: answers are counted by question and value in
 * one pass over the responses' jsonb, never loaded into memory. A subgroup narrows the responses to its clients.
 */

type Scope = { tenantId: number; surveyId: number; subgroupId: number | null }

/** The responses in scope, as a condition on `r` (survey_responses). */
function inScope({ tenantId, surveyId, subgroupId }: Scope): RawBuilder<boolean> {
  const subgroup =
    subgroupId === null
      ? sql``
      : sql`and r.client_id in (select g.client_id from survey_subgroup_clients g
                                where g.tenant_id = ${tenantId} and g.subgroup_id = ${subgroupId})`
  return sql<boolean>`r.tenant_id = ${tenantId} and r.survey_id = ${surveyId} ${subgroup}`
}

/**
 * Answers counted by question and value: one row per question id and distinct answer (its JSON text; a multiple
 * choice answer is its whole array), with `value` null for the open-text questions named (only counted).
 */
export async function countAnswers(ex: Executor, scope: Scope, openIds: string[]) {
  const result = await sql<{ qid: string; value: string | null; n: number }>`
    select a.qid, case when a.qid = any(${openIds}::text[]) then null else a.answer::text end as value,
           count(*)::int as n
    from survey_responses r
    cross join lateral jsonb_each(r.answers) as a(qid, answer)
    where ${inScope(scope)} and jsonb_typeof(a.answer) <> 'null'
    group by 1, 2`.execute(ex)
  return result.rows
}

/** How many responses are in scope. */
export async function countScopedResponses(ex: Executor, scope: Scope): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from survey_responses r where ${inScope(scope)}`.execute(ex)
  return result.rows[0]?.n ?? 0
}

/** The latest 20 answers of each open-text question, newest first. */
export async function recentOpenAnswers(ex: Executor, scope: Scope, openIds: string[]) {
  if (openIds.length === 0) return []
  const result = await sql<{ qid: string; response_id: number; text: string; submitted_at: Date }>`
    select q.qid, x.response_id, x.text, x.submitted_at
    from unnest(${openIds}::text[]) as q(qid)
    cross join lateral (
      select r.id as response_id, r.answers ->> q.qid as text, r.submitted_at
      from survey_responses r
      where ${inScope(scope)} and r.answers ->> q.qid is not null
      order by r.submitted_at desc, r.id desc
      limit 20
    ) x`.execute(ex)
  return result.rows.map((r) => ({ ...r, response_id: Number(r.response_id) }))
}

/** Impressions of the public link, and responses received through it (survey-wide). */
export async function publicLinkFigures(ex: Executor, tenantId: number, surveyId: number) {
  const result = await sql<{ impressions: number; public_responses: number }>`
    select
      (select count(*)::int from survey_impressions i where i.tenant_id = ${tenantId} and i.survey_id = ${surveyId})
        as impressions,
      (select count(*)::int from survey_responses r
       where r.tenant_id = ${tenantId} and r.survey_id = ${surveyId} and r.via = 'public') as public_responses`.execute(
    ex,
  )
  return result.rows[0] ?? { impressions: 0, public_responses: 0 }
}

/**
 * The survey's audience (contract §6.2): distinct clients chosen one by one, current members of its communities,
 * clients of its audience subgroups and invited clients, plus invited addresses that are no client; and how many
 * of them responded (§7.11: only audience members count).
 */
export async function audienceFigures(ex: Executor, tenantId: number, surveyId: number) {
  const result = await sql<{ audience_size: number; respondents: number }>`
    with members as (
      select a.client_id from survey_audience_clients a where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId}
      union
      select m.client_id from survey_audience_communities a
      join community_memberships m
        on m.tenant_id = a.tenant_id and m.community_id = a.community_id and m.left_at is null
      where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId}
      union
      select g.client_id from survey_audience_subgroups a
      join survey_subgroup_clients g on g.tenant_id = a.tenant_id and g.subgroup_id = a.subgroup_id
      where a.tenant_id = ${tenantId} and a.survey_id = ${surveyId}
      union
      select i.client_id from survey_invitations i
      where i.tenant_id = ${tenantId} and i.survey_id = ${surveyId} and i.client_id is not null
    ),
    invitees as (
      select i.id, i.responded_at from survey_invitations i
      where i.tenant_id = ${tenantId} and i.survey_id = ${surveyId} and i.client_id is null
    )
    select
      (select count(*) from members)::int + (select count(*) from invitees)::int as audience_size,
      (select count(*) from members m where exists (
         select 1 from survey_responses r
         where r.tenant_id = ${tenantId} and r.survey_id = ${surveyId} and r.client_id = m.client_id))::int
      + (select count(*) from invitees v where v.responded_at is not null)::int as respondents`.execute(ex)
  return result.rows[0] ?? { audience_size: 0, respondents: 0 }
}

/** A subgroup's size and how many of its clients responded to the survey. */
export async function subgroupFigures(ex: Executor, tenantId: number, surveyId: number, subgroupId: number) {
  const result = await sql<{ audience_size: number; respondents: number }>`
    select count(*)::int as audience_size,
           count(*) filter (where exists (
             select 1 from survey_responses r
             where r.tenant_id = ${tenantId} and r.survey_id = ${surveyId} and r.client_id = g.client_id))::int
             as respondents
    from survey_subgroup_clients g
    where g.tenant_id = ${tenantId} and g.subgroup_id = ${subgroupId}`.execute(ex)
  return result.rows[0] ?? { audience_size: 0, respondents: 0 }
}

/** The staff's conclusions on the survey, oldest first, with their authors. */
export function listConclusions(ex: Executor, tenantId: number, surveyId: number) {
  return ex
    .selectFrom('survey_conclusions as c')
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.reporter_id'))
    .select([
      'c.id',
      'c.survey_id',
      'c.conclusion',
      'c.success',
      'c.created_at',
      'u.id as reporter_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.user_type',
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.survey_id', '=', surveyId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute()
}

export function insertConclusion(
  ex: Executor,
  tenantId: number,
  values: { surveyId: number; conclusion: string; success: boolean; reporterId: number; at: Date },
) {
  return ex
    .insertInto('survey_conclusions')
    .values({
      tenant_id: tenantId,
      survey_id: values.surveyId,
      conclusion: values.conclusion,
      success: values.success,
      reporter_id: values.reporterId,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

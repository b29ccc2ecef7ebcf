import { sql, type Expression } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { StoredQuestion, SurveyStatus } from '../../db/schema.js'
import { surveyAudienceClients } from '../../db/survey-audience.js'
import { effectiveClosedAt, effectiveStatus } from '../../db/survey-status.js'
import {
  cellColumns,
  countQuery,
  keyOf,
  numberCell,
  personCell,
  textCell,
  timeCell,
  type Slice,
  type TextCell,
  afterKey,
} from './report-sql.queries.js'

/*
 * The rows of the surveys and survey responses reports (contract §9.1) as text cells, in the report's order: a page
 * after the last row of the one before (keyset), or all of them for one COPY. Every query leads with the tenant.
 */

export type SurveyReportScope = {
  statuses: readonly SurveyStatus[] | undefined
  from: Date
  to: Date
  /** The instant a survey's status is read at: a published survey past its end day is closed (contract §6.2). */
  now: Date
}

function surveyRows(db: Executor, tenantId: number, s: SurveyReportScope) {
  let q = db
    .selectFrom('surveys as s')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .where('s.tenant_id', '=', tenantId)
    .where('s.created_at', '>=', s.from)
    .where('s.created_at', '<', s.to)
  if (s.statuses) q = q.where(effectiveStatus(s.now), 'in', [...s.statuses])
  return q
}

/**
 * The figures of survey `s` as the survey views count them (survey-views.queries.ts `listSurveyRows`, contract §6.2):
 * the audience (distinct clients of the audience, plus invited addresses that are no client), the responses, the
 * respondents of the audience (clients, plus invitations without a client that were answered) and the impressions.
 */
function surveyFigures(tenantId: number) {
  const t = tenantId
  const audience = surveyAudienceClients(t)
  return sql`(select
    (select count(*) from ${audience} x)
      + (select count(*) from survey_invitations i
         where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is null) as audience,
    (select count(*) from survey_responses r where r.tenant_id = ${t} and r.survey_id = s.id) as responses,
    (select count(distinct r.client_id) from survey_responses r
       where r.tenant_id = ${t} and r.survey_id = s.id and r.client_id in ${audience})
      + (select count(*) from survey_invitations i
         where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is null
           and (i.responded_at is not null or exists (select 1 from survey_responses r
             where r.tenant_id = i.tenant_id and r.survey_id = i.survey_id and r.invitation_id = i.id))) as respondents,
    (select count(*) from survey_impressions p where p.tenant_id = ${t} and p.survey_id = s.id) as impressions)`
}

/**
 * `part ÷ whole × 100` as the product shows it (lib/numbers.ts `percentage`, capped at 100 as in surveys/rates.ts):
 * the division in double precision, rounded half away from zero to 2 decimals from the shortest text of that double
 * (as `round2` rounds JavaScript's), written without trailing zeros (as JSON writes the number).
 */
const percentCell = (part: Expression<unknown>, whole: Expression<unknown>) =>
  sql`trim_scale(least(100, round(((${part})::float8 / (${whole})::float8 * 100)::text::numeric, 2)))::text`

/**
 * The response rate (contract §7.11, surveys/rates.ts `responseRate`): the audience's respondents over the audience,
 * or, without an audience, the responses over the impressions; empty when that denominator is 0.
 */
const responseRateCell = (): TextCell =>
  sql`CASE WHEN f.audience > 0 THEN ${percentCell(sql`f.respondents`, sql`f.audience`)}
    WHEN f.impressions > 0 THEN ${percentCell(sql`f.responses`, sql`f.impressions`)} END`

/** `open_ended` (only open-text questions), `close_ended` (none) or `mixed` (surveys/questions.ts `surveyType`). */
const surveyTypeCell = (): TextCell => sql`CASE
    WHEN jsonb_array_length(s.questions) > 0
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(s.questions) q WHERE q ->> 'type' <> 'open_text')
      THEN 'open_ended'
    WHEN NOT EXISTS (SELECT 1 FROM jsonb_array_elements(s.questions) q WHERE q ->> 'type' = 'open_text')
      THEN 'close_ended'
    ELSE 'mixed' END`

/** The query of how many surveys the report has, counting no further than `cap`. */
export const countSurveyReport = (db: Executor, tenantId: number, s: SurveyReportScope, cap: number) =>
  countQuery(db, surveyRows(db, tenantId, s).select('s.id').limit(cap))

/** The surveys report's cells, newest first (ties by id): a page after a row, or every row. */
export function surveyReportQuery(db: Executor, tenantId: number, s: SurveyReportScope, slice: Slice, guard: boolean) {
  let q = surveyRows(db, tenantId, s)
  if (slice !== 'all' && slice.after) q = q.where(afterKey('s.created_at', 's.id', slice.after, 'newest'))
  const rows = q
    .innerJoinLateral(
      () => surveyFigures(tenantId).as('f'),
      (j) => j.onTrue(),
    )
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.created_by'))
    .select((eb) =>
      cellColumns([
        numberCell(eb.ref('s.id')),
        textCell(eb.ref('s.topic'), guard),
        textCell(eb.ref('s.description'), guard),
        numberCell(effectiveStatus(s.now)),
        surveyTypeCell(),
        numberCell(sql`jsonb_array_length(s.questions)`),
        numberCell(sql`f.audience`),
        numberCell(sql`f.responses`),
        responseRateCell(),
        sql`to_char(s.start_day, 'YYYY-MM-DD')`,
        sql`to_char(s.end_day, 'YYYY-MM-DD')`,
        timeCell(eb.ref('s.published_at')),
        timeCell(effectiveClosedAt(s.now)),
        personCell(eb.ref('u.first_name'), eb.ref('u.last_name'), eb.ref('u.username'), guard),
      ]),
    )
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
  if (slice === 'all') return rows.compile()
  return rows
    .select([keyOf('s.created_at').as('sort_at'), 's.id as id'])
    .limit(slice.limit)
    .compile()
}

export type SurveyResponseReportScope = {
  surveyId: number
  /** The responses of this subgroup's clients only (as the survey's report view narrows them, contract §6.4). */
  subgroupId: number | undefined
  from: Date
  to: Date
  /** The survey's questions, in order: one cell each, after the fixed ones. */
  questions: readonly StoredQuestion[]
}

function responseRows(db: Executor, tenantId: number, s: SurveyResponseReportScope) {
  let q = db
    .selectFrom('survey_responses as r')
    .where('r.tenant_id', '=', tenantId)
    .where('r.survey_id', '=', s.surveyId)
    .where('r.submitted_at', '>=', s.from)
    .where('r.submitted_at', '<', s.to)
  const subgroupId = s.subgroupId
  if (subgroupId !== undefined)
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
  return q
}

/**
 * Response `r`'s answer to a question as a cell. A choice answer (an option id, or an array of them) is its options'
 * labels joined by "; " in the question's order of options (an id the question no longer has is written as it is);
 * the labels are those of the question list the columns were made from, so header and cells agree. Any other answer
 * (a number, a text) is written as it is. Absent and null answers are empty.
 */
function answerCell(question: StoredQuestion, guard: boolean): TextCell {
  const answer = sql`(r.answers -> ${question.id}::text)`
  if (question.type !== 'single_choice' && question.type !== 'multiple_choice')
    return textCell(sql`(${answer} #>> '{}')`, guard)
  const options = JSON.stringify((question.options ?? []).map((o) => ({ id: o.id, label: o.label })))
  return textCell(
    sql`(SELECT string_agg(coalesce(o.e ->> 'label', a.x), '; ' ORDER BY o.n, a.n)
      FROM jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(${answer}) = 'array' THEN ${answer} ELSE jsonb_build_array(${answer}) END
      ) WITH ORDINALITY AS a(x, n)
      LEFT JOIN jsonb_array_elements(${options}::jsonb) WITH ORDINALITY AS o(e, n) ON o.e ->> 'id' = a.x)`,
    guard,
  )
}

/** The query of how many responses the report has, counting no further than `cap`. */
export const countSurveyResponseReport = (db: Executor, tenantId: number, s: SurveyResponseReportScope, cap: number) =>
  countQuery(db, responseRows(db, tenantId, s).select('r.id').limit(cap))

/**
 * The survey responses report's cells, oldest first (ties by id): the fixed cells, then one per question, each its
 * own column (a COPY writes columns, not a JSON object): a page after a row, or every row.
 */
export function surveyResponseReportQuery(
  db: Executor,
  tenantId: number,
  s: SurveyResponseReportScope,
  slice: Slice,
  guard: boolean,
) {
  let q = responseRows(db, tenantId, s)
  if (slice !== 'all' && slice.after) q = q.where(afterKey('r.submitted_at', 'r.id', slice.after, 'oldest'))
  const rows = q
    .leftJoin('users as u', 'u.id', 'r.client_id')
    .select((eb) =>
      cellColumns([
        numberCell(eb.ref('r.id')),
        timeCell(eb.ref('r.submitted_at')),
        // A client by their display name, an invitee by the address invited; an anonymous respondent is nobody.
        sql`CASE ${eb.ref('r.respondent_type')}
          WHEN 'client' THEN ${personCell(eb.ref('u.first_name'), eb.ref('u.last_name'), eb.ref('u.username'), guard)}
          WHEN 'invitee' THEN ${textCell(eb.ref('r.respondent_email'), guard)} END`,
        numberCell(eb.ref('r.respondent_type')),
        ...s.questions.map((question) => answerCell(question, guard)),
      ]),
    )
    .orderBy('r.submitted_at')
    .orderBy('r.id')
  if (slice === 'all') return rows.compile()
  return rows
    .select([keyOf('r.submitted_at').as('sort_at'), 'r.id as id'])
    .limit(slice.limit)
    .compile()
}

/** A survey of the tenant (staff reach every one, drafts included: contract §6.2), with its questions. */
export function findReportSurvey(db: Executor, tenantId: number, surveyId: number) {
  return db
    .selectFrom('surveys')
    .select(['id', 'topic', 'questions'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', surveyId)
    .executeTakeFirst()
}

/** A subgroup's name, if it is one of the survey's. */
export async function subgroupName(db: Executor, tenantId: number, surveyId: number, subgroupId: number) {
  const row = await db
    .selectFrom('survey_subgroups')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where('id', '=', subgroupId)
    .executeTakeFirst()
  return row?.name
}

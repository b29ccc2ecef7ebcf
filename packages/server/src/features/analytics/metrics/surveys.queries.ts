import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { surveyAudienceRows } from '../../../db/survey-audience.js'
import { effectiveClosedAt, effectiveStatus } from '../../../db/survey-status.js'

/*
 * The survey metrics' SQL (contract §7.11). Answers are counted by question and value in the database; a survey's
 * audience is its clients chosen one by one, the current members of its audience communities, the clients of its
 * audience subgroups and its invited clients, plus the invited addresses that are not clients (as in §6.2).
 */

/**
 * An answer as a whole number when it is one (a JSON number or a string of digits, e.g. `4`, `4.0` or `"4"`),
 * else null: other answers are skipped, never an error.
 */
const wholeNumber = (answer: RawBuilder<unknown>) =>
  sql<number | null>`(case
    when jsonb_typeof(${answer}) = 'number' and (${answer})::text ~ '^[0-9]{1,2}(\\.0+)?$'
      then (${answer})::text::numeric::int
    when jsonb_typeof(${answer}) = 'string' and trim(${answer} #>> '{}') ~ '^[0-9]{1,2}$'
      then trim(${answer} #>> '{}')::int
    end)`

/** A survey's `rating` and `nps` questions, in their order in the survey. */
export async function scoredQuestions(ex: Executor, tenantId: number, surveyId: number) {
  const result = await sql<{ id: string; title: string; type: 'rating' | 'nps' }>`
    select q.e ->> 'id' as id, coalesce(q.e ->> 'title', '') as title, q.e ->> 'type' as type
    from surveys s
    cross join lateral jsonb_array_elements(s.questions) with ordinality as q(e, n)
    where s.tenant_id = ${tenantId} and s.id = ${surveyId}
      and q.e ->> 'type' in ('rating', 'nps') and q.e ->> 'id' is not null
    order by q.n`.execute(ex)
  return result.rows
}

/**
 * The valid numeric answers of some questions of a survey, by question and value, over the responses submitted in
 * the window: ratings 1–5 for `ratingIds`, 0–10 for `npsIds`.
 */
export async function countScores(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  window: Window,
  ids: { rating: string[]; nps: string[] },
) {
  if (ids.rating.length + ids.nps.length === 0) return []
  const answer = sql`a.answer`
  const result = await sql<{ qid: string; value: number; n: number }>`
    select x.qid, x.value, count(*)::int as n
    from survey_responses r
    cross join lateral jsonb_each(r.answers) as a(qid, answer)
    cross join lateral (select a.qid, ${wholeNumber(answer)} as value) x
    where r.tenant_id = ${tenantId} and r.survey_id = ${surveyId}
      and r.submitted_at >= ${window.from} and r.submitted_at < ${window.to}
      and ((x.qid = any(${ids.rating}::text[]) and x.value between 1 and 5)
        or (x.qid = any(${ids.nps}::text[]) and x.value between 0 and 10))
    group by x.qid, x.value`.execute(ex)
  return result.rows.map((r) => ({ qid: r.qid, value: Number(r.value), n: Number(r.n) }))
}

/** How many responses to a survey were submitted in the window. */
export async function countResponses(ex: Executor, tenantId: number, surveyId: number, window: Window) {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from survey_responses r
    where r.tenant_id = ${tenantId} and r.survey_id = ${surveyId}
      and r.submitted_at >= ${window.from} and r.submitted_at < ${window.to}`.execute(ex)
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * Audience, respondents, responses and impressions summed over some surveys: one survey (`surveyId`), or every
 * survey of the tenant published in the window. Respondents, responses and impressions count what happened in the
 * window; respondents are audience members only (clients who answered, invited addresses that answered).
 *
 * Per survey, its audience rows and its responses in the window are grouped by client in one pass (no join whose
 * plan could go wrong on a prepared statement's generic estimates): a client is an audience member when one of its
 * rows comes from the audience, and a respondent when one also comes from a response; the responses (anonymous ones
 * grouped under no client) are counted in the same pass.
 */
export async function responseFigures(ex: Executor, tenantId: number, window: Window, surveyId: number | undefined) {
  const t = tenantId
  const { from, to } = window
  const audience = surveyAudienceRows(t)
  const which =
    surveyId === undefined ? sql`s.published_at >= ${from} and s.published_at < ${to}` : sql`s.id = ${surveyId}`
  const result = await sql<{
    survey_count: number
    audience_size: string
    respondents: string
    response_count: string
    impressions: string
  }>`
    select count(*)::int as survey_count,
           coalesce(sum(f.audience_size), 0) as audience_size,
           coalesce(sum(f.respondents), 0) as respondents,
           coalesce(sum(f.response_count), 0) as response_count,
           coalesce(sum(f.impressions), 0) as impressions
    from surveys s
    cross join lateral (
      select count(*) filter (where g.member) as members,
             count(*) filter (where g.member and g.responses > 0) as responding_members,
             coalesce(sum(g.responses), 0) as responses
      from (
        select x.client_id, bool_or(x.member) as member, count(*) filter (where not x.member) as responses
        from (
          select a.client_id, true as member from ${audience} a
          union all
          select r.client_id, false from survey_responses r
          where r.tenant_id = ${t} and r.survey_id = s.id and r.submitted_at >= ${from} and r.submitted_at < ${to}
        ) x
        group by x.client_id
      ) g
    ) c
    cross join lateral (select
      c.members
        + (select count(*) from survey_invitations i
           where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is null) as audience_size,
      c.responding_members
        + (select count(*) from survey_invitations i
           where i.tenant_id = ${t} and i.survey_id = s.id and i.client_id is null
             and ((i.responded_at >= ${from} and i.responded_at < ${to})
               or exists (select 1 from survey_responses r
                 where r.tenant_id = i.tenant_id and r.survey_id = i.survey_id and r.invitation_id = i.id
                   and r.submitted_at >= ${from} and r.submitted_at < ${to}))) as respondents,
      c.responses as response_count,
      (select count(*) from survey_impressions p
         where p.tenant_id = ${t} and p.survey_id = s.id
           and p.occurred_at >= ${from} and p.occurred_at < ${to}) as impressions
    ) f
    where s.tenant_id = ${t} and ${which}`.execute(ex)
  const row = result.rows[0]
  return {
    surveyCount: Number(row?.survey_count ?? 0),
    audience: Number(row?.audience_size ?? 0),
    respondents: Number(row?.respondents ?? 0),
    responses: Number(row?.response_count ?? 0),
    impressions: Number(row?.impressions ?? 0),
  }
}

/**
 * The average run (closing time − publication time, in seconds) of the tenant's surveys closed in the window, or of
 * one survey when it closed there. A published survey past the end of its end day closed then.
 */
export async function runPeriods(
  ex: Executor,
  tenantId: number,
  window: Window,
  now: Date,
  surveyId: number | undefined,
) {
  const closedAt = effectiveClosedAt(now)
  const result = await sql<{ survey_count: number; avg_seconds: string | null }>`
    select count(*)::int as survey_count,
           avg(extract(epoch from (c.closed_at - c.published_at))) as avg_seconds
    from (
      select s.published_at, ${closedAt} as closed_at
      from surveys s join tenants t on t.id = s.tenant_id
      where s.tenant_id = ${tenantId} ${surveyId === undefined ? sql`` : sql`and s.id = ${surveyId}`}
        and s.published_at is not null
    ) c
    where c.closed_at >= ${window.from} and c.closed_at < ${window.to}`.execute(ex)
  const row = result.rows[0]
  return {
    surveyCount: Number(row?.survey_count ?? 0),
    avgSeconds: row?.avg_seconds === null || row?.avg_seconds === undefined ? null : Number(row.avg_seconds),
  }
}

/** The tenant's surveys created before `to`, by their status now, and how many of them were created in the window. */
export async function surveyTotals(ex: Executor, tenantId: number, window: Window, now: Date) {
  const status = effectiveStatus(now)
  const result = await sql<{ total: number; draft: number; published: number; closed: number; created: number }>`
    select count(*)::int as total,
           count(*) filter (where ${status} = 'draft')::int as draft,
           count(*) filter (where ${status} = 'published')::int as published,
           count(*) filter (where ${status} = 'closed')::int as closed,
           count(*) filter (where s.created_at >= ${window.from})::int as created
    from surveys s join tenants t on t.id = s.tenant_id
    where s.tenant_id = ${tenantId} and s.created_at < ${window.to}`.execute(ex)
  const row = result.rows[0]
  return {
    total: Number(row?.total ?? 0),
    draft: Number(row?.draft ?? 0),
    published: Number(row?.published ?? 0),
    closed: Number(row?.closed ?? 0),
    created: Number(row?.created ?? 0),
  }
}

import type { ReportQuestion, SurveyConclusion, SurveyReportView } from '@proxima/contracts'
import type { z } from 'zod'
import type { ConclusionCreate, ReportViewQuery } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { StoredQuestion } from '../../db/schema.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { notFound } from '../../lib/errors.js'
import { percentage, round2 } from '../../lib/numbers.js'
import { loadSurveyFor } from './access.js'
import {
  audienceFigures,
  countAnswers,
  countScopedResponses,
  insertConclusion,
  listConclusions,
  publicLinkFigures,
  recentOpenAnswers,
  subgroupFigures,
} from './report.queries.js'
import { findSubgroupOfSurvey, findSurveyTenant } from './responses.queries.js'
import { surveyPhase } from './schedule.js'

type Counts = Map<string, number>

/** Per question: how many answered, and how often each value was given (JSON text of the answer → count). */
function groupCounts(rows: { qid: string; value: string | null; n: number }[]) {
  const byQuestion = new Map<string, { answered: number; values: Counts }>()
  for (const row of rows) {
    const entry = byQuestion.get(row.qid) ?? { answered: 0, values: new Map() }
    entry.answered += row.n
    if (row.value !== null) entry.values.set(row.value, (entry.values.get(row.value) ?? 0) + row.n)
    byQuestion.set(row.qid, entry)
  }
  return byQuestion
}

/** Counts per chosen value: a multiple-choice answer counts once for each option in it. */
function tally(values: Counts): Map<string | number, number> {
  const out = new Map<string | number, number>()
  for (const [text, n] of values) {
    const parsed: unknown = JSON.parse(text)
    const chosen = Array.isArray(parsed) ? parsed : [parsed]
    for (const v of chosen) if (typeof v === 'string' || typeof v === 'number') out.set(v, (out.get(v) ?? 0) + n)
  }
  return out
}

function scale(q: StoredQuestion, answered: number, counts: Map<string | number, number>): ReportQuestion {
  const [low, high] = q.type === 'rating' ? [1, 5] : [0, 10]
  let sum = 0
  const distribution: { value: number; count: number; percentage: number | null }[] = []
  for (let value = low; value <= high; value++) {
    const count = counts.get(value) ?? 0
    sum += value * count
    distribution.push({ value, count, percentage: percentage(count, answered) })
  }
  const average = answered === 0 ? null : round2(sum / answered)
  const between = (a: number, b: number) =>
    distribution.filter((d) => d.value >= a && d.value <= b).reduce((s, d) => s + d.count, 0)
  const base = { id: q.id, type: q.type, title: q.title, answered, average, distribution }
  if (q.type === 'rating') return { ...base, skipped: 0, satisfaction_percentage: percentage(between(4, 5), answered) }
  const promoters = between(9, 10)
  const detractors = between(0, 6)
  return {
    ...base,
    skipped: 0,
    nps: {
      score: answered === 0 ? null : round2(((promoters - detractors) / answered) * 100),
      promoters,
      passives: between(7, 8),
      detractors,
    },
  }
}

function choice(q: StoredQuestion, answered: number, counts: Map<string | number, number>): ReportQuestion {
  return {
    id: q.id,
    type: q.type,
    title: q.title,
    answered,
    skipped: 0,
    distribution: (q.options ?? []).map((o) => {
      const count = counts.get(o.id) ?? 0
      return { option_id: o.id, label: o.label, count, percentage: percentage(count, answered) }
    }),
  }
}

/** The survey report view and the staff's conclusions (contract §6.4). */
export function createReportService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps

  async function view(actor: StaffActor, q: z.infer<typeof ReportViewQuery>): Promise<SurveyReportView> {
    const survey = await loadSurveyFor(db, actor, q.survey_id)
    const subgroupId = q.subgroup_id ?? null
    if (subgroupId !== null && !(await findSubgroupOfSurvey(db, actor.tenantId, survey.id, subgroupId)))
      throw notFound()
    const scope = { tenantId: actor.tenantId, surveyId: survey.id, subgroupId }
    const openIds = survey.questions.filter((x) => x.type === 'open_text').map((x) => x.id)
    const [answerRows, responseCount, recent, link, audience, tenant, reports] = await Promise.all([
      countAnswers(db, scope, openIds),
      countScopedResponses(db, scope),
      recentOpenAnswers(db, scope, openIds),
      publicLinkFigures(db, actor.tenantId, survey.id),
      subgroupId === null
        ? audienceFigures(db, actor.tenantId, survey.id)
        : subgroupFigures(db, actor.tenantId, survey.id, subgroupId),
      findSurveyTenant(db, actor.tenantId),
      conclusions(db, actor.tenantId, survey.id),
    ])
    const grouped = groupCounts(answerRows)
    const questions = survey.questions.map((question): ReportQuestion => {
      const { answered, values } = grouped.get(question.id) ?? { answered: 0, values: new Map<string, number>() }
      const skipped = responseCount - answered
      if (question.type === 'open_text')
        return {
          id: question.id,
          type: question.type,
          title: question.title,
          answered,
          skipped,
          recent_answers: recent
            .filter((r) => r.qid === question.id)
            .map((r) => ({ response_id: r.response_id, text: r.text, submitted_at: isoRequired(r.submitted_at) })),
        }
      const counts = tally(values)
      const entry =
        question.type === 'rating' || question.type === 'nps'
          ? scale(question, answered, counts)
          : choice(question, answered, counts)
      return { ...entry, skipped }
    })
    // Without an audience, the survey-wide rate is responses per impression (§7.11); a subgroup always has one.
    const responseRate =
      subgroupId === null && audience.audience_size === 0
        ? percentage(responseCount, link.impressions)
        : percentage(audience.respondents, audience.audience_size)
    const phase = surveyPhase(survey, tenant.timezone, clock.now())
    const completion = percentage(link.public_responses, link.impressions)
    return {
      survey_id: survey.id,
      survey_topic: survey.topic,
      status: phase === 'closed' ? 'closed' : survey.status,
      subgroup_id: subgroupId,
      audience_size: audience.audience_size,
      response_count: responseCount,
      response_rate: responseRate === null ? null : Math.min(100, responseRate),
      impressions: link.impressions,
      completion_rate: completion === null ? null : Math.min(100, completion),
      questions,
      reports,
    }
  }

  async function conclude(actor: StaffActor, input: z.infer<typeof ConclusionCreate>): Promise<SurveyConclusion> {
    const survey = await loadSurveyFor(db, actor, input.survey_id)
    const row = await insertConclusion(db, actor.tenantId, {
      surveyId: survey.id,
      conclusion: input.conclusion,
      success: input.survey_success,
      reporterId: actor.userId,
      at: clock.now(),
    })
    const all = await conclusions(db, actor.tenantId, survey.id)
    const made = all.find((c) => c.survey_report_id === row.id)
    if (!made) throw notFound()
    return made
  }

  return { view, conclude }
}

async function conclusions(ex: Executor, tenantId: number, surveyId: number): Promise<SurveyConclusion[]> {
  const rows = await listConclusions(ex, tenantId, surveyId)
  return rows.map((r) => ({
    survey_report_id: r.id,
    survey_id: r.survey_id,
    conclusion: r.conclusion,
    survey_success: r.success,
    survey_reporter:
      r.reporter_id !== null && r.user_type !== null && r.user_type !== 'client'
        ? {
            id: r.reporter_id,
            username: r.username ?? '',
            first_name: r.first_name ?? '',
            last_name: r.last_name ?? '',
            user_type: r.user_type,
          }
        : null,
    created_at: isoRequired(r.created_at),
  }))
}

export type ReportService = ReturnType<typeof createReportService>

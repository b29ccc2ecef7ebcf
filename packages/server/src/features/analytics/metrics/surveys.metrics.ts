import { round2 } from '../../../lib/numbers.js'
import { responseRate } from '../../surveys/rates.js'
import { metric, type MetricContext } from '../metric.js'
import {
  countResponses,
  countScores,
  responseFigures,
  runPeriods,
  scoredQuestions,
  surveyTotals,
} from './surveys.queries.js'

/* Survey metrics (contract §7.11). */

/** The survey a metric is scoped to; `requires: 'survey'` has made sure there is one. */
function surveyOf(ctx: MetricContext): number {
  const survey = ctx.scope.survey
  if (!survey) throw new Error('A survey metric ran without its survey.')
  return survey.id
}

/** Sum of value × count and the count, over `[value, count]` pairs. */
function totals(pairs: Iterable<[number, number]>) {
  let sum = 0
  let count = 0
  for (const [value, n] of pairs) {
    sum += value * n
    count += n
  }
  return { sum, count, average: count === 0 ? null : round2(sum / count) }
}

/** Every value of a scale with its count (0 when nobody gave it). */
function distributionOf(counts: ReadonlyMap<number, number>, min: number, max: number): Record<string, number> {
  const out: Record<string, number> = {}
  for (let v = min; v <= max; v++) out[String(v)] = counts.get(v) ?? 0
  return out
}

/** The text form of a duration the legacy dashboard shows: "3 days, 4 hours, 0 minutes, 0 seconds". */
export function legacyDuration(totalSeconds: number): string {
  let s = Math.round(totalSeconds)
  const days = Math.floor(s / 86_400)
  s -= days * 86_400
  const hours = Math.floor(s / 3_600)
  s -= hours * 3_600
  const minutes = Math.floor(s / 60)
  s -= minutes * 60
  return `${days} days, ${hours} hours, ${minutes} minutes, ${s} seconds`
}

const surveyratingsMetric = metric({
  name: 'surveyratings',
  uses: ['survey'],
  defaultWindow: 'survey_life',
  requires: 'survey',
  compute: async (ctx) => {
    const surveyId = surveyOf(ctx)
    const questions = await scoredQuestions(ctx.db, ctx.tenantId, surveyId)
    const ids = {
      rating: questions.filter((q) => q.type === 'rating').map((q) => q.id),
      nps: questions.filter((q) => q.type === 'nps').map((q) => q.id),
    }
    const [scores, responseCount] = await Promise.all([
      countScores(ctx.db, ctx.tenantId, surveyId, ctx.window, ids),
      countResponses(ctx.db, ctx.tenantId, surveyId, ctx.window),
    ])
    const byQuestion = new Map<string, Map<number, number>>()
    for (const { qid, value, n } of scores) {
      const counts = byQuestion.get(qid) ?? new Map<number, number>()
      counts.set(value, n)
      byQuestion.set(qid, counts)
    }
    const countsOf = (id: string) => byQuestion.get(id) ?? new Map<number, number>()
    const allRatings = totals(ids.rating.flatMap((id) => [...countsOf(id)]))
    const npsAnswers = ids.nps.flatMap((id) => [...countsOf(id)])
    const npsCount = npsAnswers.reduce((n, [, c]) => n + c, 0)
    const among = (lo: number, hi: number) => npsAnswers.reduce((n, [v, c]) => n + (v >= lo && v <= hi ? c : 0), 0)
    const promoters = among(9, 10)
    const passives = among(7, 8)
    const detractors = among(0, 6)
    // The average rating also sits under the survey's id, the key the legacy dashboard reads.
    const legacy: Record<string, number | null> = { [String(surveyId)]: allRatings.average }
    return Object.assign(legacy, {
      survey_id: surveyId,
      average_rating: allRatings.average,
      response_count: responseCount,
      questions: questions.map((q) => {
        const counts = countsOf(q.id)
        const t = totals(counts)
        return {
          id: q.id,
          title: q.title,
          type: q.type,
          average: t.average,
          count: t.count,
          distribution: q.type === 'rating' ? distributionOf(counts, 1, 5) : distributionOf(counts, 0, 10),
        }
      }),
      nps:
        ids.nps.length === 0
          ? null
          : {
              score: npsCount === 0 ? null : round2(((promoters - detractors) / npsCount) * 100),
              promoters,
              passives,
              detractors,
              count: npsCount,
            },
    })
  },
})

const surveyresponserateMetric = metric({
  name: 'surveyresponserate',
  uses: ['survey'],
  defaultWindow: 'survey_life',
  compute: async (ctx) => {
    const f = await responseFigures(ctx.db, ctx.tenantId, ctx.window, ctx.scope.survey?.id)
    const rate = responseRate(f)
    return {
      response_rate: rate,
      basis: f.audience > 0 ? ('audience' as const) : f.impressions > 0 ? ('impressions' as const) : null,
      respondents: f.respondents,
      audience_size: f.audience,
      response_count: f.responses,
      impressions: f.impressions,
      survey_count: f.surveyCount,
    }
  },
})

const averagesurveyrunperiodMetric = metric({
  name: 'averagesurveyrunperiod',
  uses: ['survey'],
  compute: async (ctx) => {
    const r = await runPeriods(ctx.db, ctx.tenantId, ctx.window, ctx.now, ctx.scope.survey?.id)
    return {
      avg_survey_period: r.avgSeconds === null ? null : legacyDuration(r.avgSeconds),
      avg_survey_period_seconds: r.avgSeconds === null ? null : round2(r.avgSeconds),
      survey_count: r.surveyCount,
    }
  },
})

const totalsurveysMetric = metric({
  name: 'totalsurveys',
  uses: [],
  compute: async (ctx) => {
    const t = await surveyTotals(ctx.db, ctx.tenantId, ctx.window, ctx.now)
    return {
      survey_count: t.total,
      by_status: { draft: t.draft, published: t.published, closed: t.closed },
      created_in_window: t.created,
    }
  },
})

export const surveysMetrics = {
  surveyratings: surveyratingsMetric,
  surveyresponserate: surveyresponserateMetric,
  averagesurveyrunperiod: averagesurveyrunperiodMetric,
  totalsurveys: totalsurveysMetric,
}

import type { ScriptRunner } from '../db/database.js'
import type { StoredQuestion } from '../db/schema.js'
import { OPEN_TEXT_ANSWERS } from './survey-content.js'
import { lit, num, pick, rnd, textArray, ts } from './literals.queries.js'
import type { DemoParams } from './params.js'

export type SurveyPlan = {
  /** Position among the demo's surveys (keys its random draws). */
  no: number
  topic: string
  description: string
  questions: StoredQuestion[]
  status: 'draft' | 'published' | 'closed'
  audience: 'community' | 'clients' | 'public'
  createdAt: Date
  publishedAt: Date | null
  /** Local calendar days in the organization's time zone. */
  startDay: string | null
  endDay: string | null
  closedAt: Date | null
  publicKey: string | null
  communityId: number
  createdBy: number
}

/**
 * One survey with its audience, its responses (answers valid for its questions, as the response check would
 * accept them) and the views of its public link. Respondents answer once; most answer soon after publication.
 */
export async function writeSurvey(
  run: ScriptRunner,
  o: { tenantId: number; p: DemoParams; now: Date; s: SurveyPlan },
): Promise<void> {
  const { p, s } = o
  const T = num(o.tenantId)
  const r = (key: string, stream: number) => rnd(p.seed, key, stream)
  const [row] = await run(`
    INSERT INTO surveys (tenant_id, topic, description, questions, status, allow_anonymous, start_day, end_day,
      public_key, created_by, published_at, closed_at, created_at, updated_at)
    VALUES (${T}, ${lit(s.topic)}, ${lit(s.description)}, ${lit(JSON.stringify(s.questions))}::jsonb, ${lit(s.status)},
      ${s.audience === 'public'}, ${lit(s.startDay)}::date, ${lit(s.endDay)}::date, ${lit(s.publicKey)},
      ${num(s.createdBy)}, ${s.publishedAt ? ts(s.publishedAt) : 'NULL'}, ${s.closedAt ? ts(s.closedAt) : 'NULL'},
      ${ts(s.createdAt)}, ${ts(s.closedAt ?? s.publishedAt ?? s.createdAt)})
    RETURNING id`)
  const surveyId = num(Number(row!.id))
  const target = p.responsesPerSurvey
  const key = (k: string) => `${k} * 32 + ${s.no}`
  // The audience: customers chosen one by one (among those who chat with the organization) or a community.
  if (s.audience === 'clients') {
    await run(`
      INSERT INTO survey_audience_clients (tenant_id, survey_id, client_id)
      SELECT ${T}, ${surveyId}, c.id FROM demo_client c
      WHERE ${r(key('c.idx'), 301)} < ${num(Math.min(1, (target * 2.2) / p.clients))}
        AND EXISTS (SELECT 1 FROM demo_final f WHERE f.client_id = c.id)`)
  } else if (s.audience === 'community') {
    await run(`
      INSERT INTO survey_audience_communities (tenant_id, survey_id, community_id)
      VALUES (${T}, ${surveyId}, ${num(s.communityId)})`)
  }
  if (s.status === 'draft' || !s.publishedAt) return
  const from = ts(s.publishedAt)
  const to = ts(s.closedAt && s.closedAt < o.now ? s.closedAt : o.now)
  const respondents =
    s.audience === 'clients'
      ? `SELECT c.idx AS rk, a.client_id FROM survey_audience_clients a JOIN demo_client c ON c.id = a.client_id
         WHERE a.tenant_id = ${T} AND a.survey_id = ${surveyId} AND ${r(key('c.idx'), 302)} < 0.45`
      : s.audience === 'community'
        ? `SELECT m.pid AS rk, m.client_id FROM demo_member m
           WHERE m.community_id = ${num(s.communityId)} AND m.left_at IS NULL AND m.joined_at < ${from}
             AND ${r(key('m.pid'), 302)} < ${num(Math.min(1, target / Math.max(1, p.clients * p.membershipShare)))}`
        : `SELECT g AS rk, NULL::bigint AS client_id FROM generate_series(1, ${num(target)}) g`
  const answer = `CASE
    WHEN NOT (q ->> 'required')::boolean AND ${r('x.rk * 1024 + qn', 311)} < 0.25 THEN NULL
    WHEN q ->> 'type' = 'rating' THEN to_jsonb(${pick(r('x.rk * 1024 + qn', 312), [4, 6, 15, 40, 35])})
    WHEN q ->> 'type' = 'nps' THEN to_jsonb(${pick(r('x.rk * 1024 + qn', 312), [2, 1, 1, 2, 2, 3, 5, 8, 14, 28, 34])} - 1)
    WHEN q ->> 'type' = 'single_choice'
      THEN q -> 'options' -> floor(jsonb_array_length(q -> 'options') * ${r('x.rk * 1024 + qn', 312)})::int -> 'id'
    WHEN q ->> 'type' = 'multiple_choice' THEN (
      SELECT jsonb_agg(c.id ORDER BY c.n) FROM (
        SELECT o -> 'id' AS id, n FROM jsonb_array_elements(q -> 'options') WITH ORDINALITY AS oo(o, n)
        WHERE n = 1 + floor(jsonb_array_length(q -> 'options') * ${r('x.rk * 1024 + qn', 312)})
          OR ${r('(x.rk * 1024 + qn) * 64 + n', 313)} < 0.35
        ORDER BY n LIMIT (q ->> 'max_choices')::int
      ) c)
    ELSE to_jsonb((${textArray(OPEN_TEXT_ANSWERS)})[1 + floor(${OPEN_TEXT_ANSWERS.length} * ${r('x.rk * 1024 + qn', 312)})::int])
    END`
  await run(`
    INSERT INTO survey_responses (tenant_id, survey_id, client_id, respondent_type, respondent_key, answers, via,
      single, submitted_at, created_at)
    SELECT ${T}, ${surveyId}, x.client_id, CASE WHEN x.client_id IS NULL THEN 'anonymous' ELSE 'client' END,
      CASE WHEN x.client_id IS NULL THEN 'demo-' || ${surveyId} || '-' || x.rk END,
      (SELECT coalesce(jsonb_object_agg(q ->> 'id', a.v) FILTER (WHERE a.v IS NOT NULL), '{}'::jsonb)
       FROM jsonb_array_elements(${lit(JSON.stringify(s.questions))}::jsonb) WITH ORDINALITY AS qs(q, qn)
       CROSS JOIN LATERAL (SELECT ${answer} AS v) a),
      CASE WHEN x.client_id IS NULL THEN 'public' ELSE 'api' END, true, x.at, x.at
    FROM (
      SELECT y.*, ${from} + (${to} - ${from}) * power(${r(key('y.rk'), 303)}, 1.6) AS at FROM (${respondents}) y
    ) x
    ORDER BY x.at, x.rk;

    INSERT INTO survey_impressions (tenant_id, survey_id, occurred_at)
    SELECT ${T}, ${surveyId}, ${from} + (${to} - ${from}) * power(${r(key('g'), 304)}, 1.4)
    FROM generate_series(1, ${num(Math.round(target * (s.audience === 'public' ? 2.4 : 0.3)))}) g
    ORDER BY 3;
  `)
  if (s.status === 'closed' && s.closedAt)
    await run(`
      INSERT INTO survey_conclusions (tenant_id, survey_id, conclusion, success, reporter_id, created_at)
      VALUES (${T}, ${surveyId}, 'Clear results: most answers were positive; follow-ups planned for the low scores.',
        true, ${num(s.createdBy)}, ${ts(new Date(s.closedAt.getTime() + 86_400_000))})`)
}

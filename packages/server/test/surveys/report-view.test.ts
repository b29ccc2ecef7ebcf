import type { SurveyReportView } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createEmployee } from '../factories.js'
import { memberOf } from '../community/community-helpers.js'
import { VALID, publicGet, publicPost, respond, surveyWorld } from './answer-fixtures.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const URL = '/api/survey/surveyreportview/'
const view = (token: string, query: string) =>
  app.inject({ method: 'GET', url: `${URL}?${query}`, headers: auth(token) })

async function answerAs(w: Awaited<ReturnType<typeof surveyWorld>>, answers: Record<string, unknown>) {
  const m = await memberOf(app, w.communityId)
  const res = await respond(app, m.token, { survey_id: w.survey.id, survey_response: answers })
  if (res.statusCode !== 201) throw new Error(res.body)
  return m
}

describe('GET /api/survey/surveyreportview/', () => {
  it('computes every question type from the stored answers', async () => {
    const w = await surveyWorld(app, { allowAnonymous: true })
    await answerAs(w, { q1: 5, q2: 10, q3: 'o1', q4: ['o1', 'o2'], q5: 'Fast' })
    await answerAs(w, { q1: 4, q2: 8, q3: 'o2', q4: ['o1'], q5: 'Kind people' })
    await answerAs(w, { q1: 1, q2: 3 })
    await publicGet(app, w.survey.publicKey)
    await publicGet(app, w.survey.publicKey)
    await publicGet(app, w.survey.publicKey)
    await publicGet(app, w.survey.publicKey)
    expect((await publicPost(app, w.survey.publicKey, { survey_response: { q1: 3, q2: 9 } })).statusCode).toBe(201)
    const res = await view(w.adminToken, `survey_id=${w.survey.id}`)
    expect(res.statusCode).toBe(200)
    const r = res.json<SurveyReportView>()
    expect(r).toMatchObject({
      survey_id: w.survey.id,
      status: 'published',
      subgroup_id: null,
      response_count: 4,
      impressions: 4,
      completion_rate: 25,
      audience_size: 0,
      // No audience: responses per impression.
      response_rate: 100,
    })
    const [rating, nps, single, multiple, open] = r.questions
    expect(rating).toMatchObject({ id: 'q1', answered: 4, skipped: 0, average: 3.25, satisfaction_percentage: 50 })
    expect(rating!.distribution).toEqual([
      { value: 1, count: 1, percentage: 25 },
      { value: 2, count: 0, percentage: 0 },
      { value: 3, count: 1, percentage: 25 },
      { value: 4, count: 1, percentage: 25 },
      { value: 5, count: 1, percentage: 25 },
    ])
    // 10, 8, 3, 9: two promoters, one passive, one detractor → (2 − 1) ÷ 4 × 100.
    expect(nps).toMatchObject({
      answered: 4,
      average: 7.5,
      nps: { score: 25, promoters: 2, passives: 1, detractors: 1 },
    })
    expect(nps!.distribution).toHaveLength(11)
    expect(single).toMatchObject({ answered: 2, skipped: 2 })
    expect(single!.distribution).toEqual([
      { option_id: 'o1', label: 'Chat', count: 1, percentage: 50 },
      { option_id: 'o2', label: 'Email', count: 1, percentage: 50 },
    ])
    // Multiple choice: shares of those who answered, so they may sum above 100.
    expect(multiple!.distribution).toEqual([
      { option_id: 'o1', label: 'Speed', count: 2, percentage: 100 },
      { option_id: 'o2', label: 'Prices', count: 1, percentage: 50 },
      { option_id: 'o3', label: 'Support', count: 0, percentage: 0 },
    ])
    expect(open).toMatchObject({ answered: 2, skipped: 2 })
    expect(open!.recent_answers!.map((a) => a.text)).toEqual(['Kind people', 'Fast'])
  })

  it('gives null averages and scores when nobody answered', async () => {
    const w = await surveyWorld(app)
    const r = (await view(w.adminToken, `survey_id=${w.survey.id}`)).json<SurveyReportView>()
    expect(r).toMatchObject({ response_count: 0, impressions: 0, completion_rate: null, response_rate: null })
    expect(r.questions[0]).toMatchObject({ answered: 0, skipped: 0, average: null, satisfaction_percentage: null })
    expect(r.questions[1]!.nps).toEqual({ score: null, promoters: 0, passives: 0, detractors: 0 })
    expect(r.questions[0]!.distribution![0]).toEqual({ value: 1, count: 0, percentage: null })
  })

  it("narrows to a subgroup's clients, with its size as the audience", async () => {
    const w = await surveyWorld(app)
    const a = await answerAs(w, { q1: 5, q2: 10 })
    await answerAs(w, { q1: 1, q2: 0 })
    const idle = await memberOf(app, w.communityId)
    const sub = await app.db
      .insertInto('survey_subgroups')
      .values({
        tenant_id: w.tenantId,
        survey_id: w.survey.id,
        name: 'Early adopters',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await app.db
      .insertInto('survey_subgroup_clients')
      .values([
        { tenant_id: w.tenantId, subgroup_id: sub.id, client_id: a.id },
        { tenant_id: w.tenantId, subgroup_id: sub.id, client_id: idle.id },
      ])
      .execute()
    const r = (await view(w.adminToken, `survey_id=${w.survey.id}&subgroup_id=${sub.id}`)).json<SurveyReportView>()
    expect(r).toMatchObject({ subgroup_id: sub.id, response_count: 1, audience_size: 2, response_rate: 50 })
    expect(r.questions[0]).toMatchObject({ answered: 1, average: 5 })
    const list = await app.inject({
      method: 'GET',
      url: `/api/survey/response/?survey_id=${w.survey.id}&subgroup_id=${sub.id}`,
      headers: auth(w.adminToken),
    })
    expect(list.json<{ data: { subgroup_ids: number[] }[] }>().data.map((x) => x.subgroup_ids)).toEqual([[sub.id]])
  })

  it('counts audience members who responded over the audience size', async () => {
    const w = await surveyWorld(app)
    const a = await memberOf(app, w.communityId)
    const b = await memberOf(app, w.communityId)
    await app.db
      .insertInto('survey_audience_clients')
      .values([
        { tenant_id: w.tenantId, survey_id: w.survey.id, client_id: a.id },
        { tenant_id: w.tenantId, survey_id: w.survey.id, client_id: b.id },
      ])
      .execute()
    await app.db
      .insertInto('survey_invitations')
      .values({
        tenant_id: w.tenantId,
        survey_id: w.survey.id,
        email: 'x@example.com',
        token_hash: 'h-report-1',
        created_at: new Date(),
      })
      .execute()
    await respond(app, a.token, { survey_id: w.survey.id, survey_response: VALID })
    const r = (await view(w.adminToken, `survey_id=${w.survey.id}`)).json<SurveyReportView>()
    expect(r).toMatchObject({ audience_size: 3, response_count: 1, response_rate: 33.33 })
  })

  it('is for staff of the tenant: strangers get 404, clients 403, bad queries 400', async () => {
    const w = await surveyWorld(app)
    const stranger = await surveyWorld(app)
    expect((await view(stranger.adminToken, `survey_id=${w.survey.id}`)).statusCode).toBe(404)
    const foreignSub = await app.db
      .insertInto('survey_subgroups')
      .values({
        tenant_id: stranger.tenantId,
        survey_id: stranger.survey.id,
        name: 'Theirs',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await view(w.adminToken, `survey_id=${w.survey.id}&subgroup_id=${foreignSub.id}`)).statusCode).toBe(404)
    expect((await view(w.member.token, `survey_id=${w.survey.id}`)).statusCode).toBe(403)
    for (const q of ['', 'survey_id=abc', `survey_id=${w.survey.id}&subgroup_id=0`])
      expect((await view(w.adminToken, q)).statusCode, q).toBe(400)
    const employee = await createEmployee(app, w.adminToken)
    expect((await view(employee.token, `survey_id=${w.survey.id}`)).statusCode).toBe(200)
  })
})

describe('POST /api/survey/surveyreportview/ (conclusions)', () => {
  it('records a conclusion with its author and lists it in the view', async () => {
    const w = await surveyWorld(app)
    const post = (token: string, payload: object) =>
      app.inject({ method: 'POST', url: URL, headers: auth(token), payload })
    const res = await post(w.adminToken, {
      survey_id: w.survey.id,
      conclusion: 'Customers want faster replies.',
      survey_success: true,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      survey_id: w.survey.id,
      conclusion: 'Customers want faster replies.',
      survey_success: true,
      survey_reporter: { id: w.org.admin.id, user_type: 'admin' },
    })
    const r = (await view(w.adminToken, `survey_id=${w.survey.id}`)).json<SurveyReportView>()
    expect(r.reports.map((c) => c.conclusion)).toEqual(['Customers want faster replies.'])
    for (const body of [
      { survey_id: w.survey.id, survey_success: true },
      { survey_id: w.survey.id, conclusion: 'x'.repeat(10_001), survey_success: true },
      { survey_id: w.survey.id, conclusion: 'ok', survey_success: 'yes' },
      { conclusion: 'ok', survey_success: true },
    ])
      expect((await post(w.adminToken, body)).statusCode, JSON.stringify(body)).toBe(400)
    const stranger = await surveyWorld(app)
    expect(
      (await post(stranger.adminToken, { survey_id: w.survey.id, conclusion: 'x', survey_success: false })).statusCode,
    ).toBe(404)
    expect(
      (await post(w.member.token, { survey_id: w.survey.id, conclusion: 'x', survey_success: false })).statusCode,
    ).toBe(403)
  })
})

import type { SurveyResponse } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createVisitor } from '../chat/helpers.js'
import { auth, createClient, createEmployee } from '../factories.js'
import { memberOf } from '../community/community-helpers.js'
import { VALID, insertSurvey, respond, surveyWorld } from './answer-fixtures.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, ...(token ? { headers: auth(token) } : {}) })

describe('POST /api/survey/response/ (clients answer through the API)', () => {
  it('stores a valid answer once and tells the caller the answers back', async () => {
    const w = await surveyWorld(app)
    const res = await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })
    expect(res.statusCode).toBe(201)
    const body = res.json<SurveyResponse>()
    expect(body).toMatchObject({
      survey_id: w.survey.id,
      respondent_type: 'client',
      survey_response: VALID,
      client: { id: w.member.id },
    })
    expect(res.headers.location).toBe(`/api/survey/response/${body.response_id}/`)
    const again = await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'survey.already_responded',
      message: 'You have already responded to this survey.',
    })
  })

  it('lets one of two concurrent first answers in', async () => {
    const w = await surveyWorld(app)
    const results = await Promise.all(
      Array.from({ length: 4 }, () => respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409])
    const n = await app.db
      .selectFrom('survey_responses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('survey_id', '=', w.survey.id)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(1)
  })

  it('accepts several answers when the survey allows them', async () => {
    const w = await surveyWorld(app, { allowMultiple: true })
    for (let i = 0; i < 3; i++)
      expect((await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })).statusCode).toBe(
        201,
      )
  })

  it('answers 422 naming each invalid question, and stores nothing', async () => {
    const w = await surveyWorld(app)
    const res = await respond(app, w.member.token, {
      survey_id: w.survey.id,
      survey_response: { ...VALID, q1: 7, q4: [], extra: 'x' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'survey.invalid_response',
      errors: {
        'survey_response.q1': ['Choose between 1 and 5.'],
        'survey_response.q4': ['Choose between 1 and 2 options.'],
        'survey_response.extra': ['This survey has no such question.'],
      },
    })
    expect((await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })).statusCode).toBe(
      201,
    )
  })

  it('refuses malformed bodies with 400 field errors', async () => {
    const w = await surveyWorld(app)
    for (const [payload, field] of [
      [{ survey_response: VALID }, 'survey_id'],
      [{ survey_id: 'abc', survey_response: VALID }, 'survey_id'],
      [{ survey_id: w.survey.id }, 'survey_response'],
      [{ survey_id: w.survey.id, survey_response: [1, 2] }, 'survey_response'],
      [{ survey_id: w.survey.id, survey_response: 'great' }, 'survey_response'],
    ] as const) {
      const res = await respond(app, w.member.token, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(Object.keys(res.json<{ errors: object }>().errors)).toContain(field)
    }
  })

  it('hides drafts and surveys of other audiences (404), refuses closed ones (409)', async () => {
    const w = await surveyWorld(app)
    const draft = await insertSurvey(app, w.tenantId, { status: 'draft' })
    const closed = await insertSurvey(app, w.tenantId, { status: 'closed' })
    const ended = await insertSurvey(app, w.tenantId, { endDay: '2001-01-01' })
    const later = await insertSurvey(app, w.tenantId, { startDay: '2999-01-01' })
    expect((await respond(app, w.member.token, { survey_id: draft.id, survey_response: VALID })).statusCode).toBe(404)
    const c = await respond(app, w.member.token, { survey_id: closed.id, survey_response: VALID })
    expect(c.statusCode).toBe(409)
    expect(c.json()).toMatchObject({ code: 'survey.closed', message: 'This survey is closed.' })
    const e = await respond(app, w.member.token, { survey_id: ended.id, survey_response: VALID })
    expect(e.json()).toMatchObject({ code: 'survey.closed' })
    const l = await respond(app, w.member.token, { survey_id: later.id, survey_response: VALID })
    expect(l.statusCode).toBe(409)
    expect(l.json()).toMatchObject({ code: 'survey.not_started' })
    // A client unrelated to the tenant does not see its open survey.
    const stranger = await createClient(app)
    expect((await respond(app, stranger.token, { survey_id: w.survey.id, survey_response: VALID })).statusCode).toBe(
      404,
    )
    // With an audience, only its members see it.
    const chosen = await insertSurvey(app, w.tenantId)
    const other = await memberOf(app, w.communityId)
    await app.db
      .insertInto('survey_audience_clients')
      .values({ tenant_id: w.tenantId, survey_id: chosen.id, client_id: other.id })
      .execute()
    expect((await respond(app, w.member.token, { survey_id: chosen.id, survey_response: VALID })).statusCode).toBe(404)
    expect((await respond(app, other.token, { survey_id: chosen.id, survey_response: VALID })).statusCode).toBe(201)
  })

  it('is for clients only: staff and visitors are refused, a legacy client id must be the caller', async () => {
    const w = await surveyWorld(app)
    const admin = await respond(app, w.adminToken, { survey_id: w.survey.id, survey_response: VALID })
    expect(admin.statusCode).toBe(403)
    const visitor = await createVisitor(app, w.adminToken)
    expect((await respond(app, visitor.token, { survey_id: w.survey.id, survey_response: VALID })).statusCode).toBe(403)
    expect((await respond(app, undefined, { survey_id: w.survey.id, survey_response: VALID })).statusCode).toBe(401)
    const someoneElse = await respond(app, w.member.token, {
      survey_id: w.survey.id,
      survey_response: VALID,
      client: w.member.id + 1000,
    })
    expect(someoneElse.statusCode).toBe(403)
  })
})

describe('GET /api/survey/response/', () => {
  it("gives staff their tenant's responses with the respondent, and clients their own", async () => {
    const w = await surveyWorld(app)
    const second = await memberOf(app, w.communityId)
    await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })
    await respond(app, second.token, { survey_id: w.survey.id, survey_response: { q1: 2, q2: 3 } })
    const staff = await get(`/api/survey/response/?survey_id=${w.survey.id}`, w.adminToken)
    expect(staff.statusCode).toBe(200)
    const list = staff.json<{ data: SurveyResponse[]; pagination: { total: number } }>()
    expect(list.pagination.total).toBe(2)
    expect(list.data.map((r) => r.client?.email).sort()).toEqual([w.member.email, second.email].sort())
    const employee = await createEmployee(app, w.adminToken)
    expect((await get(`/api/survey/response/?survey_id=${w.survey.id}`, employee.token)).statusCode).toBe(200)
    const own = await get('/api/survey/response/', second.token)
    expect(own.json<{ data: SurveyResponse[] }>().data.map((r) => r.survey_response)).toEqual([{ q1: 2, q2: 3 }])
    const one = list.data[0]!
    expect((await get(`/api/survey/response/${one.response_id}/`, w.adminToken)).json()).toMatchObject({
      response_id: one.response_id,
    })
  })

  it('shows a stranger from another tenant nothing of them (404 or an empty list)', async () => {
    const w = await surveyWorld(app)
    const res = await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })
    const id = res.json<SurveyResponse>().response_id
    const stranger = await surveyWorld(app)
    expect((await get(`/api/survey/response/${id}/`, stranger.adminToken)).statusCode).toBe(404)
    expect((await get(`/api/survey/response/?survey_id=${w.survey.id}`, stranger.adminToken)).statusCode).toBe(404)
    const all = await get('/api/survey/response/', stranger.adminToken)
    expect(all.json<{ data: unknown[] }>().data).toEqual([])
    // Another client does not read someone else's response.
    expect((await get(`/api/survey/response/${id}/`, stranger.member.token)).statusCode).toBe(404)
  })

  it('rejects invalid filters with 400', async () => {
    const w = await surveyWorld(app)
    for (const q of ['survey_id=x', 'limit=0', 'from=yesterday', 'subgroup_id=-1'])
      expect((await get(`/api/survey/response/?${q}`, w.adminToken)).statusCode, q).toBe(400)
  })
})

describe('survey.response notifications and live updates', () => {
  it('keeps one unread notification per survey for its creator, whose count rises', async () => {
    const w = await surveyWorld(app)
    for (let i = 0; i < 3; i++) {
      const m = await memberOf(app, w.communityId)
      expect((await respond(app, m.token, { survey_id: w.survey.id, survey_response: VALID })).statusCode).toBe(201)
    }
    const rows = await app.db
      .selectFrom('notifications')
      .select(['type', 'body', 'data', 'read_at'])
      .where('tenant_id', '=', w.tenantId)
      .where('type', '=', 'survey.response')
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      body: 'Support quality: 3 responses so far',
      data: { survey_id: w.survey.id, count: 3 },
    })
    // Once read, the next response starts a new unread one.
    await app.db.updateTable('notifications').set({ read_at: new Date() }).where('tenant_id', '=', w.tenantId).execute()
    const m = await memberOf(app, w.communityId)
    await respond(app, m.token, { survey_id: w.survey.id, survey_response: VALID })
    const unread = await app.db
      .selectFrom('notifications')
      .select(['data'])
      .where('tenant_id', '=', w.tenantId)
      .where('read_at', 'is', null)
      .execute()
    expect(unread.map((r) => r.data)).toEqual([{ survey_id: w.survey.id, count: 4 }])
  })
})

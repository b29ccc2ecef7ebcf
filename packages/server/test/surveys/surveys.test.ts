import type { Survey } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createVisitor } from '../chat/helpers.js'
import { auth, createClient, createEmployee } from '../factories.js'
import {
  RATING,
  SURVEY_URL,
  addResponse,
  calls,
  createSurvey,
  publishSurvey,
  relatedClient,
  surveyWorld,
} from './survey-helpers.js'

let app: TestApp
let c: ReturnType<typeof calls>
beforeAll(async () => {
  app = await buildTestApp()
  c = calls(app)
})
afterAll(() => app.shutdown())

const CHOICE = {
  type: 'multiple_choice',
  title: 'What did you order?',
  options: [{ label: 'Shoes' }, { id: 'o1', label: 'Socks' }, { label: 'Hats' }],
}

describe('creating a survey', () => {
  it('makes a draft with normalised questions, derived type, audience and its creator', async () => {
    const w = await surveyWorld(app)
    const client = await relatedClient(app, w.tenantId)
    const res = await c.post(SURVEY_URL, w.token, {
      survey_topic: 'Delivery',
      survey_description: 'How did it go?',
      survey_type: 'open_ended',
      survey_questions: [
        { id: 'q2', ...RATING },
        CHOICE,
        { type: 'open_text', title: 'Anything else?', required: false },
        { type: 'nps', title: 'Recommend us?', scale_labels: { min_label: 'Never', max_label: 'Surely' } },
      ],
      target_audience: [client.id],
      community_ids: [w.communityId],
      start_day: '2030-01-01',
      end_day: '2030-01-31',
    })
    expect(res.statusCode).toBe(201)
    const s = res.json<Survey>()
    expect(res.headers.location).toBe(`${SURVEY_URL}${s.survey_id}/`)
    expect(s).toMatchObject({
      status: 'draft',
      tenant_id: w.tenantId,
      survey_type: 'mixed',
      question_count: 4,
      public_key: null,
      public_url: null,
      published_at: null,
      generated: false,
      community_ids: [w.communityId],
      subgroup_ids: [],
      start_day: '2030-01-01',
      end_day: '2030-01-31',
      response_count: 0,
      created_by: { id: w.adminId, user_type: 'admin' },
    })
    expect(s.survey_questions.map((q) => q.id)).toEqual(['q2', 'q1', 'q3', 'q4'])
    expect(s.survey_questions[1]).toMatchObject({
      options: [
        { id: 'o2', label: 'Shoes' },
        { id: 'o1', label: 'Socks' },
        { id: 'o3', label: 'Hats' },
      ],
      min_choices: 1,
      max_choices: 3,
      required: true,
    })
    expect(s.survey_questions[2]).toMatchObject({ required: false, max_length: 2000 })
    expect(s.target_audience).toEqual([expect.objectContaining({ id: client.id, email: client.email })])
    // Community members (none yet) plus the chosen client.
    expect(s.audience_size).toBe(1)
  })

  it('derives open-ended and close-ended and allows a draft without questions', async () => {
    const w = await surveyWorld(app)
    const open = await createSurvey(app, w.token, { survey_questions: [{ type: 'open_text', title: 'Tell us' }] })
    expect(open.survey_type).toBe('open_ended')
    const empty = await createSurvey(app, w.token, { survey_questions: undefined })
    expect(empty).toMatchObject({ question_count: 0, survey_questions: [], survey_type: 'close_ended' })
  })

  it('keeps the written order of legacy question keys, integer-like ones included', async () => {
    const w = await surveyWorld(app)
    const res = await app.inject({
      method: 'POST',
      url: SURVEY_URL,
      headers: { ...auth(w.token), 'content-type': 'application/json' },
      payload: '{"survey_topic":"Legacy","survey_questions":{"10":"Ten?","2":"Two?","b":"Bee?"}}',
    })
    expect(res.statusCode).toBe(201)
    const s = res.json<Survey>()
    expect(s.survey_questions.map((q) => [q.id, q.title, q.type, q.required])).toEqual([
      ['10', 'Ten?', 'open_text', true],
      ['2', 'Two?', 'open_text', true],
      ['b', 'Bee?', 'open_text', true],
    ])
    expect(s.survey_type).toBe('open_ended')
    const patched = await app.inject({
      method: 'PATCH',
      url: `${SURVEY_URL}${s.survey_id}/`,
      headers: { ...auth(w.token), 'content-type': 'application/json' },
      payload: '{"survey_questions":{"z":"Zed?","7":"Seven?","1":"One?"}}',
    })
    expect(patched.json<Survey>().survey_questions.map((q) => q.id)).toEqual(['z', '7', '1'])
  })

  it('answers 400 with field keys for bad input, per question by index', async () => {
    const w = await surveyWorld(app)
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'survey_topic'],
      [{ survey_topic: 'x'.repeat(256) }, 'survey_topic'],
      [{ survey_topic: 'T', survey_description: 'x'.repeat(1001) }, 'survey_description'],
      [{ survey_topic: 'T', end_day: '2030-02-30' }, 'end_day'],
      [{ survey_topic: 'T', start_day: '2030-02-02', end_day: '2030-02-01' }, 'end_day'],
      [{ survey_topic: 'T', target_audience: ['abc'] }, 'target_audience.0'],
      [{ survey_topic: 'T', generation_id: 'nope' }, 'generation_id'],
      [{ survey_topic: 'T', survey_questions: [{ type: 'rating', title: '' }] }, 'survey_questions.0.title'],
      [{ survey_topic: 'T', survey_questions: [RATING, { type: 'stars', title: 'x' }] }, 'survey_questions.1.type'],
      [
        {
          survey_topic: 'T',
          survey_questions: [RATING, { type: 'single_choice', title: 'x', options: [{ label: 'a' }] }],
        },
        'survey_questions.1.options',
      ],
      [
        { survey_topic: 'T', survey_questions: [{ ...CHOICE, min_choices: 3, max_choices: 2 }] },
        'survey_questions.0.min_choices',
      ],
      [{ survey_topic: 'T', survey_questions: [{ ...RATING, max_length: 10 }] }, 'survey_questions.0.max_length'],
      [
        { survey_topic: 'T', survey_questions: [{ ...RATING, options: [{ label: 'a' }] }] },
        'survey_questions.0.options',
      ],
      [
        {
          survey_topic: 'T',
          survey_questions: [
            { id: 'a', ...RATING },
            { id: 'a', ...RATING },
          ],
        },
        'survey_questions.1.id',
      ],
      [{ survey_topic: 'T', survey_questions: [{ id: 'bad id', ...RATING }] }, 'survey_questions.0.id'],
      [{ survey_topic: 'T', survey_questions: Array.from({ length: 51 }, () => RATING) }, 'survey_questions'],
      [{ survey_topic: 'T', survey_questions: { q1: '' } }, 'survey_questions.q1'],
    ]
    for (const [payload, field] of cases) {
      const res = await c.post(SURVEY_URL, w.token, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400)
      expect(res.json().code).toBe('validation.failed')
      expect(Object.keys(res.json().errors), field).toContain(field)
    }
    const title = await c.post(SURVEY_URL, w.token, {
      survey_topic: 'T',
      survey_questions: [RATING, { type: 'nps', title: ' ' }],
    })
    expect(title.json().errors).toEqual({ 'survey_questions.1.title': ['Question title is required.'] })
  })

  it('answers 404 for an unrelated client, another tenant’s community or an unknown generation', async () => {
    const w = await surveyWorld(app)
    const other = await surveyWorld(app)
    const stranger = await createClient(app)
    for (const payload of [
      { target_audience: [stranger.client.id] },
      { community_ids: [other.communityId] },
      { generation_id: '3f1f6a0e-7b1c-4a55-9f0e-0c6d2c1b9a11' },
      { tenant_id: other.tenantId },
    ]) {
      const res = await c.post(SURVEY_URL, w.token, { survey_topic: 'T', ...payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(404)
      expect(res.json().code).toBe('not_found')
    }
    const count = await app.db
      .selectFrom('surveys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', w.tenantId)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
  })

  it('stores generated questions with their generation', async () => {
    const w = await surveyWorld(app)
    const generationId = '0b6b9d3c-2d5a-4f3e-9a1b-7c8d9e0f1a2b'
    await app.db
      .insertInto('ai_generations')
      .values({
        id: generationId,
        tenant_id: w.tenantId,
        user_id: w.adminId,
        kind: 'survey_questions',
        topic: 'Delivery',
        questions: JSON.stringify([RATING]),
        provider: 'local',
        model: 'local',
        created_at: new Date(),
      })
      .execute()
    const s = await createSurvey(app, w.token, { generated: true, generation_id: generationId })
    expect(s.generated).toBe(true)
    const other = await surveyWorld(app)
    const res = await c.post(SURVEY_URL, other.token, { survey_topic: 'T', generation_id: generationId })
    expect(res.statusCode).toBe(404)
  })
})

describe('who may call the survey routes', () => {
  it('requires a token, refuses visitors, and refuses clients every staff route with 403', async () => {
    const w = await surveyWorld(app)
    const s = await createSurvey(app, w.token)
    expect((await c.get(SURVEY_URL)).statusCode).toBe(401)
    const visitor = await createVisitor(app, w.token)
    expect((await c.get(SURVEY_URL, visitor.token)).statusCode).toBe(403)
    const client = await createClient(app)
    const id = s.survey_id
    for (const [method, url, body] of [
      ['POST', SURVEY_URL, { survey_topic: 'T' }],
      ['PATCH', `${SURVEY_URL}${id}/`, { survey_topic: 'T' }],
      ['DELETE', `${SURVEY_URL}${id}/`, undefined],
      ['POST', `${SURVEY_URL}${id}/publish/`, {}],
      ['POST', `${SURVEY_URL}${id}/close/`, {}],
      ['POST', `${SURVEY_URL}${id}/invitations/`, { emails: ['a@example.com'] }],
      ['GET', `${SURVEY_URL}${id}/invitations/`, undefined],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: auth(client.token),
        ...(body === undefined ? {} : { payload: body }),
      })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().code).toBe('auth.forbidden')
    }
  })

  it('answers 404 to another tenant’s staff on every route, and changes nothing', async () => {
    const w = await surveyWorld(app)
    const stranger = await surveyWorld(app)
    const s = await createSurvey(app, w.token)
    const id = s.survey_id
    for (const [method, url, body] of [
      ['GET', `${SURVEY_URL}${id}/`, undefined],
      ['PATCH', `${SURVEY_URL}${id}/`, { survey_topic: 'Mine now' }],
      ['DELETE', `${SURVEY_URL}${id}/`, undefined],
      ['POST', `${SURVEY_URL}${id}/publish/`, {}],
      ['POST', `${SURVEY_URL}${id}/close/`, {}],
      ['POST', `${SURVEY_URL}${id}/invitations/`, { emails: ['a@example.com'] }],
      ['GET', `${SURVEY_URL}${id}/invitations/`, undefined],
      ['GET', `${SURVEY_URL}?tenant_id=${w.tenantId}`, undefined],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: auth(stranger.token),
        ...(body === undefined ? {} : { payload: body }),
      })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toMatchObject({ code: 'not_found', message: 'Not found.' })
    }
    const legacy = await c.get(`${SURVEY_URL}?survey_id=${id}`, stranger.token)
    expect(legacy.json().data).toEqual([])
    const after = await c.get(`${SURVEY_URL}${id}/`, w.token)
    expect(after.json()).toMatchObject({ status: 'draft', survey_topic: s.survey_topic, updated_at: s.updated_at })
  })
})

describe('listing surveys as staff', () => {
  it('filters by status, search, created window and legacy survey id, newest first', async () => {
    const w = await surveyWorld(app)
    const a = await createSurvey(app, w.token, { survey_topic: 'Checkout experience' })
    const b = await createSurvey(app, w.token, { survey_topic: 'Delivery speed', survey_description: 'Parcel_100%' })
    await publishSurvey(app, w.token, b.survey_id)
    const employee = await createEmployee(app, w.token)
    const ids = async (query: string, token = w.token) => {
      const res = await c.get(`${SURVEY_URL}${query}`, token)
      expect(res.statusCode, query).toBe(200)
      return (res.json().data as Survey[]).map((s) => s.survey_id)
    }
    expect(await ids('', employee.token)).toEqual([b.survey_id, a.survey_id])
    expect(await ids('?status=published')).toEqual([b.survey_id])
    expect(await ids('?status=draft')).toEqual([a.survey_id])
    expect(await ids('?search=CHECKOUT')).toEqual([a.survey_id])
    expect(await ids('?search=l_100%25')).toEqual([b.survey_id])
    expect(await ids('?search=_')).toEqual([b.survey_id])
    expect(await ids(`?survey_id=${a.survey_id}`)).toEqual([a.survey_id])
    expect(await ids(`?tenant_id=${w.tenantId}&limit=1`)).toEqual([b.survey_id])
    expect(await ids('?from=2000-01-01&to=2999-01-01')).toHaveLength(2)
    expect(await ids('?to=2000-01-01')).toEqual([])
    const page = (await c.get(`${SURVEY_URL}?limit=1`, w.token)).json()
    expect(page.pagination).toEqual({ limit: 1, offset: 0, total: 2, next_offset: 1 })
    expect(page.error).toBe(false)
  })

  it('rejects bad filters with field errors', async () => {
    const w = await surveyWorld(app)
    for (const [query, field] of [
      ['status=open', 'status'],
      ['limit=0', 'limit'],
      ['from=yesterday', 'from'],
      ['from=2030-01-02&to=2030-01-01', 'to'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['survey_id=abc', 'survey_id'],
    ]) {
      const res = await c.get(`${SURVEY_URL}?${query}`, w.token)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().errors), query).toEqual([field])
    }
  })
})

describe('clients reading surveys', () => {
  it('see published surveys they are in the audience of, or open ones of related tenants; never drafts', async () => {
    const w = await surveyWorld(app)
    const member = await relatedClient(app, w.tenantId)
    const outsider = await relatedClient(app, w.tenantId)
    const unrelated = await createClient(app)
    const targeted = await createSurvey(app, w.token, { survey_topic: 'Targeted', target_audience: [member.id] })
    await publishSurvey(app, w.token, targeted.survey_id)
    const open = await createSurvey(app, w.token, { survey_topic: 'Open' })
    await publishSurvey(app, w.token, open.survey_id)
    const draft = await createSurvey(app, w.token, { survey_topic: 'Draft', target_audience: [member.id] })

    const listed = async (token: string, query = '') =>
      ((await c.get(`${SURVEY_URL}${query}`, token)).json().data as { survey_id: number }[]).map((s) => s.survey_id)
    expect(await listed(member.token, `?tenant_id=${w.tenantId}`)).toEqual([open.survey_id, targeted.survey_id])
    expect(await listed(outsider.token)).toEqual([open.survey_id])
    expect(await listed(unrelated.token)).toEqual([])

    const view = await c.get(`${SURVEY_URL}${targeted.survey_id}/`, member.token)
    expect(view.statusCode).toBe(200)
    expect(Object.keys(view.json()).sort()).toEqual(
      [
        'survey_id',
        'tenant_id',
        'tenant_name',
        'survey_topic',
        'survey_description',
        'survey_questions',
        'question_count',
        'survey_type',
        'status',
        'start_day',
        'end_day',
        'has_responded',
      ].sort(),
    )
    expect(view.json().has_responded).toBe(false)
    await addResponse(app, w.tenantId, targeted.survey_id, member.id)
    expect((await c.get(`${SURVEY_URL}${targeted.survey_id}/`, member.token)).json().has_responded).toBe(true)
    expect((await c.get(`${SURVEY_URL}${targeted.survey_id}/`, outsider.token)).statusCode).toBe(404)
    expect((await c.get(`${SURVEY_URL}${draft.survey_id}/`, member.token)).statusCode).toBe(404)
    expect((await c.get(`${SURVEY_URL}${open.survey_id}/`, unrelated.token)).statusCode).toBe(404)
  })

  it('filters by an audience community', async () => {
    const w = await surveyWorld(app)
    const member = await relatedClient(app, w.tenantId)
    const now = new Date()
    await app.db
      .insertInto('community_memberships')
      .values({ tenant_id: w.tenantId, community_id: w.communityId, client_id: member.id, joined_at: now })
      .execute()
    const forCommunity = await createSurvey(app, w.token, { community_ids: [w.communityId] })
    await publishSurvey(app, w.token, forCommunity.survey_id)
    const open = await createSurvey(app, w.token)
    await publishSurvey(app, w.token, open.survey_id)
    const res = await c.get(`${SURVEY_URL}?community_id=${w.communityId}`, member.token)
    expect((res.json().data as { survey_id: number }[]).map((s) => s.survey_id)).toEqual([forCommunity.survey_id])
    const staffView = await c.get(`${SURVEY_URL}${forCommunity.survey_id}/`, w.token)
    expect(staffView.json().audience_size).toBe(1)
  })
})

describe('the lifecycle', () => {
  it('publishes once with a public key and link, closes, and refuses the wrong transitions', async () => {
    const w = await surveyWorld(app)
    const s = await createSurvey(app, w.token)
    expect((await c.post(`${SURVEY_URL}${s.survey_id}/close/`, w.token, {})).json().code).toBe('survey.invalid_state')
    const published = await publishSurvey(app, w.token, s.survey_id)
    expect(published.public_key).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(published.public_url).toBe(`http://localhost:3000/s/${published.public_key}`)
    expect(published.published_at).not.toBeNull()
    const again = await c.post(`${SURVEY_URL}${s.survey_id}/publish/`, w.token, {})
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('survey.invalid_state')
    expect((await c.del(`${SURVEY_URL}${s.survey_id}/`, w.token)).statusCode).toBe(409)
    const closed = await c.post(`${SURVEY_URL}${s.survey_id}/close/`, w.token)
    expect(closed.statusCode).toBe(200)
    expect(closed.json()).toMatchObject({ status: 'closed', public_key: published.public_key })
    expect(closed.json().closed_at).not.toBeNull()
    const twice = await c.post(`${SURVEY_URL}${s.survey_id}/close/`, w.token)
    expect(twice.statusCode).toBe(200)
    expect(twice.json().closed_at).toBe(closed.json().closed_at)
    expect((await c.post(`${SURVEY_URL}${s.survey_id}/publish/`, w.token)).statusCode).toBe(409)
    const patch = await c.patch(`${SURVEY_URL}${s.survey_id}/`, w.token, { survey_topic: 'Late' })
    expect(patch.statusCode).toBe(409)
    expect(patch.json().code).toBe('survey.invalid_state')
  })

  it('deletes drafts only (204, then 404)', async () => {
    const w = await surveyWorld(app)
    const s = await createSurvey(app, w.token)
    const res = await c.del(`${SURVEY_URL}${s.survey_id}/`, w.token)
    expect(res.statusCode).toBe(204)
    expect((await c.get(`${SURVEY_URL}${s.survey_id}/`, w.token)).statusCode).toBe(404)
  })

  it('refuses to publish without valid questions or with a past end day (422 with errors)', async () => {
    const w = await surveyWorld(app)
    const empty = await createSurvey(app, w.token, { survey_questions: [] })
    const res = await c.post(`${SURVEY_URL}${empty.survey_id}/publish/`, w.token, {})
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'survey.not_publishable',
      errors: { survey_questions: [expect.any(String)] },
    })
    const past = await createSurvey(app, w.token, { end_day: '2001-01-01' })
    const pastRes = await c.post(`${SURVEY_URL}${past.survey_id}/publish/`, w.token, {})
    expect(pastRes.statusCode).toBe(422)
    expect(Object.keys(pastRes.json().errors)).toEqual(['end_day'])
  })

  it('counts published surveys against the plan, in the tenant’s usage too', async () => {
    const w = await surveyWorld(app, 'basic')
    const usage = async () =>
      (await c.get('/api/tenantmanagement/subscription/', w.token)).json().usage.active_surveys as number
    expect(await usage()).toBe(0)
    const ids: number[] = []
    for (let i = 0; i < 4; i++) ids.push((await createSurvey(app, w.token)).survey_id)
    for (const id of ids.slice(0, 3)) await publishSurvey(app, w.token, id)
    expect(await usage()).toBe(3)
    const res = await c.post(`${SURVEY_URL}${ids[3]}/publish/`, w.token, {})
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'plan.limit_reached', errors: { limit: ['max_active_surveys'] } })
    // Checked in order: an unpublishable draft is 422 before the plan's 403.
    const empty = await createSurvey(app, w.token, { survey_questions: [] })
    expect((await c.post(`${SURVEY_URL}${empty.survey_id}/publish/`, w.token, {})).statusCode).toBe(422)
    await c.post(`${SURVEY_URL}${ids[0]}/close/`, w.token)
    expect(await usage()).toBe(2)
    expect((await c.post(`${SURVEY_URL}${ids[3]}/publish/`, w.token)).statusCode).toBe(200)
  })
})

describe('response figures', () => {
  it('rates an open survey by responses over impressions, capped at 100, and null without impressions', async () => {
    const w = await surveyWorld(app)
    const s = await createSurvey(app, w.token)
    await publishSurvey(app, w.token, s.survey_id)
    const view = async () => (await c.get(`${SURVEY_URL}${s.survey_id}/`, w.token)).json<Survey>()
    await addResponse(app, w.tenantId, s.survey_id, null)
    expect(await view()).toMatchObject({ audience_size: 0, response_count: 1, response_rate: null })
    const impression = () =>
      app.db
        .insertInto('survey_impressions')
        .values({ tenant_id: w.tenantId, survey_id: s.survey_id, occurred_at: new Date() })
        .execute()
    for (let i = 0; i < 3; i++) await impression()
    expect((await view()).response_rate).toBe(33.33)
    await addResponse(app, w.tenantId, s.survey_id, null)
    await addResponse(app, w.tenantId, s.survey_id, null)
    await addResponse(app, w.tenantId, s.survey_id, null)
    expect(await view()).toMatchObject({ response_count: 4, response_rate: 100 })
  })
})

describe('editing', () => {
  it('lets a draft change every field, replacing its audience', async () => {
    const w = await surveyWorld(app)
    const a = await relatedClient(app, w.tenantId)
    const b = await relatedClient(app, w.tenantId)
    const s = await createSurvey(app, w.token, { target_audience: [a.id], community_ids: [w.communityId] })
    const res = await c.patch(`${SURVEY_URL}${s.survey_id}/`, w.token, {
      survey_topic: 'Renamed',
      survey_context: 'Context',
      allow_anonymous: true,
      allow_multiple_responses: true,
      target_audience: [b.id],
      community_ids: [],
      survey_questions: [{ type: 'open_text', title: 'Why?' }],
      start_day: '2030-03-01',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      survey_topic: 'Renamed',
      survey_context: 'Context',
      allow_anonymous: true,
      allow_multiple_responses: true,
      community_ids: [],
      survey_type: 'open_ended',
      start_day: '2030-03-01',
    })
    expect(res.json().target_audience.map((u: { id: number }) => u.id)).toEqual([b.id])
    const bad = await c.patch(`${SURVEY_URL}${s.survey_id}/`, w.token, { end_day: '2030-02-01' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['end_day'])
    const stranger = await createClient(app)
    expect(
      (await c.patch(`${SURVEY_URL}${s.survey_id}/`, w.token, { target_audience: [stranger.client.id] })).statusCode,
    ).toBe(404)
    expect((await c.patch(`${SURVEY_URL}${s.survey_id}/`, w.token, { subgroup_ids: [999999] })).statusCode).toBe(404)
  })

  it('lets a published survey take topic, description, end day and audience additions only', async () => {
    const w = await surveyWorld(app)
    const a = await relatedClient(app, w.tenantId)
    const b = await relatedClient(app, w.tenantId)
    const s = await createSurvey(app, w.token, { target_audience: [a.id] })
    await publishSurvey(app, w.token, s.survey_id)
    const url = `${SURVEY_URL}${s.survey_id}/`
    const ok = await c.patch(url, w.token, {
      survey_topic: 'New topic',
      survey_description: 'New description',
      end_day: '2999-12-31',
      target_audience: [a.id, b.id],
      allow_anonymous: false,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ survey_topic: 'New topic', end_day: '2999-12-31', audience_size: 2 })
    for (const payload of [
      { target_audience: [b.id] },
      { allow_anonymous: true },
      { survey_context: 'x' },
      { start_day: '2030-01-01' },
    ]) {
      const res = await c.patch(url, w.token, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(409)
      expect(res.json().code).toBe('survey.invalid_state')
    }
    const past = await c.patch(url, w.token, { end_day: '2001-01-01' })
    expect(past.statusCode).toBe(400)
    // Questions change while there is no response, then never.
    const q = await c.patch(url, w.token, { survey_questions: [RATING, { type: 'open_text', title: 'Why?' }] })
    expect(q.statusCode).toBe(200)
    expect(q.json().question_count).toBe(2)
    expect((await c.patch(url, w.token, { survey_questions: [] })).json().code).toBe('survey.not_publishable')
    await addResponse(app, w.tenantId, s.survey_id, a.id)
    const locked = await c.patch(url, w.token, { survey_questions: [RATING] })
    expect(locked.statusCode).toBe(409)
    expect(locked.json().code).toBe('survey.questions_locked')
    // The same questions sent back are no change.
    const same = await c.patch(url, w.token, { survey_questions: q.json().survey_questions, survey_topic: 'Again' })
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({ response_count: 1, response_rate: 50 })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { createVisitor } from '../chat/helpers.js'
import { defaultCommunity, issueWorld, raiseIssue } from '../community/issue-helpers.js'
import { getMetric, insertSurvey, postMetric, setTimezone } from './analytics-helpers.js'

/*
 * The analytics calling convention (contract §7.1, §7.2) through the survey metrics: meta, GET and POST alike,
 * tenant and scope checks, window and bucket validation, roles, and the batch.
 */

const NOW = new Date('2026-03-10T12:00:00.000Z')

let app: TestApp
let w: { tenantId: number; token: string; communityId: number; surveyId: number }
let stranger: { tenantId: number; token: string; surveyId: number; communityId: number; threadId: number }

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
  const org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  await setTimezone(app, tenantId, 'Europe/Berlin')
  const surveyId = await insertSurvey(app, tenantId, {
    createdAt: new Date('2026-02-01T00:00:00Z'),
    publishedAt: new Date('2026-02-01T00:00:00Z'),
  })
  w = { tenantId, token: org.token, communityId: (await defaultCommunity(app, tenantId)).id, surveyId }

  const other = await issueWorld(app)
  const issue = await raiseIssue(app, other.authorToken, other.communityId)
  stranger = {
    tenantId: other.tenantId,
    token: other.adminToken,
    communityId: other.communityId,
    threadId: issue.thread_id,
    surveyId: await insertSurvey(app, other.tenantId, { createdAt: new Date('2026-02-01T00:00:00Z') }),
  }
})
afterAll(async () => {
  await app.shutdown()
})

const batch = (token: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/analytics/batch/', headers: auth(token), payload: payload as object })

describe('meta', () => {
  it('tells the window, the tenant’s time zone, the filters applied and those ignored', async () => {
    const res = await getMetric(app, w.token, 'totalsurveys', {
      from: '2026-03-01',
      to: '2026-03-05',
      community_id: w.communityId,
      limit: 5,
      granularity: 'day',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().meta).toEqual({
      // Dates are whole days in Berlin (UTC+1 in March before the change): 1 March 00:00 to 6 March 00:00.
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-05T23:00:00.000Z',
      timezone: 'Europe/Berlin',
      granularity: null,
      filters: { from: '2026-03-01', to: '2026-03-05' },
      ignored_filters: ['community', 'granularity', 'limit'],
      generated_at: NOW.toISOString(),
      cached: false,
    })
  })

  it('defaults to the 30 days before now, takes the request’s time zone, and names the scope applied', async () => {
    const plain = (await getMetric(app, w.token, 'totalsurveys')).json()
    expect(plain.meta).toMatchObject({
      from: '2026-02-08T12:00:00.000Z',
      to: NOW.toISOString(),
      filters: {},
      ignored_filters: [],
    })
    const res = await postMetric(app, w.token, 'averagesurveyrunperiod', {
      survey_id: w.surveyId,
      tenant_id: w.tenantId,
      timezone: 'Asia/Kolkata',
      to: '2026-03-05',
    })
    expect(res.json().meta).toMatchObject({
      timezone: 'Asia/Kolkata',
      // The end of 5 March in Kolkata (UTC+5:30).
      to: '2026-03-05T18:30:00.000Z',
      filters: { tenant: w.tenantId, survey: w.surveyId, timezone: 'Asia/Kolkata', to: '2026-03-05' },
      ignored_filters: [],
    })
  })
})

describe('GET and POST', () => {
  it('answer the same reply for the same filter', async () => {
    const filter = { survey_id: w.surveyId, from: '2026-02-01', to: '2026-03-01' }
    const viaGet = await getMetric(app, w.token, 'surveyresponserate', filter)
    const viaPost = await postMetric(app, w.token, 'surveyresponserate', {
      survey: w.surveyId,
      from: '2026-02-01',
      to: '2026-03-01',
    })
    expect(viaGet.statusCode).toBe(200)
    expect(viaPost.statusCode).toBe(200)
    const get = viaGet.json()
    const post = viaPost.json()
    expect(post).toEqual(get)
    expect(get.meta.filters).toEqual({ survey: w.surveyId, from: '2026-02-01', to: '2026-03-01' })
  })

  it('treat an empty POST, with or without a JSON content type, as the default filter', async () => {
    const get = (await getMetric(app, w.token, 'totalsurveys')).json()
    const bare = await app.inject({ method: 'POST', url: '/api/analytics/totalsurveys/', headers: auth(w.token) })
    const typed = await app.inject({
      method: 'POST',
      url: '/api/analytics/totalsurveys/',
      headers: { ...auth(w.token), 'content-type': 'application/json' },
      payload: '',
    })
    expect(bare.statusCode).toBe(200)
    expect(typed.statusCode).toBe(200)
    expect(bare.json()).toEqual(get)
    expect(typed.json()).toEqual(get)
  })
})

describe('tenant and scope', () => {
  it('accepts the caller’s own tenant and answers 404 for another, whichever way it is spelled', async () => {
    expect((await getMetric(app, w.token, 'totalsurveys', { tenant: w.tenantId })).statusCode).toBe(200)
    expect((await postMetric(app, w.token, 'totalsurveys', { tenant_id: w.tenantId })).statusCode).toBe(200)
    const foreign: Record<string, number>[] = [
      { tenant: stranger.tenantId },
      { tenant_id: stranger.tenantId },
      // Own and foreign at once: still a foreign tenant.
      { tenant: w.tenantId, tenant_id: stranger.tenantId },
    ]
    for (const filter of foreign) {
      for (const res of [
        await getMetric(app, w.token, 'totalsurveys', filter),
        await postMetric(app, w.token, 'totalsurveys', filter),
      ]) {
        expect(res.statusCode, JSON.stringify(filter)).toBe(404)
        expect(res.json()).toEqual({ code: 'not_found', message: 'Not found.' })
      }
    }
  })

  it('refuses an id and its alias that name different rows with 400', async () => {
    const split: Record<string, number>[] = [
      { survey: w.surveyId, survey_id: w.surveyId + 1 },
      { community: w.communityId, community_id: w.communityId + 1 },
    ]
    for (const filter of split) {
      const res = await postMetric(app, w.token, 'surveyresponserate', filter)
      expect(res.statusCode, JSON.stringify(filter)).toBe(400)
      expect(res.json().code).toBe('validation.failed')
    }
    const same = await getMetric(app, w.token, 'surveyresponserate', { survey: w.surveyId, survey_id: w.surveyId })
    expect(same.statusCode).toBe(200)
  })

  it('answers 404 for another tenant’s survey, community or thread, even where the metric ignores it', async () => {
    const cases: [string, Record<string, number>][] = [
      ['surveyratings', { survey: stranger.surveyId }],
      ['surveyresponserate', { survey_id: stranger.surveyId }],
      ['totalsurveys', { community: stranger.communityId }],
      ['totalsurveys', { community_id: stranger.communityId }],
      ['totalsurveys', { thread_id: stranger.threadId }],
    ]
    for (const [name, query] of cases) {
      const res = await getMetric(app, w.token, name, query)
      expect(res.statusCode, `${name} ${JSON.stringify(query)}`).toBe(404)
      expect(res.json().code).toBe('not_found')
    }
    // The same rows are their own tenant's to use.
    expect((await getMetric(app, stranger.token, 'surveyratings', { survey: stranger.surveyId })).statusCode).toBe(200)
  })

  it('asks for a survey where surveyratings needs one', async () => {
    const res = await postMetric(app, w.token, 'surveyratings', {})
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'analytics.scope_required', message: 'Choose a survey.' })
  })
})

describe('window and buckets', () => {
  it.each<[Record<string, string>, string]>([
    [{ from: '2026-03-05', to: '2026-03-05T00:00:00+01:00' }, 'from equal to to'],
    [{ from: '2026-03-06T00:00:00Z', to: '2026-03-05T00:00:00Z' }, 'from after to'],
    [{ from: '2024-03-01', to: '2026-03-05' }, 'a span over 731 days'],
    [{ from: 'yesterday' }, 'a malformed from'],
  ])('refuses %o (%s) with 400', async (query) => {
    const res = await getMetric(app, w.token, 'totalsurveys', query)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('validation.failed')
  })

  it('accepts a span of exactly 731 days', async () => {
    const res = await getMetric(app, w.token, 'totalsurveys', {
      from: '2024-02-29T00:00:00Z',
      to: '2026-03-01T00:00:00Z',
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a series of more than 1,000 buckets', async () => {
    // 60 days of hours = 1,440 buckets (the refusal comes before the metric computes anything).
    const res = await getMetric(app, w.token, 'counthourlychats', {
      from: '2026-01-01',
      to: '2026-03-01',
      granularity: 'hour',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('analytics.too_many_buckets')
  })
})

describe('who may ask', () => {
  it('answers 401 without a session, 403 to clients and visitors', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/analytics/totalsurveys/' })
    expect(none.statusCode).toBe(401)
    const client = await createClient(app)
    const visitor = await createVisitor(app, w.token)
    for (const token of [client.token, visitor.token]) {
      expect((await getMetric(app, token, 'totalsurveys')).statusCode).toBe(403)
      expect((await postMetric(app, token, 'totalsurveys')).statusCode).toBe(403)
      expect((await batch(token, { metrics: ['totalsurveys'] })).statusCode).toBe(403)
    }
  })
})

describe('POST /api/analytics/batch/', () => {
  it('answers each metric on its own: results beside errors', async () => {
    const res = await batch(w.token, {
      metrics: ['totalsurveys', 'surveyratings', 'surveyresponserate', 'counthourlychats'],
      filter: { from: '2026-01-01', to: '2026-03-01', granularity: 'hour' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body.results).sort()).toEqual(['surveyresponserate', 'totalsurveys'])
    expect(body.errors).toEqual({
      surveyratings: { message: 'Choose a survey.', code: 'analytics.scope_required' },
      counthourlychats: { message: expect.any(String), code: 'analytics.too_many_buckets' },
    })
    const single = await getMetric(app, w.token, 'totalsurveys', {
      from: '2026-01-01',
      to: '2026-03-01',
      granularity: 'hour',
    })
    expect(body.results.totalsurveys).toEqual(single.json())
  })

  it('gives the same reply as the endpoint, scoped to a survey', async () => {
    const res = await batch(w.token, { metrics: ['surveyratings', 'totalsurveys'], filter: { survey_id: w.surveyId } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.errors).toEqual({})
    const single = await getMetric(app, w.token, 'surveyratings', { survey_id: w.surveyId })
    expect(body.results.surveyratings).toEqual(single.json())
    expect(body.results.surveyratings[String(w.surveyId)]).toBeNull()
    expect(body.results.totalsurveys.meta.ignored_filters).toEqual(['survey'])
  })

  it.each<[Record<string, unknown>, string]>([
    [{ metrics: [] }, 'an empty list'],
    [{ metrics: ['totalsurveys', 'happiness'] }, 'an unknown metric'],
    [{}, 'no list'],
  ])('refuses %o (%s) with 400', async (payload) => {
    const res = await batch(w.token, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('validation.failed')
  })

  it('answers 404 for another tenant’s survey or tenant in its filter', async () => {
    for (const filter of [{ survey: stranger.surveyId }, { tenant: stranger.tenantId }]) {
      const res = await batch(w.token, { metrics: ['totalsurveys', 'surveyratings'], filter })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('not_found')
    }
  })
})

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createClient, createTenantWithAdmin } from '../factories.js'
import { defaultCommunity, join } from '../community/issue-helpers.js'
import {
  day,
  getMetric,
  hour,
  insertImpressions,
  insertResponse,
  insertSurvey,
  postMetric,
} from './analytics-helpers.js'

/* The survey metrics (contract §7.11), each checked against numbers worked out by hand. */

const NOW = new Date('2026-03-10T12:00:00.000Z')
const at = (iso: string) => new Date(iso)

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
})
afterAll(async () => {
  await app.shutdown()
})

async function org() {
  const o = await createTenantWithAdmin(app)
  return { tenantId: o.tenant.tenant_id, token: o.token }
}

const QUESTIONS = [
  { id: 'q1', type: 'rating', title: 'Delivery speed' },
  { id: 'q2', type: 'nps', title: 'Would you recommend us?' },
  { id: 'q3', type: 'rating', title: 'Packaging' },
  { id: 'q4', type: 'open_text', title: 'Anything else?' },
  { id: 'q5', type: 'single_choice', title: 'Channel', options: [{ id: 'o1', label: 'Web' }] },
]

describe('surveyratings', () => {
  it('averages every rating answer, per question and in all, and scores the NPS answers apart', async () => {
    const { tenantId, token } = await org()
    const surveyId = await insertSurvey(app, tenantId, {
      questions: QUESTIONS,
      createdAt: at('2026-02-01T00:00:00Z'),
      publishedAt: at('2026-02-01T01:00:00Z'),
    })
    const answers: [Record<string, unknown>, string][] = [
      [{ q1: 5, q2: 10, q3: 4, q4: 'great', q5: 'o1' }, '2026-02-10T10:00:00Z'],
      [{ q1: 3, q2: 6, q3: '4' }, '2026-02-11T10:00:00Z'],
      [{ q1: 'five', q2: 8, q3: null }, '2026-02-12T10:00:00Z'],
      [{ q1: 7, q2: 9.5, q3: 2, q4: '5' }, '2026-02-13T10:00:00Z'],
      [{ q1: [4], q2: 9, q3: { v: 4 } }, '2026-02-14T10:00:00Z'],
      // Before the window below: left out.
      [{ q1: 1, q2: 0, q3: 1 }, '2026-02-02T10:00:00Z'],
    ]
    for (const [a, when] of answers) await insertResponse(app, tenantId, surveyId, a, at(when))

    const res = await getMetric(app, token, 'surveyratings', { survey: surveyId, from: '2026-02-05T00:00:00Z' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    // Ratings kept: q1 5, 3; q3 4, "4", 2 → 18 / 5.
    expect(body[String(surveyId)]).toBe(3.6)
    expect(body.average_rating).toBe(3.6)
    expect(body.survey_id).toBe(surveyId)
    expect(body.response_count).toBe(5)
    expect(body.questions).toEqual([
      {
        id: 'q1',
        title: 'Delivery speed',
        type: 'rating',
        average: 4,
        count: 2,
        distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 1 },
      },
      {
        id: 'q2',
        title: 'Would you recommend us?',
        type: 'nps',
        average: 8.25,
        count: 4,
        distribution: { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 1, '7': 0, '8': 1, '9': 1, '10': 1 },
      },
      {
        id: 'q3',
        title: 'Packaging',
        type: 'rating',
        average: 3.33,
        count: 3,
        distribution: { '1': 0, '2': 1, '3': 0, '4': 2, '5': 0 },
      },
    ])
    // Promoters 10 and 9, passive 8, detractor 6: (2 − 1) / 4 × 100.
    expect(body.nps).toEqual({ score: 25, promoters: 2, passives: 1, detractors: 1, count: 4 })
  })

  it('covers the survey’s whole life by default, and answers nulls without answers or NPS questions', async () => {
    const { tenantId, token } = await org()
    const created = at('2025-06-01T08:00:00Z')
    const surveyId = await insertSurvey(app, tenantId, { createdAt: created, publishedAt: at('2025-06-02T00:00:00Z') })
    const empty = (await postMetric(app, token, 'surveyratings', { survey_id: surveyId })).json()
    expect(empty.meta.from).toBe(created.toISOString())
    expect(empty.meta.to).toBe(NOW.toISOString())
    expect(empty[String(surveyId)]).toBeNull()
    expect(empty.average_rating).toBeNull()
    expect(empty.response_count).toBe(0)
    expect(empty.nps).toBeNull()
    expect(empty.questions[0]).toMatchObject({ id: 'q1', average: null, count: 0 })

    // Eight months ago: inside the survey's life, far outside a 30-day window.
    await insertResponse(app, tenantId, surveyId, { q1: 2 }, at('2025-07-01T00:00:00Z'))
    const one = (await postMetric(app, token, 'surveyratings', { survey_id: surveyId })).json()
    expect(one.average_rating).toBe(2)
    expect(one.response_count).toBe(1)
  })
})

async function addInvitation(tenantId: number, surveyId: number, email: string, clientId: number | null = null) {
  const row = await app.db
    .insertInto('survey_invitations')
    .values({
      tenant_id: tenantId,
      survey_id: surveyId,
      email,
      client_id: clientId,
      token_hash: randomBytes(16).toString('hex'),
      created_at: at('2026-03-01T00:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

describe('surveyresponserate', () => {
  it('counts audience members who responded over the audience, with a survey', async () => {
    const { tenantId, token } = await org()
    const surveyId = await insertSurvey(app, tenantId, {
      createdAt: at('2026-03-01T00:00:00Z'),
      publishedAt: at('2026-03-01T00:00:00Z'),
    })
    const [a, b, member, outsider] = await Promise.all([1, 2, 3, 4].map(() => createClient(app)))
    await app.db
      .insertInto('survey_audience_clients')
      .values([a!, b!].map((c) => ({ tenant_id: tenantId, survey_id: surveyId, client_id: c.client.id })))
      .execute()
    const community = await defaultCommunity(app, tenantId)
    await join(app, tenantId, community.id, member!.client.id)
    await app.db
      .insertInto('survey_audience_communities')
      .values({ tenant_id: tenantId, survey_id: surveyId, community_id: community.id })
      .execute()
    const invitation = await addInvitation(tenantId, surveyId, 'guest@example.com')
    // Audience: a, b, the member and the invited address = 4. Respondents: a (twice) and the invitee = 2.
    await insertResponse(app, tenantId, surveyId, { q1: 4 }, at('2026-03-02T00:00:00Z'), { clientId: a!.client.id })
    await insertResponse(app, tenantId, surveyId, { q1: 5 }, at('2026-03-03T00:00:00Z'), { clientId: a!.client.id })
    await insertResponse(app, tenantId, surveyId, { q1: 3 }, at('2026-03-03T00:00:00Z'), { invitationId: invitation })
    await insertResponse(app, tenantId, surveyId, { q1: 1 }, at('2026-03-04T00:00:00Z'), {
      clientId: outsider!.client.id,
    })
    await insertImpressions(app, tenantId, surveyId, [at('2026-03-02T00:00:00Z')])

    const res = await getMetric(app, token, 'surveyresponserate', { survey_id: surveyId })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      response_rate: 50,
      basis: 'audience',
      respondents: 2,
      audience_size: 4,
      response_count: 4,
      impressions: 1,
      survey_count: 1,
    })
    expect(body.meta.from).toBe('2026-03-01T00:00:00.000Z')
  })

  it('counts a client once however many ways they are in the audience, and answers alike when asked again', async () => {
    const { tenantId, token } = await org()
    const surveyId = await insertSurvey(app, tenantId, {
      createdAt: at('2026-03-01T00:00:00Z'),
      publishedAt: at('2026-03-01T00:00:00Z'),
    })
    const [everywhere, chosen, late, stranger] = await Promise.all([1, 2, 3, 4].map(() => createClient(app)))
    const ids = { everywhere: everywhere!.client.id, chosen: chosen!.client.id, late: late!.client.id }
    // `everywhere` is chosen, a member of two audience communities, in a subgroup and invited.
    await app.db
      .insertInto('survey_audience_clients')
      .values(
        [ids.everywhere, ids.chosen, ids.late].map((c) => ({ tenant_id: tenantId, survey_id: surveyId, client_id: c })),
      )
      .execute()
    const first = await defaultCommunity(app, tenantId)
    const second = await app.db
      .insertInto('communities')
      .values({ tenant_id: tenantId, name: `Second ${randomBytes(3).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const community of [first.id, Number(second.id)]) {
      await join(app, tenantId, community, ids.everywhere)
      await app.db
        .insertInto('survey_audience_communities')
        .values({ tenant_id: tenantId, survey_id: surveyId, community_id: community })
        .execute()
    }
    const subgroup = await app.db
      .insertInto('survey_subgroups')
      .values({ tenant_id: tenantId, survey_id: surveyId, name: 'Loyal', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
    await app.db
      .insertInto('survey_subgroup_clients')
      .values({ tenant_id: tenantId, subgroup_id: subgroup.id, client_id: ids.everywhere })
      .execute()
    await app.db
      .insertInto('survey_audience_subgroups')
      .values({ tenant_id: tenantId, survey_id: surveyId, subgroup_id: subgroup.id })
      .execute()
    await addInvitation(tenantId, surveyId, 'everywhere@example.com', ids.everywhere)
    // Audience: everywhere, chosen, late = 3. In the window: everywhere twice, a stranger, two anonymous answers;
    // `late` answered after it and `chosen` not at all. Respondents: everywhere = 1.
    const inWindow = at('2026-03-03T00:00:00Z')
    await insertResponse(app, tenantId, surveyId, { q1: 4 }, inWindow, { clientId: ids.everywhere })
    await insertResponse(app, tenantId, surveyId, { q1: 2 }, inWindow, { clientId: ids.everywhere })
    await insertResponse(app, tenantId, surveyId, { q1: 5 }, inWindow, { clientId: stranger!.client.id })
    await insertResponse(app, tenantId, surveyId, { q1: 3 }, inWindow)
    await insertResponse(app, tenantId, surveyId, { q1: 1 }, inWindow)
    await insertResponse(app, tenantId, surveyId, { q1: 1 }, at('2026-03-06T00:00:00Z'), { clientId: ids.late })

    const expected = {
      response_rate: 33.33,
      basis: 'audience',
      respondents: 1,
      audience_size: 3,
      response_count: 5,
      survey_count: 1,
    }
    // Asked more often than a prepared statement is planned for its values (PostgreSQL then may plan it once).
    for (let i = 0; i < 8; i++) {
      const body = (await postMetric(app, token, 'surveyresponserate', { survey: surveyId, to: '2026-03-05' })).json()
      expect(body).toMatchObject(expected)
    }
  })

  it('falls back on impressions for an open survey, and is null with neither', async () => {
    const { tenantId, token } = await org()
    const open = await insertSurvey(app, tenantId, {
      createdAt: at('2026-03-01T00:00:00Z'),
      publishedAt: at('2026-03-01T00:00:00Z'),
    })
    await insertImpressions(
      app,
      tenantId,
      open,
      [1, 2, 3].map((h) => at(`2026-03-02T0${h}:00:00Z`)),
    )
    await insertResponse(app, tenantId, open, { q1: 4 }, at('2026-03-02T05:00:00Z'))
    const body = (await postMetric(app, token, 'surveyresponserate', { survey: open })).json()
    expect(body).toMatchObject({ response_rate: 33.33, basis: 'impressions', response_count: 1, impressions: 3 })

    const quiet = await insertSurvey(app, tenantId, {
      createdAt: at('2026-03-01T00:00:00Z'),
      publishedAt: at('2026-03-01T00:00:00Z'),
    })
    const none = (await postMetric(app, token, 'surveyresponserate', { survey: quiet })).json()
    expect(none).toMatchObject({ response_rate: null, basis: null, audience_size: 0, impressions: 0 })
  })

  it('sums the surveys published in the window without a survey', async () => {
    const { tenantId, token } = await org()
    const first = await insertSurvey(app, tenantId, {
      createdAt: at('2026-03-01T00:00:00Z'),
      publishedAt: at('2026-03-01T00:00:00Z'),
    })
    const second = await insertSurvey(app, tenantId, {
      createdAt: at('2026-03-02T00:00:00Z'),
      publishedAt: at('2026-03-03T00:00:00Z'),
      closedAt: at('2026-03-05T00:00:00Z'),
    })
    const old = await insertSurvey(app, tenantId, {
      createdAt: at('2025-12-01T00:00:00Z'),
      publishedAt: at('2025-12-01T00:00:00Z'),
    })
    await insertSurvey(app, tenantId, { createdAt: at('2026-03-04T00:00:00Z') })
    const [a, b] = await Promise.all([createClient(app), createClient(app)])
    await app.db
      .insertInto('survey_audience_clients')
      .values([
        { tenant_id: tenantId, survey_id: first, client_id: a.client.id },
        { tenant_id: tenantId, survey_id: second, client_id: a.client.id },
        { tenant_id: tenantId, survey_id: second, client_id: b.client.id },
        { tenant_id: tenantId, survey_id: old, client_id: b.client.id },
      ])
      .execute()
    await insertResponse(app, tenantId, first, { q1: 4 }, at('2026-03-02T00:00:00Z'), { clientId: a.client.id })
    await insertResponse(app, tenantId, second, { q1: 4 }, at('2026-03-04T00:00:00Z'), { clientId: b.client.id })
    await insertResponse(app, tenantId, old, { q1: 4 }, at('2026-03-04T00:00:00Z'), { clientId: b.client.id })

    const body = (await getMetric(app, token, 'surveyresponserate', { from: '2026-02-15' })).json()
    // first: 1 of 1, second: 1 of 2; the old survey and the draft are not published in the window.
    expect(body).toMatchObject({
      response_rate: 66.67,
      basis: 'audience',
      respondents: 2,
      audience_size: 3,
      response_count: 2,
      impressions: 0,
      survey_count: 2,
    })
  })
})

describe('averagesurveyrunperiod', () => {
  it('averages publication to closing over the surveys closed in the window, in the legacy text too', async () => {
    const { tenantId, token } = await org()
    const p = at('2026-02-20T00:00:00Z')
    // 3 days 4 hours.
    const a = await insertSurvey(app, tenantId, {
      createdAt: p,
      publishedAt: p,
      closedAt: new Date(p.getTime() + 3 * day + 4 * hour),
    })
    // 1 day 2 hours 1 minute 1 second.
    await insertSurvey(app, tenantId, {
      createdAt: p,
      publishedAt: p,
      closedAt: new Date(p.getTime() + day + 2 * hour + 61_000),
    })
    // Closed itself at the end of its end day (UTC tenant): 4 days.
    await insertSurvey(app, tenantId, {
      createdAt: p,
      publishedAt: at('2026-03-01T00:00:00Z'),
      endDay: '2026-03-04',
    })
    // Closed before the window, and one still running: left out.
    await insertSurvey(app, tenantId, {
      createdAt: at('2025-12-01T00:00:00Z'),
      publishedAt: at('2025-12-01T00:00:00Z'),
      closedAt: at('2025-12-09T00:00:00Z'),
    })
    await insertSurvey(app, tenantId, { createdAt: p, publishedAt: p, endDay: '2026-03-20' })

    const body = (await getMetric(app, token, 'averagesurveyrunperiod')).json()
    // (273600 + 93661 + 345600) / 3 = 237620.33 s = 2 days 18 hours 0 minutes 20 seconds.
    expect(body).toMatchObject({
      avg_survey_period: '2 days, 18 hours, 0 minutes, 20 seconds',
      avg_survey_period_seconds: 237620.33,
      survey_count: 3,
    })
    const one = (await postMetric(app, token, 'averagesurveyrunperiod', { survey: a })).json()
    expect(one).toMatchObject({
      avg_survey_period: '3 days, 4 hours, 0 minutes, 0 seconds',
      avg_survey_period_seconds: 273600,
      survey_count: 1,
    })
  })

  it('answers null, not an error, when no survey closed in the window', async () => {
    const { token } = await org()
    const res = await getMetric(app, token, 'averagesurveyrunperiod')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ avg_survey_period: null, avg_survey_period_seconds: null, survey_count: 0 })
  })
})

describe('totalsurveys', () => {
  it('counts the surveys existing at `to` by their status now, and those created in the window', async () => {
    const { tenantId, token } = await org()
    await insertSurvey(app, tenantId, { createdAt: at('2025-01-01T00:00:00Z') })
    await insertSurvey(app, tenantId, { createdAt: at('2026-03-01T00:00:00Z') })
    await insertSurvey(app, tenantId, {
      createdAt: at('2026-02-25T00:00:00Z'),
      publishedAt: at('2026-02-26T00:00:00Z'),
    })
    // Published, but its end day has passed: closed.
    await insertSurvey(app, tenantId, {
      createdAt: at('2026-02-25T00:00:00Z'),
      publishedAt: at('2026-02-26T00:00:00Z'),
      endDay: '2026-03-01',
    })
    await insertSurvey(app, tenantId, {
      createdAt: at('2025-11-01T00:00:00Z'),
      publishedAt: at('2025-11-02T00:00:00Z'),
      closedAt: at('2025-11-20T00:00:00Z'),
    })
    // Created after `to` below: does not exist yet there.
    await insertSurvey(app, tenantId, { createdAt: at('2026-03-09T00:00:00Z') })

    const body = (await getMetric(app, token, 'totalsurveys', { to: '2026-03-05' })).json()
    expect(body).toMatchObject({
      survey_count: 5,
      by_status: { draft: 2, published: 1, closed: 2 },
      created_in_window: 3,
    })
    const all = (await getMetric(app, token, 'totalsurveys')).json()
    expect(all).toMatchObject({ survey_count: 6, by_status: { draft: 3, published: 1, closed: 2 } })
  })
})

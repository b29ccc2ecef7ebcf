import type { PublicSurvey } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken, newLinkToken } from '../../src/lib/crypto.js'
import { buildTestApp, type TestApp } from '../app.js'
import { createClient } from '../factories.js'
import { VALID, insertSurvey, publicGet, publicPost, surveyWorld } from './answer-fixtures.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const impressions = async (surveyId: number) =>
  Number(
    (
      await app.db
        .selectFrom('survey_impressions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('survey_id', '=', surveyId)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** An invitation row with its token (the invitation routes have their own tests). */
async function invite(tenantId: number, surveyId: number, email: string, clientId: number | null = null) {
  const token = newLinkToken()
  const row = await app.db
    .insertInto('survey_invitations')
    .values({
      tenant_id: tenantId,
      survey_id: surveyId,
      email,
      client_id: clientId,
      token_hash: hashToken(token),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { token, id: row.id }
}

const key = () => `rk-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`

describe('GET /api/survey/public/{key}/', () => {
  it('shows the survey and counts every load as an impression', async () => {
    const w = await surveyWorld(app)
    const res = await publicGet(app, w.survey.publicKey)
    expect(res.statusCode).toBe(200)
    expect(res.json<PublicSurvey>()).toMatchObject({
      survey_id: w.survey.id,
      survey_topic: 'Support quality',
      tenant_name: w.tenantName,
      status: 'published',
      allow_anonymous: false,
      requires_sign_in: true,
      already_responded: false,
    })
    await publicGet(app, w.survey.publicKey)
    expect(await impressions(w.survey.id)).toBe(2)
  })

  it('answers 404 for unknown keys, malformed keys and drafts, and counts nothing', async () => {
    const w = await surveyWorld(app)
    const draft = await insertSurvey(app, w.tenantId, { status: 'draft' })
    await app.db
      .updateTable('surveys')
      .set({ public_key: 'D'.repeat(22) })
      .where('id', '=', draft.id)
      .execute()
    for (const k of ['Z'.repeat(22), 'short', 'D'.repeat(22), '..%2F..%2Fetc'])
      expect((await publicGet(app, k)).statusCode, k).toBe(404)
    expect(await impressions(draft.id)).toBe(0)
  })

  it('does not need sign-in for anonymous surveys or with a valid invitation', async () => {
    const w = await surveyWorld(app, { allowAnonymous: true })
    expect((await publicGet(app, w.survey.publicKey)).json()).toMatchObject({ requires_sign_in: false })
    const closedDoor = await insertSurvey(app, w.tenantId)
    const inv = await invite(w.tenantId, closedDoor.id, 'guest@example.com')
    expect((await publicGet(app, closedDoor.publicKey, `?invite=${inv.token}`)).json()).toMatchObject({
      requires_sign_in: false,
    })
    expect((await publicGet(app, closedDoor.publicKey, '?invite=not-a-token')).json()).toMatchObject({
      requires_sign_in: true,
    })
  })

  it('answers 401 for a dead token instead of ignoring it', async () => {
    const w = await surveyWorld(app)
    expect((await publicGet(app, w.survey.publicKey, '', 'not-a-real-token')).statusCode).toBe(401)
  })
})

describe('POST /api/survey/public/{key}/response/', () => {
  it('needs sign-in, an invitation or an anonymous survey (401 survey.sign_in_required)', async () => {
    const w = await surveyWorld(app)
    const res = await publicPost(app, w.survey.publicKey, { survey_response: VALID })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'survey.sign_in_required' })
    // A signed-in client who may see the survey answers as themselves.
    const ok = await publicPost(app, w.survey.publicKey, { survey_response: VALID }, w.member.token)
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toEqual({ response_id: expect.any(Number), message: 'Thank you for your response.' })
    expect((await publicGet(app, w.survey.publicKey, '', w.member.token)).json()).toMatchObject({
      already_responded: true,
      requires_sign_in: false,
    })
    // An unrelated client is no respondent of a survey that is not anonymous.
    const stranger = await createClient(app)
    expect((await publicPost(app, w.survey.publicKey, { survey_response: VALID }, stranger.token)).statusCode).toBe(401)
  })

  it('takes one answer per invitation token and marks the invitation responded', async () => {
    const w = await surveyWorld(app)
    const inv = await invite(w.tenantId, w.survey.id, 'Guest@Example.com')
    const first = await publicPost(app, w.survey.publicKey, { survey_response: VALID, invite: inv.token })
    expect(first.statusCode).toBe(201)
    const second = await publicPost(app, w.survey.publicKey, {
      survey_response: VALID,
      invite: inv.token,
      respondent_key: key(),
    })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'survey.already_responded' })
    const row = await app.db
      .selectFrom('survey_invitations')
      .select('responded_at')
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow()
    expect(row.responded_at).not.toBeNull()
    const stored = await app.db
      .selectFrom('survey_responses')
      .select(['respondent_type', 'respondent_email', 'via'])
      .where('survey_id', '=', w.survey.id)
      .execute()
    expect(stored).toEqual([{ respondent_type: 'invitee', respondent_email: 'Guest@Example.com', via: 'public' }])
    expect((await publicGet(app, w.survey.publicKey, `?invite=${inv.token}`)).json()).toMatchObject({
      already_responded: true,
    })
  })

  it('takes one anonymous answer per respondent key, and any number without one', async () => {
    const w = await surveyWorld(app, { allowAnonymous: true })
    const k = key()
    expect((await publicPost(app, w.survey.publicKey, { survey_response: VALID, respondent_key: k })).statusCode).toBe(
      201,
    )
    const again = await publicPost(app, w.survey.publicKey, { survey_response: VALID, respondent_key: k })
    expect(again.json()).toMatchObject({ code: 'survey.already_responded' })
    const both = await Promise.all([
      publicPost(app, w.survey.publicKey, { survey_response: VALID, respondent_key: `${k}x` }),
      publicPost(app, w.survey.publicKey, { survey_response: VALID, respondent_key: `${k}x` }),
    ])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect((await publicPost(app, w.survey.publicKey, { survey_response: VALID })).statusCode).toBe(201)
  })

  it('validates the body (400) and the answers (422), and refuses closed surveys (409)', async () => {
    const w = await surveyWorld(app, { allowAnonymous: true })
    for (const body of [
      {},
      { survey_response: VALID, respondent_key: 'short' },
      { survey_response: VALID, email: 'not-an-email' },
      { survey_response: VALID, name: 'x'.repeat(151) },
    ])
      expect((await publicPost(app, w.survey.publicKey, body)).statusCode, JSON.stringify(body)).toBe(400)
    const bad = await publicPost(app, w.survey.publicKey, { survey_response: { ...VALID, q2: 'ten' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({ errors: { 'survey_response.q2': ['Choose between 0 and 10.'] } })
    const closed = await insertSurvey(app, w.tenantId, { status: 'closed', allowAnonymous: true })
    expect((await publicPost(app, closed.publicKey, { survey_response: VALID })).json()).toMatchObject({
      code: 'survey.closed',
    })
    expect((await publicGet(app, closed.publicKey)).json()).toMatchObject({ status: 'closed' })
  })

  it('limits accepted answers per address and survey when rate limits are on', async () => {
    const limited = await buildTestApp({
      limits: {
        signin: { max: 100, window: 60_000 },
        accountMail: { max: 100, window: 60_000 },
        tokenUse: { max: 100, window: 60_000 },
        onboarding: { max: 100, window: 60_000 },
        registration: { max: 100, window: 60_000 },
        visitors: { max: 100, window: 60_000 },
        voice: { max: 100, window: 60_000 },
        ai: { max: 100, window: 60_000 },
        reports: { max: 100, window: 60_000 },
        publicSurvey: { max: 100, window: 60_000 },
        publicSurveyAccepted: { max: 2, window: 3_600_000 },
        default: { max: 1000, window: 60_000 },
      },
    })
    try {
      const w = await surveyWorld(limited, { allowAnonymous: true })
      // Refused answers do not count.
      expect((await publicPost(limited, w.survey.publicKey, { survey_response: {} })).statusCode).toBe(422)
      expect((await publicPost(limited, w.survey.publicKey, { survey_response: VALID })).statusCode).toBe(201)
      expect((await publicPost(limited, w.survey.publicKey, { survey_response: VALID })).statusCode).toBe(201)
      const third = await publicPost(limited, w.survey.publicKey, { survey_response: VALID })
      expect(third.statusCode).toBe(429)
      expect(third.headers['retry-after']).toBeDefined()
      // Another survey has its own allowance.
      const other = await insertSurvey(limited, w.tenantId, { allowAnonymous: true })
      expect((await publicPost(limited, other.publicKey, { survey_response: VALID })).statusCode).toBe(201)
    } finally {
      await limited.shutdown()
    }
  })
})

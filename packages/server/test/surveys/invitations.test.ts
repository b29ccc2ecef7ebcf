import type { Survey } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createClient, createEmployee } from '../factories.js'
import {
  SURVEY_URL,
  addResponse,
  calls,
  createSurvey,
  publishSurvey,
  relatedClient,
  surveyWorld,
  verifyEmail,
} from './survey-helpers.js'

let app: TestApp
let c: ReturnType<typeof calls>
beforeAll(async () => {
  app = await buildTestApp()
  c = calls(app)
})
afterAll(() => app.shutdown())

const mailsTo = (to: string) =>
  app.db
    .selectFrom('outbox_mail')
    .select(['id', 'kind', 'tenant_id', 'subject', 'text_body', 'html_body', 'from_name'])
    .where('to_address', '=', to.toLowerCase())
    .where('kind', '=', 'survey_invitation')
    .orderBy('id')
    .execute()

async function publishedSurvey(opts: { verified?: boolean } = {}) {
  const w = await surveyWorld(app)
  if (opts.verified !== false) await verifyEmail(app, w.adminId)
  const s = await createSurvey(app, w.token)
  const published = await publishSurvey(app, w.token, s.survey_id)
  return { w, survey: published, url: `${SURVEY_URL}${s.survey_id}/invitations/` }
}

describe('POST /api/survey/survey/{id}/invitations/', () => {
  it('queues one mail per address with a personal link and the message, and stores only the token hash', async () => {
    const { w, survey, url } = await publishedSurvey()
    const res = await c.post(url, w.token, { emails: ['Ann@Example.com', 'bob@example.com'], message: 'Two minutes.' })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ queued: 2, skipped: [] })
    const [mail] = await mailsTo('ann@example.com')
    expect(mail).toMatchObject({ tenant_id: w.tenantId, from_name: `${w.org.tenant.tenant_name} via Proxima` })
    const link = new RegExp(`http://localhost:3000/s/${survey.public_key}\\?invite=([A-Za-z0-9_-]{43})`)
    const token = link.exec(mail!.text_body ?? '')?.[1]
    expect(token).toBeDefined()
    expect(mail!.text_body).toContain('Two minutes.')
    expect(mail!.html_body).toContain(`/s/${survey.public_key}?invite=`)
    const rows = await app.db
      .selectFrom('survey_invitations')
      .select(['email', 'token_hash', 'mail_id'])
      .where('tenant_id', '=', w.tenantId)
      .where('survey_id', '=', survey.survey_id)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.email)).toEqual(['ann@example.com', 'bob@example.com'])
    expect(rows[0]!.token_hash).not.toContain(token!)
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.mail_id).toBe(mail!.id)
  })

  it('invites each address exactly once: case variants, repeats and a client whose email was invited', async () => {
    const { w, survey, url } = await publishedSurvey()
    const client = await relatedClient(app, w.tenantId)
    const answered = await relatedClient(app, w.tenantId)
    await addResponse(app, w.tenantId, survey.survey_id, answered.id)
    const first = await c.post(url, w.token, { emails: [client.email.toUpperCase(), 'x@example.com', 'X@example.com'] })
    expect(first.json()).toEqual({ queued: 2, skipped: [{ email: 'x@example.com', reason: 'already_invited' }] })
    const second = await c.post(url, w.token, {
      emails: ['x@EXAMPLE.com'],
      client_ids: [client.id, answered.id],
    })
    expect(second.statusCode).toBe(202)
    expect(second.json()).toEqual({
      queued: 0,
      skipped: [
        { email: 'x@example.com', reason: 'already_invited' },
        { email: client.email.toLowerCase(), reason: 'already_invited' },
        { email: answered.email.toLowerCase(), reason: 'already_responded' },
      ],
    })
    expect(await mailsTo(client.email)).toHaveLength(1)
    expect(await mailsTo('x@example.com')).toHaveLength(1)
    expect(await mailsTo(answered.email)).toHaveLength(0)
    // The client named by address is the invitation's client: they are in the audience now.
    const staffView = (await c.get(`${SURVEY_URL}${survey.survey_id}/`, w.token)).json<Survey>()
    expect(staffView.audience_size).toBe(2)
    // Once the invited client has answered, the skip says so.
    await addResponse(app, w.tenantId, survey.survey_id, client.id)
    const third = await c.post(url, w.token, { client_ids: [client.id] })
    expect(third.json().skipped).toEqual([{ email: client.email.toLowerCase(), reason: 'already_responded' }])
  })

  it('publishes with invitations in one step', async () => {
    const w = await surveyWorld(app)
    await verifyEmail(app, w.adminId)
    const client = await relatedClient(app, w.tenantId)
    const s = await createSurvey(app, w.token)
    const published = await publishSurvey(app, w.token, s.survey_id, {
      invite_emails: ['pub@example.com'],
      invite_client_ids: [client.id],
      invitation_message: 'Hello there',
    })
    expect(published.status).toBe('published')
    const [mail] = await mailsTo('pub@example.com')
    expect(mail!.text_body).toContain(`/s/${published.public_key}?invite=`)
    expect(mail!.text_body).toContain('Hello there')
    expect(await mailsTo(client.email)).toHaveLength(1)
  })

  it('needs a confirmed email, a published survey, related clients and 1–500 addresses', async () => {
    const { w, url } = await publishedSurvey({ verified: false })
    const unverified = await c.post(url, w.token, { emails: ['a@example.com'] })
    expect(unverified.statusCode).toBe(403)
    expect(unverified.json().code).toBe('auth.email_unverified')
    const draft = await createSurvey(app, w.token)
    const publishRes = await c.post(`${SURVEY_URL}${draft.survey_id}/publish/`, w.token, {
      invite_emails: ['a@example.com'],
    })
    expect(publishRes.json().code).toBe('auth.email_unverified')
    expect((await c.get(`${SURVEY_URL}${draft.survey_id}/`, w.token)).json().status).toBe('draft')

    await verifyEmail(app, w.adminId)
    const notPublished = await c.post(`${SURVEY_URL}${draft.survey_id}/invitations/`, w.token, {
      emails: ['a@example.com'],
    })
    expect(notPublished.statusCode).toBe(409)
    expect(notPublished.json().code).toBe('survey.invalid_state')
    const stranger = await createClient(app)
    expect((await c.post(url, w.token, { client_ids: [stranger.client.id] })).statusCode).toBe(404)
    for (const [payload, field] of [
      [{}, 'emails'],
      [{ emails: [] }, 'emails'],
      [{ emails: ['not-an-email'] }, 'emails.0'],
      [{ emails: Array.from({ length: 501 }, (_, i) => `p${i}@example.com`) }, 'emails'],
      [{ emails: ['a@example.com'], message: 'x'.repeat(1001) }, 'message'],
      [{ client_ids: ['x'] }, 'client_ids.0'],
    ] as const) {
      const res = await c.post(url, w.token, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(Object.keys(res.json().errors)).toContain(field)
    }
    expect(await mailsTo('a@example.com')).toHaveLength(0)
  })

  it('lets employees invite too, and answers strangers 404', async () => {
    const { w, url } = await publishedSurvey()
    const employee = await createEmployee(app, w.token)
    expect((await c.post(url, employee.token, { emails: ['emp@example.com'] })).statusCode).toBe(202)
    const stranger = await surveyWorld(app)
    await verifyEmail(app, stranger.adminId)
    expect((await c.post(url, stranger.token, { emails: ['s@example.com'] })).statusCode).toBe(404)
    expect((await c.get(url, stranger.token)).statusCode).toBe(404)
  })
})

describe('GET /api/survey/survey/{id}/invitations/', () => {
  it('lists invitations with their delivery from the outbox, and responded ones', async () => {
    const { w, survey, url } = await publishedSurvey()
    await c.post(url, w.token, { emails: ['q@example.com', 's@example.com', 'f@example.com', 'r@example.com'] })
    const set = (to: string, values: { status: 'sent' | 'failed'; sent_at?: Date }) =>
      app.db
        .updateTable('outbox_mail')
        .set(values)
        .where('to_address', '=', to)
        .where('kind', '=', 'survey_invitation')
        .execute()
    const sentAt = new Date('2030-01-01T10:00:00.000Z')
    await set('s@example.com', { status: 'sent', sent_at: sentAt })
    await set('f@example.com', { status: 'failed' })
    const respondedAt = new Date('2030-01-02T10:00:00.000Z')
    await app.db
      .updateTable('survey_invitations')
      .set({ responded_at: respondedAt })
      .where('tenant_id', '=', w.tenantId)
      .where('email', '=', 'r@example.com')
      .execute()
    const res = await c.get(url, w.token)
    expect(res.statusCode).toBe(200)
    const byEmail = Object.fromEntries(
      (res.json().data as { email: string; status: string; sent_at: string | null; responded_at: string | null }[]).map(
        (i) => [i.email, i],
      ),
    )
    expect(byEmail['q@example.com']).toMatchObject({ status: 'queued', sent_at: null, client_id: null })
    expect(byEmail['s@example.com']).toMatchObject({ status: 'sent', sent_at: sentAt.toISOString() })
    expect(byEmail['f@example.com']).toMatchObject({ status: 'failed' })
    expect(byEmail['r@example.com']).toMatchObject({ status: 'responded', responded_at: respondedAt.toISOString() })
    const failed = await c.get(`${url}?status=failed`, w.token)
    expect(failed.json().data.map((i: { email: string }) => i.email)).toEqual(['f@example.com'])
    expect(failed.json().pagination.total).toBe(1)
    expect((await c.get(`${url}?status=bounced`, w.token)).statusCode).toBe(400)
    // Invitees who responded count among the audience's respondents.
    const view = (await c.get(`${SURVEY_URL}${survey.survey_id}/`, w.token)).json<Survey>()
    expect(view).toMatchObject({ audience_size: 4, response_rate: 25 })
  })
})

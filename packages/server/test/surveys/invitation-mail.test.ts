import type { SurveyInvitation, SurveyReportView } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth } from '../factories.js'
import { startSmtpPeer } from '../smtp.js'
import { SURVEY_URL, createSurvey, publishSurvey, surveyWorld, verifyEmail } from './survey-helpers.js'

const DAY = 86_400_000

let peer: Awaited<ReturnType<typeof startSmtpPeer>>
let app: TestApp
beforeAll(async () => {
  peer = await startSmtpPeer()
  // Far ahead of real time, so that mail workers of other test files on a shared database never find these mails due.
  app = await buildTestApp({ mailTransport: peer.transport, clock: testClock(new Date(Date.now() + 3650 * DAY)) })
})
afterAll(async () => {
  await app.shutdown()
  await peer.close()
})

const invitations = async (token: string, surveyId: number) => {
  const res = await app.inject({ method: 'GET', url: `${SURVEY_URL}${surveyId}/invitations/`, headers: auth(token) })
  return res.json<{ data: SurveyInvitation[] }>().data
}

describe('a survey invitation, from the mail server to the answer', () => {
  it('arrives once with a personal link that answers the survey once', async () => {
    const w = await surveyWorld(app)
    await verifyEmail(app, w.adminId)
    const draft = await createSurvey(app, w.token, { survey_topic: 'Delivery feedback' })
    const survey = await publishSurvey(app, w.token, draft.survey_id, {
      invite_emails: ['Invitee.One@example.com'],
      invitation_message: 'Two minutes of your time would help us a lot.',
    })
    expect((await invitations(w.token, survey.survey_id)).map((i) => i.status)).toEqual(['queued'])

    await app.services.mailWorker.runOnce({ tenantIds: [w.tenantId] })
    await app.services.mailWorker.runOnce({ tenantIds: [w.tenantId] })
    const mails = peer.received.filter((m) => m.to.includes('invitee.one@example.com'))
    expect(mails).toHaveLength(1)
    const text = peer.textOf(mails[0]!)
    expect(text).toContain('Two minutes of your time would help us a lot.')
    const link = new RegExp(`/s/${survey.public_key}\\?invite=([A-Za-z0-9_-]+)`).exec(text)
    expect(link, text).not.toBeNull()
    const token = link![1]!
    expect((await invitations(w.token, survey.survey_id)).map((i) => i.status)).toEqual(['sent'])

    // The page the link opens: no sign-in needed, nothing answered yet.
    const page = await app.inject({ method: 'GET', url: `/api/survey/public/${survey.public_key}/?invite=${token}` })
    expect(page.json()).toMatchObject({ requires_sign_in: false, already_responded: false })
    const answer = (survey_response: object) =>
      app.inject({
        method: 'POST',
        url: `/api/survey/public/${survey.public_key}/response/`,
        payload: { survey_response, invite: token },
      })
    const first = await answer({ q1: 5 })
    expect(first.statusCode).toBe(201)
    expect((await answer({ q1: 1 })).json()).toMatchObject({ code: 'survey.already_responded' })

    const [invitation] = await invitations(w.token, survey.survey_id)
    expect(invitation).toMatchObject({ email: 'invitee.one@example.com', status: 'responded' })
    expect(invitation!.responded_at).not.toBeNull()
    const report = await app.inject({
      method: 'GET',
      url: `/api/survey/surveyreportview/?survey_id=${survey.survey_id}`,
      headers: auth(w.token),
    })
    expect(report.json<SurveyReportView>()).toMatchObject({ audience_size: 1, response_count: 1, response_rate: 100 })

    // Inviting the same address again, in another case, sends nothing more.
    const again = await app.inject({
      method: 'POST',
      url: `${SURVEY_URL}${survey.survey_id}/invitations/`,
      headers: auth(w.token),
      payload: { emails: ['INVITEE.ONE@example.com'] },
    })
    expect(again.json()).toEqual({
      queued: 0,
      skipped: [{ email: 'invitee.one@example.com', reason: 'already_responded' }],
    })
    await app.services.mailWorker.runOnce({ tenantIds: [w.tenantId] })
    expect(peer.received.filter((m) => m.to.includes('invitee.one@example.com'))).toHaveLength(1)
  })
})

import type { Survey } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'

export const SURVEY_URL = '/api/survey/survey/'
export const SUBGROUP_URL = '/api/survey/surveysubgroup/'

export function calls(app: TestApp) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE') => (url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(token ? { headers: auth(token) } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  return { get: send('GET'), post: send('POST'), patch: send('PATCH'), del: send('DELETE') }
}

/** A tenant with its admin (Professional unless told), its default community, and a survey-ready question. */
export async function surveyWorld(app: TestApp, plan: 'basic' | 'professional' | 'business' = 'professional') {
  const org = await createTenantWithAdmin(app, { plan })
  const tenantId = org.tenant.tenant_id
  const community = await app.db
    .selectFrom('communities')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return { org, tenantId, token: org.token, adminId: org.admin.id, communityId: community.id }
}
export type SurveyWorld = Awaited<ReturnType<typeof surveyWorld>>

export const RATING = { type: 'rating', title: 'How satisfied are you?' }

export async function createSurvey(app: TestApp, token: string, payload: Record<string, unknown> = {}) {
  const res = await calls(app).post(SURVEY_URL, token, {
    survey_topic: 'Delivery feedback',
    survey_questions: [RATING],
    ...payload,
  })
  if (res.statusCode !== 201) throw new Error(`createSurvey: ${res.statusCode} ${res.body}`)
  return res.json<Survey>()
}

export async function publishSurvey(app: TestApp, token: string, id: number, payload: unknown = {}) {
  const res = await calls(app).post(`${SURVEY_URL}${id}/publish/`, token, payload)
  if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`)
  return res.json<Survey>()
}

/** Marks the admin's email confirmed (survey invitations need it). */
export async function verifyEmail(app: TestApp, userId: number) {
  await app.db.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute()
}

/** A client related to the tenant: they own one of its chats. */
export async function relatedClient(app: TestApp, tenantId: number, overrides: Record<string, unknown> = {}) {
  const c = await createClient(app, overrides)
  await app.db.insertInto('chats').values({ tenant_id: tenantId, channel: 'mobile', client_id: c.client.id }).execute()
  return { token: c.token, id: c.client.id, email: c.client.email, username: c.client.username }
}

/** A response row written directly (responses have their own endpoints and tests). */
export async function addResponse(
  app: TestApp,
  tenantId: number,
  surveyId: number,
  clientId: number | null,
  extra: { invitationId?: number } = {},
) {
  const now = new Date()
  await app.db
    .insertInto('survey_responses')
    .values({
      tenant_id: tenantId,
      survey_id: surveyId,
      client_id: clientId,
      invitation_id: extra.invitationId ?? null,
      respondent_type: clientId === null ? 'invitee' : 'client',
      answers: JSON.stringify({ q1: 4 }),
      via: 'api',
      single: true,
      submitted_at: now,
      created_at: now,
    })
    .execute()
}

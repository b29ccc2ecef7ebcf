import type { TestApp } from '../app.js'
import { auth } from '../factories.js'

/* Shared by the analytics tests: calling a metric, and survey rows written with exact timestamps. */

export const day = 86_400_000
export const hour = 3_600_000

/** GET a metric with the filter as query parameters. */
export function getMetric(app: TestApp, token: string, name: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
  return app.inject({ method: 'GET', url: `/api/analytics/${name}/${qs ? `?${qs}` : ''}`, headers: auth(token) })
}

/** POST a metric with the filter as a JSON body. */
export function postMetric(app: TestApp, token: string, name: string, body: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/analytics/${name}/`, headers: auth(token), payload: body })
}

export async function setTimezone(app: TestApp, tenantId: number, timezone: string) {
  await app.db.updateTable('tenants').set({ timezone }).where('id', '=', tenantId).execute()
}

type SurveyRow = {
  status?: 'draft' | 'published' | 'closed'
  questions?: unknown[]
  createdAt: Date
  publishedAt?: Date | null
  closedAt?: Date | null
  endDay?: string | null
}

/** A survey written directly, with the lifecycle times a test needs. */
export async function insertSurvey(app: TestApp, tenantId: number, row: SurveyRow): Promise<number> {
  const status = row.status ?? (row.closedAt ? 'closed' : row.publishedAt ? 'published' : 'draft')
  const created = await app.db
    .insertInto('surveys')
    .values({
      tenant_id: tenantId,
      topic: 'Delivery feedback',
      questions: JSON.stringify(row.questions ?? [{ id: 'q1', type: 'rating', title: 'How was it?', required: true }]),
      status,
      published_at: row.publishedAt ?? null,
      closed_at: row.closedAt ?? null,
      end_day: row.endDay ?? null,
      created_at: row.createdAt,
      updated_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(created.id)
}

/** A response written directly at an exact time. */
export async function insertResponse(
  app: TestApp,
  tenantId: number,
  surveyId: number,
  answers: Record<string, unknown>,
  at: Date,
  who: { clientId?: number; invitationId?: number } = {},
) {
  await app.db
    .insertInto('survey_responses')
    .values({
      tenant_id: tenantId,
      survey_id: surveyId,
      client_id: who.clientId ?? null,
      invitation_id: who.invitationId ?? null,
      respondent_type: who.clientId ? 'client' : who.invitationId ? 'invitee' : 'anonymous',
      answers: JSON.stringify(answers),
      via: 'public',
      single: false,
      submitted_at: at,
      created_at: at,
    })
    .execute()
}

export async function insertImpressions(app: TestApp, tenantId: number, surveyId: number, at: Date[]) {
  await app.db
    .insertInto('survey_impressions')
    .values(at.map((occurred_at) => ({ tenant_id: tenantId, survey_id: surveyId, occurred_at })))
    .execute()
}

import type { Survey } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { effectiveStatus } from '../../src/features/surveys/status.js'
import { SURVEY_URL, calls, createSurvey, publishSurvey, relatedClient, surveyWorld } from './survey-helpers.js'

const clock = testClock(new Date('2030-06-10T12:00:00.000Z'))
let app: TestApp
let c: ReturnType<typeof calls>
beforeAll(async () => {
  app = await buildTestApp({ clock })
  c = calls(app)
})
afterAll(() => app.shutdown())

const HOUR = 3_600_000
/** The end of 10 June 2030 in New York (UTC−4 in summer). */
const END_OF_DAY = '2030-06-11T04:00:00.000Z'

const storedStatus = async (tenantId: number, id: number) =>
  app.db
    .selectFrom('surveys')
    .select(['status', 'closed_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

async function newYorkWorld() {
  const w = await surveyWorld(app)
  await app.db.updateTable('tenants').set({ timezone: 'America/New_York' }).where('id', '=', w.tenantId).execute()
  return w
}

describe('a survey closes at the end of its end day in the tenant’s time zone', () => {
  it('reads as closed from that instant, before any sweep, and the sweep then writes it down', async () => {
    const w = await newYorkWorld()
    const client = await relatedClient(app, w.tenantId)
    const s = await createSurvey(app, w.token, { end_day: '2030-06-10' })
    await publishSurvey(app, w.token, s.survey_id)
    const other = await createSurvey(app, w.token, { end_day: '2030-06-12' })
    await publishSurvey(app, w.token, other.survey_id)
    const usage = async () =>
      (await c.get('/api/tenantmanagement/subscription/', w.token)).json().usage.active_surveys as number
    expect(await usage()).toBe(2)

    // Already 11 June in UTC, still 10 June in New York.
    clock.advance(16 * HOUR - 60_000)
    expect((await c.get(`${SURVEY_URL}${s.survey_id}/`, w.token)).json().status).toBe('published')
    clock.advance(60_000)
    expect(clock.now().toISOString()).toBe(END_OF_DAY)
    const view = (await c.get(`${SURVEY_URL}${s.survey_id}/`, w.token)).json<Survey>()
    expect(view).toMatchObject({ status: 'closed', closed_at: END_OF_DAY })
    expect((await storedStatus(w.tenantId, s.survey_id)).status).toBe('published')
    const closedIds = (await c.get(`${SURVEY_URL}?status=closed`, w.token)).json().data.map((x: Survey) => x.survey_id)
    expect(closedIds).toEqual([s.survey_id])
    const published = (await c.get(`${SURVEY_URL}?status=published`, w.token))
      .json()
      .data.map((x: Survey) => x.survey_id)
    expect(published).toEqual([other.survey_id])
    expect((await c.get(`${SURVEY_URL}${s.survey_id}/`, client.token)).json().status).toBe('closed')
    expect(await usage()).toBe(1)
    expect(effectiveStatus({ status: 'published', end_day: '2030-06-10' }, 'America/New_York', clock.now())).toBe(
      'closed',
    )
    expect(
      effectiveStatus(
        { status: 'published', end_day: '2030-06-10' },
        'America/New_York',
        new Date(Date.parse(END_OF_DAY) - 1),
      ),
    ).toBe('published')

    const closed = await app.services.surveys.closeEnded()
    expect(closed).toBeGreaterThanOrEqual(1)
    const row = await storedStatus(w.tenantId, s.survey_id)
    expect(row.status).toBe('closed')
    expect(row.closed_at?.toISOString()).toBe(END_OF_DAY)
    expect((await storedStatus(w.tenantId, other.survey_id)).status).toBe('published')
  })

  it('refuses edits and invitations once the day has ended, closing the survey on the way', async () => {
    const w = await newYorkWorld()
    const s = await createSurvey(app, w.token, { end_day: clockDay() })
    await publishSurvey(app, w.token, s.survey_id)
    clock.advance(24 * HOUR)
    const res = await c.patch(`${SURVEY_URL}${s.survey_id}/`, w.token, { survey_topic: 'Too late' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('survey.invalid_state')
    const row = await storedStatus(w.tenantId, s.survey_id)
    expect(row.status).toBe('closed')
    const close = await c.post(`${SURVEY_URL}${s.survey_id}/close/`, w.token)
    expect(close.statusCode).toBe(200)
    expect(close.json().closed_at).toBe(row.closed_at?.toISOString())
  })
})

/** Today in New York by the test clock. */
function clockDay() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(clock.now())
}

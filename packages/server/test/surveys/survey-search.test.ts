import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { resultsAs, searchAs } from '../search/helpers.js'
import { createSurvey, surveyWorld } from './survey-helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.shutdown())

it('finds the tenant’s surveys by topic and description, and only its own', async () => {
  const w = await surveyWorld(app)
  const other = await surveyWorld(app)
  const s = await createSurvey(app, w.token, {
    survey_topic: 'Parcel deliveries',
    survey_description: 'How were the couriers?',
  })
  await createSurvey(app, w.token, { survey_topic: 'Checkout' })
  await createSurvey(app, other.token, { survey_topic: 'Parcel deliveries elsewhere' })
  const byTopic = await resultsAs(app, w.token, { query: 'delivery', types: ['surveys'] })
  expect(byTopic.map((r) => [r.type, r.id, r.title])).toEqual([['surveys', s.survey_id, 'Parcel deliveries']])
  expect(byTopic[0]!.ref).toEqual({
    chat_id: null,
    issue_id: null,
    thread_id: null,
    community_id: null,
    survey_id: s.survey_id,
  })
  const byDescription = await resultsAs(app, w.token, { query: 'couriers' })
  expect(byDescription.map((r) => r.id)).toEqual([s.survey_id])
  const reply = (await searchAs(app, other.token, { query: 'couriers', types: ['surveys'] })).json()
  expect(reply.total).toBe(0)
})

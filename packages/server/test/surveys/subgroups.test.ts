import type { Subgroup } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient } from '../factories.js'
import {
  SUBGROUP_URL,
  SURVEY_URL,
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

async function world() {
  const w = await surveyWorld(app)
  const survey = await createSurvey(app, w.token)
  const a = await relatedClient(app, w.tenantId)
  const b = await relatedClient(app, w.tenantId)
  return { w, survey, a, b }
}

describe('/api/survey/surveysubgroup/', () => {
  it('creates, lists, changes and deletes subgroups of a survey', async () => {
    const { w, survey, a, b } = await world()
    const res = await c.post(SUBGROUP_URL, w.token, {
      survey_id: survey.survey_id,
      subgroup_name: 'Frequent buyers',
      subgroup_description: 'Bought twice',
      subgroup_clients: [a.id, b.id, a.id],
    })
    expect(res.statusCode).toBe(201)
    const g = res.json<Subgroup>()
    expect(g).toMatchObject({
      survey_id: survey.survey_id,
      subgroup_name: 'Frequent buyers',
      subgroup_description: 'Bought twice',
      client_count: 2,
    })
    expect(g.subgroup_clients.map((u) => u.id).sort()).toEqual([a.id, b.id].sort())
    expect(Object.keys(g.subgroup_clients[0]!).sort()).toEqual([
      'first_name',
      'id',
      'last_name',
      'profile_photo',
      'username',
    ])
    await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'Assorted' })
    const list = await c.get(`${SUBGROUP_URL}?survey_id=${survey.survey_id}`, w.token)
    expect(list.json().data.map((s: Subgroup) => s.subgroup_name)).toEqual(['Assorted', 'Frequent buyers'])
    expect(list.json().pagination.total).toBe(2)

    const patched = await c.patch(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token, {
      subgroup_name: 'Loyal',
      subgroup_clients: [b.id],
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      subgroup_name: 'Loyal',
      client_count: 1,
      subgroup_description: 'Bought twice',
    })

    // As audience: the survey names it, and its clients count.
    const s = await c.patch(`${SURVEY_URL}${survey.survey_id}/`, w.token, { subgroup_ids: [g.subgroup_id] })
    expect(s.json()).toMatchObject({ subgroup_ids: [g.subgroup_id], audience_size: 1 })

    expect((await c.del(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token)).statusCode).toBe(204)
    expect((await c.get(`${SURVEY_URL}${survey.survey_id}/`, w.token)).json().subgroup_ids).toEqual([])
    expect((await c.patch(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token, { subgroup_name: 'X' })).statusCode).toBe(404)
  })

  it('keeps names unique per survey regardless of case (409)', async () => {
    const { w, survey } = await world()
    await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'VIP' })
    const dup = await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'vip' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ code: 'subgroup.name_taken', errors: { subgroup_name: [expect.any(String)] } })
    const other = await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'Other' })
    const rename = await c.patch(`${SUBGROUP_URL}${other.json().subgroup_id}/`, w.token, { subgroup_name: 'Vip' })
    expect(rename.json().code).toBe('subgroup.name_taken')
    // Another survey may use the name.
    const second = await createSurvey(app, w.token)
    expect(
      (await c.post(SUBGROUP_URL, w.token, { survey_id: second.survey_id, subgroup_name: 'VIP' })).statusCode,
    ).toBe(201)
  })

  it('validates input, needs related clients, and refuses changes once the survey is closed', async () => {
    const { w, survey, a } = await world()
    for (const [payload, field] of [
      [{ subgroup_name: 'X' }, 'survey_id'],
      [{ survey_id: survey.survey_id }, 'subgroup_name'],
      [{ survey_id: survey.survey_id, subgroup_name: 'x'.repeat(256) }, 'subgroup_name'],
      [
        { survey_id: survey.survey_id, subgroup_name: 'X', subgroup_description: 'x'.repeat(256) },
        'subgroup_description',
      ],
    ] as const) {
      const res = await c.post(SUBGROUP_URL, w.token, payload)
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().errors)).toEqual([field])
    }
    expect((await c.get(SUBGROUP_URL, w.token)).statusCode).toBe(400)
    const stranger = await createClient(app)
    const unrelated = await c.post(SUBGROUP_URL, w.token, {
      survey_id: survey.survey_id,
      subgroup_name: 'X',
      subgroup_clients: [stranger.client.id],
    })
    expect(unrelated.statusCode).toBe(404)
    const g = (
      await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'G' })
    ).json<Subgroup>()
    await c.patch(`${SURVEY_URL}${survey.survey_id}/`, w.token, { subgroup_ids: [g.subgroup_id] })
    await publishSurvey(app, w.token, survey.survey_id)
    // Part of a published survey's audience: it stays, its clients may change.
    expect((await c.del(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token)).json().code).toBe('survey.invalid_state')
    expect((await c.patch(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token, { subgroup_clients: [a.id] })).statusCode).toBe(
      200,
    )
    await c.post(`${SURVEY_URL}${survey.survey_id}/close/`, w.token)
    for (const res of [
      await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'Late' }),
      await c.patch(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token, { subgroup_name: 'Late' }),
      await c.del(`${SUBGROUP_URL}${g.subgroup_id}/`, w.token),
    ]) {
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('survey.invalid_state')
    }
    expect((await c.get(`${SUBGROUP_URL}?survey_id=${survey.survey_id}`, w.token)).json().data).toHaveLength(1)
  })

  it('answers strangers 404 and clients 403', async () => {
    const { w, survey } = await world()
    const g = (
      await c.post(SUBGROUP_URL, w.token, { survey_id: survey.survey_id, subgroup_name: 'G' })
    ).json<Subgroup>()
    const stranger = await surveyWorld(app)
    for (const [method, url, body] of [
      ['GET', `${SUBGROUP_URL}?survey_id=${survey.survey_id}`, undefined],
      ['POST', SUBGROUP_URL, { survey_id: survey.survey_id, subgroup_name: 'Mine' }],
      ['PATCH', `${SUBGROUP_URL}${g.subgroup_id}/`, { subgroup_name: 'Mine' }],
      ['DELETE', `${SUBGROUP_URL}${g.subgroup_id}/`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, headers: auth(stranger.token), ...(body ? { payload: body } : {}) })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      const client = await createClient(app)
      const asClient = await app.inject({
        method,
        url,
        headers: auth(client.token),
        ...(body ? { payload: body } : {}),
      })
      expect(asClient.statusCode, `${method} ${url}`).toBe(403)
    }
    const still = await c.get(`${SUBGROUP_URL}?survey_id=${survey.survey_id}`, w.token)
    expect(still.json().data.map((s: Subgroup) => s.subgroup_name)).toEqual(['G'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { listen, WsClient } from '../realtime/ws-client.js'
import { VALID, respond, surveyWorld } from './answer-fixtures.js'

let app: TestApp
let url: string
const sockets: WsClient[] = []
beforeAll(async () => {
  app = await buildTestApp()
  url = await listen(app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await app.shutdown()
})

describe('survey.response.created', () => {
  it("reaches the tenant's staff with the new count, and no other tenant", async () => {
    const w = await surveyWorld(app)
    const stranger = await surveyWorld(app)
    const staff = await WsClient.ready(url, w.adminToken)
    const other = await WsClient.ready(url, stranger.adminToken)
    const client = await WsClient.ready(url, w.member.token)
    sockets.push(staff, other, client)
    const res = await respond(app, w.member.token, { survey_id: w.survey.id, survey_response: VALID })
    const frame = await staff.next((f) => f.type === 'survey.response.created')
    expect(frame).toMatchObject({
      channel: 'tenant',
      data: { survey_id: w.survey.id, response_id: res.json<{ response_id: number }>().response_id, response_count: 1 },
    })
    // The others' sockets still answer, and never got the frame.
    await other.roundTrip()
    await client.roundTrip()
    expect(other.frames.some((f) => f.type === 'survey.response.created')).toBe(false)
    expect(client.frames.some((f) => f.type === 'survey.response.created')).toBe(false)
  })
})

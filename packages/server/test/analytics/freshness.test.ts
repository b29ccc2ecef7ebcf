import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'
import { auth } from '../factories.js'
import { postMetric } from './analytics-helpers.js'

/*
 * Freshness (issue: a new message shows in the numbers within 5 seconds): on the real clock, a chat and its messages
 * written through the API appear in the batch of dashboard metrics at once, and never later than 5 seconds after.
 */

let app: TestApp

beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

type Batch = { results: Record<string, Record<string, unknown>>; errors: Record<string, unknown> }

async function dashboard(token: string): Promise<Batch> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/analytics/batch/',
    headers: auth(token),
    payload: { metrics: ['countchats', 'counthourlychats', 'communicationchannels', 'averageresponsetime'] },
  })
  expect(res.statusCode).toBe(200)
  return res.json<Batch>()
}

/** Polls until `check` holds, failing after `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not visible within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return Date.now() - started
}

describe('freshness', () => {
  it('shows a new chat, its messages and a reply in the numbers within 5 seconds', async () => {
    const w = await chatWorld(app)
    const before = await dashboard(w.adminToken)
    expect(before.results.countchats).toMatchObject({ chat_count: 0 })

    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'Where is my parcel?')
    await send(app, w.adminToken, chat.chat_id, 'It left the depot this morning.')

    await within(5000, async () => {
      const now = await dashboard(w.adminToken)
      const channels = now.results.communicationchannels as { total: number; channels: { message_count: number }[] }
      const messages = channels.channels.reduce((n, c) => n + c.message_count, 0)
      return (
        (now.results.countchats as { chat_count: number }).chat_count === 1 &&
        (now.results.counthourlychats as { total_chats_last_hour: number }).total_chats_last_hour === 1 &&
        messages === 2 &&
        (now.results.averageresponsetime as { response_count: number }).response_count === 1
      )
    })
    const other = await chatWorld(app)
    expect((await dashboard(other.adminToken)).results.countchats).toMatchObject({ chat_count: 0 })
    // The single-metric endpoint agrees with the batch.
    const single = await postMetric(app, w.adminToken, 'countchats')
    expect(single.json()).toMatchObject({ chat_count: 1 })
  })
})

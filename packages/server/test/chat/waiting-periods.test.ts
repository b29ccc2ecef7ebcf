import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth } from '../factories.js'
import { chatWorld, eventsOf, send, startChat } from './helpers.js'

/* The customer's waiting period behind the response-time samples (contract §7.5). */

let app: TestApp
const clock = testClock(new Date('2026-05-04T09:00:00Z'))

beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const minutes = (n: number) => clock.advance(n * 60_000)

async function setStatus(token: string, chatId: number, status: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/chat/chat/${chatId}/`,
    headers: auth(token),
    payload: { status },
  })
  expect(res.statusCode).toBe(200)
}

const waitingSince = async (chatId: number) =>
  (await app.db.selectFrom('chats').select('waiting_since').where('id', '=', chatId).executeTakeFirstOrThrow())
    .waiting_since

const samples = async (chatId: number) =>
  (await eventsOf(app, chatId))
    .filter((e) => e.kind === 'first_response' || e.kind === 'reply')
    .map((e) => ({ kind: e.kind, wait: e.wait_seconds === null ? null : Number(e.wait_seconds) }))

describe('waiting periods', () => {
  it('start at the first unanswered customer message and end at the next staff reply', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'hello') // 0 s
    minutes(2)
    await send(app, w.clientToken, chat.chat_id, 'anyone?') // still the same period
    minutes(3)
    await send(app, w.adminToken, chat.chat_id, 'here') // 300 s after "hello"
    minutes(1)
    await send(app, w.adminToken, chat.chat_id, 'anything else?') // nothing was waiting
    expect(await samples(chat.chat_id)).toEqual([
      { kind: 'first_response', wait: 300 },
      { kind: 'reply', wait: null },
    ])
    expect(await waitingSince(chat.chat_id)).toBeNull()
  })

  it('end without a sample when the chat is resolved; a message after that starts a new one', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'my order is late')
    minutes(10)
    await setStatus(w.adminToken, chat.chat_id, 'resolved')
    expect(await waitingSince(chat.chat_id)).toBeNull()
    minutes(5)
    // A staff message on the resolved chat answers nobody.
    await send(app, w.adminToken, chat.chat_id, 'closing this, write again if needed')
    minutes(60)
    await send(app, w.clientToken, chat.chat_id, 'still late') // reopens the chat and starts a new period
    const started = clock.now()
    expect((await waitingSince(chat.chat_id))?.getTime()).toBe(started.getTime())
    minutes(4)
    await send(app, w.adminToken, chat.chat_id, 'looking now')
    expect(await samples(chat.chat_id)).toEqual([
      { kind: 'first_response', wait: null },
      { kind: 'reply', wait: 240 },
    ])
  })

  it('keep running while the chat is only pending', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'question')
    minutes(1)
    await setStatus(w.adminToken, chat.chat_id, 'pending')
    minutes(1)
    await send(app, w.adminToken, chat.chat_id, 'answer')
    expect(await samples(chat.chat_id)).toEqual([{ kind: 'first_response', wait: 120 }])
  })
})

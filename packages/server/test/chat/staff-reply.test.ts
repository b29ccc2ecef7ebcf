import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'
import { listen, WsClient } from '../realtime/ws-client.js'
import { chatWorld, createVisitor, eventsOf, send, setSettings, startChat } from './helpers.js'
import { writeStaffReplies } from '../../src/features/chat/staff-reply.js'
import type { StaffReplyInput } from '../../src/features/chat/staff-reply.queries.js'
import type { StaffActor } from '../../src/http/actor.js'

let app: TestApp
const clock = testClock()
let url: string
const sockets: WsClient[] = []

beforeAll(async () => {
  app = await buildTestApp({ clock })
  url = await listen(app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await app.shutdown()
})

const post = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/chat/message/', headers: auth(token), payload })

async function socket(token: string, chatId?: number) {
  const s = await WsClient.ready(url, token)
  sockets.push(s)
  if (chatId !== undefined) {
    s.send({ type: 'subscribe', channel: `chat:${chatId}` })
    await s.roundTrip()
  }
  return s
}

describe('staff replies', () => {
  it('answers 404 for a stranger’s chat and for an employee kept out of a colleague’s chat', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const stranger = await createTenantWithAdmin(app)
    expect((await post(stranger.token, { chat_id: chat.chat_id, text_content: 'hi' })).statusCode).toBe(404)
    expect((await post(w.clientToken, { chat_id: 999_999_999, text_content: 'hi' })).statusCode).toBe(404)

    const colleague = await createEmployee(app, w.adminToken)
    const employee = await createEmployee(app, w.adminToken)
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${chat.chat_id}/assign/`,
      headers: auth(w.adminToken),
      payload: { assignee_id: colleague.employee.id },
    })
    // Everyone sees every chat by default; limited to assigned chats, the employee no longer finds this one.
    expect((await post(employee.token, { chat_id: chat.chat_id, text_content: 'allowed' })).statusCode).toBe(201)
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    expect((await post(employee.token, { chat_id: chat.chat_id, text_content: 'refused' })).statusCode).toBe(404)
    expect((await post(colleague.token, { chat_id: chat.chat_id, text_content: 'mine' })).statusCode).toBe(201)
    expect((await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'admin' })).statusCode).toBe(201)
  })

  it('returns the first message again for a repeated client_message_id, without a second event', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const first = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'once', client_message_id: 'r-1' })
    expect(first.statusCode).toBe(201)
    const again = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'twice', client_message_id: 'r-1' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const replies = (await eventsOf(app, chat.chat_id)).filter((e) => e.kind === 'first_response' || e.kind === 'reply')
    expect(replies).toHaveLength(1)
  })

  it('carries the chat’s topic and measures each wait from the oldest unanswered customer message', async () => {
    const w = await chatWorld(app)
    const topic = await app.inject({
      method: 'POST',
      url: '/api/chat/topics/',
      headers: auth(w.adminToken),
      payload: { name: 'Billing' },
    })
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await app.inject({
      method: 'PATCH',
      url: `/api/chat/chat/${chat.chat_id}/`,
      headers: auth(w.adminToken),
      payload: { topic_id: topic.json().topic_id },
    })
    await send(app, w.clientToken, chat.chat_id, 'first question')
    clock.advance(30_000)
    await send(app, w.clientToken, chat.chat_id, 'second question')
    clock.advance(15_000)
    const reply = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'answer' })
    expect(reply.json()).toMatchObject({ topic: 'Billing', topic_id: topic.json().topic_id, message_sender: 'tenant' })
    clock.advance(5_000)
    await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'and more' })
    const waits = (await eventsOf(app, chat.chat_id))
      .filter((e) => e.kind === 'first_response' || e.kind === 'reply')
      .map((e) => [e.kind, e.wait_seconds === null ? null : Number(e.wait_seconds)])
    expect(waits).toEqual([
      ['first_response', 45],
      ['reply', null],
    ])
  })

  it('delivers the reply to the customer’s socket exactly as the REST get shows it', async () => {
    const org = await createTenantWithAdmin(app)
    const visitor = await createVisitor(app, org.token)
    const chat = await startChat(app, visitor.token, {})
    const customer = await socket(visitor.token, chat.chat_id)
    const staff = await socket(org.token)
    const res = await post(org.token, { chat_id: chat.chat_id, text_content: 'Hello from support' })
    expect(res.statusCode).toBe(201)
    const frame = await customer.next((f) => f.type === 'message.created')
    const got = await app.inject({
      method: 'GET',
      url: `/api/chat/message/${res.json().message_id}/`,
      headers: auth(visitor.token),
    })
    expect(frame.data).toEqual(got.json())
    expect(frame.data).toEqual(res.json())
    expect(res.json().sender).toMatchObject({ kind: 'staff', id: org.admin.id })
    const onTenant = await staff.next((f) => f.type === 'message.created')
    expect(onTenant).toMatchObject({ channel: 'tenant', data: { message_id: res.json().message_id } })
    // The first reply also tells both sides the chat changed.
    const updated = await customer.next((f) => f.type === 'chat.updated')
    expect(updated.data).toMatchObject({
      chat_id: chat.chat_id,
      changes: expect.arrayContaining(['first_response_at']),
    })
  })
})

describe('replies written together in one statement', () => {
  const staff = (userId: number, tenantId: number, userType: 'admin' | 'employee'): StaffActor => ({
    kind: 'staff',
    userId,
    tenantId,
    userType,
    tokenId: 0,
  })

  it('gives each reply of a batch its own outcome: posted, repeated, or missing for strangers and hidden chats', async () => {
    const w = await chatWorld(app)
    const admin = staff(w.adminId, w.tenantId, 'admin')
    const visitors = await Promise.all([1, 2, 3].map(() => createVisitor(app, w.adminToken)))
    const chats = await Promise.all(visitors.map((v) => startChat(app, v.token, {})))
    const [c1, c2, c3] = chats.map((c) => c.chat_id) as [number, number, number]
    await send(app, visitors[0]!.token, c1, 'anyone there?')
    clock.advance(20_000)
    await post(w.adminToken, { chat_id: c2, text_content: 'earlier', client_message_id: 'dup-1' })

    const colleague = await createEmployee(app, w.adminToken)
    const employee = await createEmployee(app, w.adminToken)
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${c3}/assign/`,
      headers: auth(w.adminToken),
      payload: { assignee_id: colleague.employee.id },
    })
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    const stranger = await createTenantWithAdmin(app)
    const now = clock.now()
    const batch: StaffReplyInput[] = [
      { actor: admin, chat_id: c1, text_content: 'Hello, I am here', now },
      { actor: admin, chat_id: c2, text_content: 'again', client_message_id: 'dup-1', now },
      { actor: staff(employee.employee.id, w.tenantId, 'employee'), chat_id: c3, text_content: 'hidden', now },
      {
        actor: staff(stranger.admin.id, stranger.tenant.tenant_id, 'admin'),
        chat_id: 999_999_999,
        text_content: 'x',
        now,
      },
    ]
    const results = await writeStaffReplies(app.db, batch)
    expect(results.map((r) => r.kind)).toEqual(['posted', 'repeat', 'missing', 'missing'])
    const posted = results[0]!
    if (posted.kind !== 'posted') throw new Error('not posted')
    expect(posted.message).toMatchObject({ chat_id: c1, text_content: 'Hello, I am here', sender_user_id: w.adminId })
    expect(posted.sender).toMatchObject({ kind: 'staff', id: w.adminId })

    const events = (await eventsOf(app, c1)).filter((e) => e.kind === 'first_response' || e.kind === 'reply')
    expect(events.map((e) => [e.kind, Number(e.wait_seconds), e.message_id])).toEqual([
      ['first_response', 20, posted.message.id],
    ])
    const chat = await app.db.selectFrom('chats').selectAll().where('id', '=', c1).executeTakeFirstOrThrow()
    expect(chat).toMatchObject({ last_message_id: posted.message.id, waiting_since: null })
    expect(chat.first_response_at?.getTime()).toBe(now.getTime())
    expect(await app.db.selectFrom('chat_messages').select('id').where('chat_id', '=', c3).execute()).toEqual([])
  })

  it('stores every reply of many sent at once, one first response per chat', async () => {
    const org = await createTenantWithAdmin(app)
    const visitors = await Promise.all([1, 2, 3, 4].map(() => createVisitor(app, org.token)))
    const chatIds = (await Promise.all(visitors.map((v) => startChat(app, v.token, {})))).map((c) => c.chat_id)
    const sent = await Promise.all(
      chatIds.flatMap((chatId) => [1, 2, 3].map((n) => post(org.token, { chat_id: chatId, text_content: `r${n}` }))),
    )
    expect(sent.map((r) => r.statusCode)).toEqual(Array(12).fill(201))
    for (const chatId of chatIds) {
      const kinds = (await eventsOf(app, chatId))
        .map((e) => e.kind)
        .filter((k) => k === 'first_response' || k === 'reply')
      expect(kinds).toEqual(['first_response', 'reply', 'reply'])
      const ids = sent
        .map((r) => r.json())
        .filter((m) => m.chat_id === chatId)
        .map((m) => m.message_id as number)
      const chat = await app.db
        .selectFrom('chats')
        .select('last_message_id')
        .where('id', '=', chatId)
        .executeTakeFirst()
      expect(chat?.last_message_id).toBe(Math.max(...ids))
    }
  })
})

describe('after the subscription has ended', () => {
  it('keeps customers answered: replies, status, assignment, escalation and read markers work; other writes 402', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await app.db
      .updateTable('tenants')
      .set({ trial_ends_at: new Date(clock.now().getTime() - 60_000) })
      .where('id', '=', w.tenantId)
      .execute()
    const call = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      app.inject({ method, url, headers: auth(w.adminToken), payload })
    const reply = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'Still here for you' })
    expect(reply.statusCode).toBe(201)
    const base = `/api/chat/chat/${chat.chat_id}`
    expect((await call('POST', `${base}/assign/`, { assignee_id: w.adminId })).statusCode).toBe(200)
    expect((await call('POST', `${base}/escalate/`, {})).statusCode).toBe(200)
    expect((await call('POST', `${base}/read/`, { last_read_message_id: reply.json().message_id })).statusCode).toBe(
      200,
    )
    expect((await call('PATCH', `${base}/`, { status: 'resolved' })).statusCode).toBe(200)
    const category = await call('POST', '/api/chat/categories/', { name: 'Refunds' })
    expect(category.statusCode).toBe(402)
    expect(category.json().code).toBe('subscription.expired')
  })
})

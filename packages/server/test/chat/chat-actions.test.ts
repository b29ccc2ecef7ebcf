import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { releaseChatsOf } from '../../src/features/chat/chat-state.js'
import { captureBus, chatWorld, createVisitor, eventsOf, send, startChat } from './helpers.js'

const clock = testClock()
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const post = (url: string, token: string | undefined, payload: unknown) =>
  app.inject({ method: 'POST', url, ...(token ? { headers: auth(token) } : {}), payload: payload as object })

describe('POST /api/chat/chat/{id}/assign/', () => {
  it('answers 401, 400, 404 to strangers and 403 to customers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/assign/`
    expect((await post(url, undefined, { assignee_id: null })).statusCode).toBe(401)
    expect((await post(url, w.adminToken, {})).json().errors.assignee_id).toHaveLength(1)
    expect((await post(url, w.adminToken, { assignee_id: 'me' })).json().errors.assignee_id).toHaveLength(1)
    const stranger = await createTenantWithAdmin(app)
    expect((await post(url, stranger.token, { assignee_id: stranger.admin.id })).statusCode).toBe(404)
    expect((await post(url, w.clientToken, { assignee_id: null })).statusCode).toBe(403)
  })

  it('lets admins assign any active member and refuses others with 422', async () => {
    const w = await chatWorld(app)
    const { employee } = await createEmployee(app, w.adminToken)
    const stranger = await createTenantWithAdmin(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/assign/`
    const bus = captureBus(app, w.tenantId)
    const res = await post(url, w.adminToken, { assignee_id: employee.id })
    expect(res.json().assignee).toMatchObject({ id: employee.id, user_type: 'employee', first_name: 'Eli' })
    bus.stop()
    expect(bus.events).toEqual([
      {
        type: 'chat.updated',
        tenantId: w.tenantId,
        chatId: chat.chat_id,
        changes: ['assignee'],
        ratingRequested: false,
      },
    ])
    for (const id of [stranger.admin.id, w.clientId, 999_999_999]) {
      const bad = await post(url, w.adminToken, { assignee_id: id })
      expect(bad.statusCode).toBe(422)
      expect(bad.json().code).toBe('chat.invalid_assignee')
    }
    // Disabling the assignee puts the chat back in the queue (§4.3), recorded as an automatic unassignment.
    await app.inject({ method: 'POST', url: `/api/staff/${employee.id}/disable/`, headers: auth(w.adminToken) })
    expect((await post(url, w.adminToken, { assignee_id: employee.id })).statusCode).toBe(422)
    expect((await post(url, w.adminToken, { assignee_id: null })).json().assignee).toBeNull()
    const events = (await eventsOf(app, chat.chat_id)).filter((e) => e.kind === 'assigned')
    expect(events.map((e) => e.detail)).toEqual([
      { assignee_id: employee.id, previous_assignee_id: null, auto: false },
      { assignee_id: null, previous_assignee_id: employee.id, auto: true },
    ])
  })

  it('lets employees take a chat or give back their own, nothing else', async () => {
    const w = await chatWorld(app)
    const { employee, token: empToken } = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/assign/`
    expect((await post(url, empToken, { assignee_id: w.adminId })).statusCode).toBe(403)
    expect((await post(url, empToken, { assignee_id: employee.id })).json().assignee.id).toBe(employee.id)
    expect((await post(url, empToken, { assignee_id: null })).json().assignee).toBeNull()
    await post(url, w.adminToken, { assignee_id: w.adminId })
    expect((await post(url, empToken, { assignee_id: null })).statusCode).toBe(403)
  })
})

describe('releaseChatsOf', () => {
  it('unassigns a member’s open and pending chats, leaving resolved ones, and records the change', async () => {
    const w = await chatWorld(app)
    const { employee } = await createEmployee(app, w.adminToken)
    const other = await createClient(app)
    const open = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const done = await startChat(app, other.token, { tenant_id: w.tenantId })
    for (const c of [open, done]) {
      await post(`/api/chat/chat/${c.chat_id}/assign/`, w.adminToken, { assignee_id: employee.id })
    }
    await app.inject({
      method: 'PATCH',
      url: `/api/chat/chat/${done.chat_id}/`,
      headers: auth(w.adminToken),
      payload: { status: 'resolved' },
    })
    const released = await app.db
      .transaction()
      .execute((trx) => releaseChatsOf(trx, w.tenantId, employee.id, new Date()))
    expect(released).toEqual([open.chat_id])
    const get = (id: number) => app.inject({ method: 'GET', url: `/api/chat/chat/${id}/`, headers: auth(w.adminToken) })
    expect((await get(open.chat_id)).json().assignee).toBeNull()
    expect((await get(done.chat_id)).json().assignee.id).toBe(employee.id)
    const last = (await eventsOf(app, open.chat_id)).at(-1)
    expect(last).toMatchObject({
      kind: 'assigned',
      detail: { assignee_id: null, previous_assignee_id: employee.id, auto: true },
    })
  })
})

describe('POST /api/chat/chat/{id}/escalate/', () => {
  it('answers 401, 400, 404 to strangers and other customers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/escalate/`
    expect((await post(url, undefined, {})).statusCode).toBe(401)
    expect((await post(url, w.clientToken, { reason: 'r'.repeat(501) })).json().errors.reason).toHaveLength(1)
    expect((await post(url, w.clientToken, { message_id: 'x' })).json().errors.message_id).toHaveLength(1)
    expect((await post(url, w.clientToken, { message_id: 999_999_999 })).statusCode).toBe(404)
    const stranger = await createTenantWithAdmin(app)
    const { token: other } = await createClient(app)
    expect((await post(url, stranger.token, {})).statusCode).toBe(404)
    expect((await post(url, other, {})).statusCode).toBe(404)
  })

  it('hands the chat to a human: escalated, assistant off, open again, triggering message marked, event stored', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const m = await send(app, w.clientToken, chat.chat_id, 'I want a person')
    await app.inject({
      method: 'PATCH',
      url: `/api/chat/chat/${chat.chat_id}/`,
      headers: auth(w.adminToken),
      payload: { status: 'resolved' },
    })
    const bus = captureBus(app, w.tenantId)
    const res = await post(`/api/chat/chat/${chat.chat_id}/escalate/`, w.clientToken, {
      reason: 'Bot is useless',
      message_id: m.message_id,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      escalated: true,
      escalation_reason: 'Bot is useless',
      iva_enabled: false,
      status: 'open',
      reopened_count: 1,
    })
    expect(res.json().escalated_at).not.toBeNull()
    const msg = await app.inject({
      method: 'GET',
      url: `/api/chat/message/${m.message_id}/`,
      headers: auth(w.adminToken),
    })
    expect(msg.json().escalated).toBe(true)
    const again = await post(`/api/chat/chat/${chat.chat_id}/escalate/`, w.adminToken, null)
    expect(again.statusCode).toBe(200)
    expect(again.json().escalation_reason).toBeNull()
    bus.stop()
    expect(bus.events[0]).toMatchObject({ type: 'chat.updated', chatId: chat.chat_id, ratingRequested: false })
    expect((bus.events[0] as { changes: string[] }).changes).toEqual(
      expect.arrayContaining(['status', 'escalated', 'iva_enabled', 'reopened_count']),
    )
    const events = (await eventsOf(app, chat.chat_id)).filter((e) => e.kind === 'escalated')
    expect(events.map((e) => [e.message_id, e.detail])).toEqual([
      [m.message_id, { by: 'customer', reason: 'Bot is useless' }],
      [null, { by: 'staff', reason: null }],
    ])
  })
})

describe('POST /api/chat/chat/{id}/rating/', () => {
  it('answers 401, 400 per field, 403 to staff and 404 to other customers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/rating/`
    expect((await post(url, undefined, { rating: 5 })).statusCode).toBe(401)
    expect((await post(url, w.clientToken, {})).json().errors.rating).toEqual([
      'Rating must be a whole number from 1 to 5.',
    ])
    expect((await post(url, w.clientToken, { rating: 6 })).json().errors.rating).toHaveLength(1)
    expect((await post(url, w.clientToken, { rating: 4.5 })).json().errors.rating).toHaveLength(1)
    expect(
      (await post(url, w.clientToken, { rating: 4, comment: 'c'.repeat(1001) })).json().errors.comment,
    ).toHaveLength(1)
    expect((await post(url, w.adminToken, { rating: 5 })).statusCode).toBe(403)
    const { token: other } = await createClient(app)
    expect((await post(url, other, { rating: 5 })).statusCode).toBe(404)
  })

  it('waits for a reply, replaces within seven days of the first rating, then locks', async () => {
    const w = await chatWorld(app)
    const v = await createVisitor(app, w.adminToken)
    const chat = await startChat(app, v.token, {})
    const url = `/api/chat/chat/${chat.chat_id}/rating/`
    await send(app, v.token, chat.chat_id, 'hi')
    const early = await post(url, v.token, { rating: 5 })
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('chat.rating_not_allowed')
    await send(app, w.adminToken, chat.chat_id, 'hello, how can I help?')
    const bus = captureBus(app, w.tenantId)
    const first = await post(url, v.token, { rating: 2, comment: 'slow' })
    expect(first.json()).toMatchObject({
      satisfaction_rating: 2,
      satisfaction_comment: 'slow',
      client_satisfaction: false,
    })
    clock.advance(6 * 24 * 3600_000)
    const second = await post(url, v.token, { rating: '5' })
    expect(second.json()).toMatchObject({
      satisfaction_rating: 5,
      satisfaction_comment: null,
      client_satisfaction: true,
    })
    clock.advance(2 * 24 * 3600_000)
    const late = await post(url, v.token, { rating: 1 })
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('chat.rating_locked')
    bus.stop()
    expect(bus.events.map((e) => e.type)).toEqual(['chat.updated', 'chat.updated'])
    const rated = (await eventsOf(app, chat.chat_id)).filter((e) => e.kind === 'rated')
    expect(rated.map((e) => e.detail)).toEqual([
      { rating: 2, replaced: false },
      { rating: 5, replaced: true },
    ])
  })
})

describe('POST /api/chat/chat/{id}/read/', () => {
  it('answers 401, 400, 404 to strangers and for a message of another chat', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/read/`
    expect((await post(url, undefined, { last_read_message_id: 1 })).statusCode).toBe(401)
    expect((await post(url, w.adminToken, {})).json().errors.last_read_message_id).toHaveLength(1)
    const other = await chatWorld(app)
    const otherChat = await startChat(app, other.clientToken, { tenant_id: other.tenantId })
    const foreign = await send(app, other.clientToken, otherChat.chat_id, 'elsewhere')
    expect((await post(url, w.adminToken, { last_read_message_id: foreign.message_id })).statusCode).toBe(404)
    expect(
      (
        await post(`/api/chat/chat/${otherChat.chat_id}/read/`, w.adminToken, {
          last_read_message_id: foreign.message_id,
        })
      ).statusCode,
    ).toBe(404)
  })

  it('keeps one shared staff marker and one owner marker, with unread counts per side', async () => {
    const w = await chatWorld(app)
    const { token: empToken } = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const m1 = await send(app, w.clientToken, chat.chat_id, 'one')
    const m2 = await send(app, w.clientToken, chat.chat_id, 'two')
    const unread = async (token: string) =>
      (await app.inject({ method: 'GET', url: `/api/chat/chat/${chat.chat_id}/`, headers: auth(token) })).json()
        .unread_count
    expect(await unread(w.adminToken)).toBe(2)
    expect(await unread(w.clientToken)).toBe(0)
    const bus = captureBus(app, w.tenantId)
    const read = await post(`/api/chat/chat/${chat.chat_id}/read/`, empToken, { last_read_message_id: m1.message_id })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ chat_id: chat.chat_id, unread_count: 1 })
    expect(await unread(w.adminToken)).toBe(1)
    await post(`/api/chat/chat/${chat.chat_id}/read/`, w.adminToken, { last_read_message_id: m2.message_id })
    // A marker never moves back.
    expect(
      (await post(`/api/chat/chat/${chat.chat_id}/read/`, empToken, { last_read_message_id: m1.message_id })).json()
        .unread_count,
    ).toBe(0)
    const reply = await send(app, empToken, chat.chat_id, 'answer')
    expect(await unread(w.clientToken)).toBe(1)
    const own = await post(`/api/chat/chat/${chat.chat_id}/read/`, w.clientToken, {
      last_read_message_id: reply.message_id,
    })
    expect(own.json().unread_count).toBe(0)
    bus.stop()
    const reads = bus.events.filter((e) => e.type === 'chat.read')
    expect(reads.map((e) => [e.side, e.lastReadMessageId])).toEqual([
      ['tenant', m1.message_id],
      ['tenant', m2.message_id],
      ['tenant', m2.message_id],
      ['client', reply.message_id],
    ])
    const msgs = await app.inject({
      method: 'GET',
      url: `/api/chat/message/?chat_id=${chat.chat_id}`,
      headers: auth(w.clientToken),
    })
    expect(msgs.json().data.every((m: { read_at: string | null }) => m.read_at !== null)).toBe(true)
  })
})

describe('POST /api/chat/chat/{id}/typing/', () => {
  it('answers 401, 400 and 404 to strangers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const url = `/api/chat/chat/${chat.chat_id}/typing/`
    expect((await post(url, undefined, { state: 'start' })).statusCode).toBe(401)
    expect((await post(url, w.adminToken, { state: 'typing' })).json().errors.state).toHaveLength(1)
    const stranger = await createTenantWithAdmin(app)
    expect((await post(url, stranger.token, { state: 'start' })).statusCode).toBe(404)
  })

  it('publishes typing for either side and answers 204', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const bus = captureBus(app, w.tenantId)
    expect((await post(`/api/chat/chat/${chat.chat_id}/typing/`, w.clientToken, { state: 'start' })).statusCode).toBe(
      204,
    )
    expect((await post(`/api/chat/chat/${chat.chat_id}/typing/`, w.adminToken, { state: 'stop' })).statusCode).toBe(204)
    bus.stop()
    expect(bus.events).toEqual([
      {
        type: 'typing',
        tenantId: w.tenantId,
        chatId: chat.chat_id,
        sender: 'client',
        state: 'start',
        user: { kind: 'client', id: w.clientId, name: 'Cora Client', username: expect.any(String) },
      },
      {
        type: 'typing',
        tenantId: w.tenantId,
        chatId: chat.chat_id,
        sender: 'tenant',
        state: 'stop',
        user: { kind: 'staff', id: w.adminId, name: 'Ada Admin', username: expect.any(String) },
      },
    ])
  })
})

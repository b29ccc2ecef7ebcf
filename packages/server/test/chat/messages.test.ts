import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { captureBus, chatWorld, createVisitor, eventsOf, send, startChat } from './helpers.js'

const clock = testClock()
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, ...(token ? { headers: auth(token) } : {}) })
const post = (token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/chat/message/',
    ...(token ? { headers: auth(token) } : {}),
    payload: payload as object,
  })

type Msg = { message_id: number; text_content: string | null }

describe('GET /api/chat/message/', () => {
  it('answers 401, 400 for a missing chat or a malformed cursor, 404 to strangers and other customers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    expect((await get(`/api/chat/message/?chat_id=${chat.chat_id}`)).statusCode).toBe(401)
    expect((await get('/api/chat/message/', w.adminToken)).json().errors.chat_id).toHaveLength(1)
    for (const bad of ['abc!', 'bm90LWFuLWlk', '']) {
      const res = await get(`/api/chat/message/?chat_id=${chat.chat_id}&before=${bad}`, w.adminToken)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().code).toBe('validation.failed')
    }
    expect(
      (await get(`/api/chat/message/?chat_id=${chat.chat_id}&limit=101`, w.adminToken)).json().errors.limit,
    ).toHaveLength(1)
    const stranger = await createTenantWithAdmin(app)
    const { token: other } = await createClient(app)
    expect((await get(`/api/chat/message/?chat_id=${chat.chat_id}`, stranger.token)).statusCode).toBe(404)
    expect((await get(`/api/chat/message/?chat_id=${chat.chat_id}`, other)).statusCode).toBe(404)
  })

  it('pages with cursors, oldest first, the latest page without a cursor', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const ids: number[] = []
    for (let i = 1; i <= 5; i++)
      ids.push((await send(app, i % 2 ? w.clientToken : w.adminToken, chat.chat_id, `m${i}`)).message_id)
    const latest = await get(`/api/chat/message/?chat_id=${chat.chat_id}&limit=2`, w.clientToken)
    expect(latest.json().data.map((m: Msg) => m.text_content)).toEqual(['m4', 'm5'])
    const p = latest.json().pagination
    expect(p).toMatchObject({ limit: 2, has_older: true, has_newer: false })
    const older = await get(
      `/api/chat/message/?chat_id=${chat.chat_id}&limit=2&before=${p.before_cursor}`,
      w.clientToken,
    )
    expect(older.json().data.map((m: Msg) => m.text_content)).toEqual(['m2', 'm3'])
    expect(older.json().pagination).toMatchObject({ has_older: true, has_newer: true })
    const oldest = await get(
      `/api/chat/message/?chat_id=${chat.chat_id}&limit=2&before=${older.json().pagination.before_cursor}`,
      w.clientToken,
    )
    expect(oldest.json().data.map((m: Msg) => m.text_content)).toEqual(['m1'])
    expect(oldest.json().pagination).toMatchObject({ has_older: false, has_newer: true })
    const after = await get(
      `/api/chat/message/?chat_id=${chat.chat_id}&limit=3&after=${oldest.json().pagination.after_cursor}`,
      w.adminToken,
    )
    expect(after.json().data.map((m: Msg) => m.message_id)).toEqual(ids.slice(1, 4))
    expect(after.json().pagination).toMatchObject({ has_older: true, has_newer: true })
    const none = await get(
      `/api/chat/message/?chat_id=${chat.chat_id}&after=${latest.json().pagination.after_cursor}`,
      w.adminToken,
    )
    expect(none.json()).toMatchObject({
      error: false,
      data: [],
      pagination: { has_older: true, has_newer: false, before_cursor: null, after_cursor: null },
    })
    expect(
      (
        await get(
          `/api/chat/message/?chat_id=${chat.chat_id}&after=${p.after_cursor}&before=${p.before_cursor}`,
          w.adminToken,
        )
      ).statusCode,
    ).toBe(400)
  })
})

describe('GET /api/chat/message/{id}/', () => {
  it('shows a message to staff and the owner only', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const m = await send(app, w.clientToken, chat.chat_id, 'hello there')
    expect((await get(`/api/chat/message/${m.message_id}/`)).statusCode).toBe(401)
    const stranger = await createTenantWithAdmin(app)
    const { token: other } = await createClient(app)
    expect((await get(`/api/chat/message/${m.message_id}/`, stranger.token)).statusCode).toBe(404)
    expect((await get(`/api/chat/message/${m.message_id}/`, other)).statusCode).toBe(404)
    const res = await get(`/api/chat/message/${m.message_id}/`, w.adminToken)
    expect(res.json()).toMatchObject({
      message_id: m.message_id,
      chat_id: chat.chat_id,
      message_sender: 'client',
      sender: { kind: 'client', id: w.clientId, name: 'Cora Client' },
      text_content: 'hello there',
      voice_content: null,
      voice: null,
      channel: 'mobile',
      escalated: false,
      deleted: false,
      read_at: null,
    })
  })
})

describe('POST /api/chat/message/', () => {
  it('answers 401, 400 per invalid field, 404 to strangers and other customers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    expect((await post(undefined, { chat_id: chat.chat_id, text_content: 'x' })).statusCode).toBe(401)
    const errors = async (payload: object) =>
      Object.keys(
        (await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'ok', ...payload })).json().errors ?? {},
      )
    expect(await errors({ chat_id: undefined })).toEqual(['chat_id'])
    expect(await errors({ text_content: '   ' })).toEqual(['text_content'])
    expect(await errors({ text_content: 'x'.repeat(4001) })).toEqual(['text_content'])
    expect(await errors({ client_message_id: 'c'.repeat(65) })).toEqual(['client_message_id'])
    expect(await errors({ escalated: 'yes' })).toEqual(['escalated'])
    expect(await errors({ message_sender: 'robot' })).toEqual(['message_sender'])
    const stranger = await createTenantWithAdmin(app)
    const { token: other } = await createClient(app)
    expect((await post(stranger.token, { chat_id: chat.chat_id, text_content: 'hi' })).statusCode).toBe(404)
    expect((await post(other, { chat_id: chat.chat_id, text_content: 'hi' })).statusCode).toBe(404)
  })

  it('refuses a legacy sender that does not match the caller', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    expect(
      (await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'x', message_sender: 'tenant_iva' }))
        .statusCode,
    ).toBe(403)
    expect(
      (await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'x', message_sender: 'tenant' })).statusCode,
    ).toBe(403)
    expect(
      (await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'x', message_sender: 'client' })).statusCode,
    ).toBe(403)
    const ok = await post(w.adminToken, {
      chat_id: chat.chat_id,
      text_content: 'x',
      message_sender: 'Tenant',
      channel: 'fax',
      topic: 'whatever',
      voice_content: 'x',
    })
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({
      message_sender: 'tenant',
      sender: { kind: 'staff', name: 'Ada Admin' },
      channel: 'mobile',
    })
  })

  it('de-duplicates by client_message_id and keeps the chat’s last message current', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const bus = captureBus(app, w.tenantId)
    const first = await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'once', client_message_id: 'abc-1' })
    expect(first.statusCode).toBe(201)
    const again = await post(w.clientToken, {
      chat_id: chat.chat_id,
      text_content: 'once more',
      client_message_id: 'abc-1',
    })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({
      message_id: first.json().message_id,
      text_content: 'once',
      client_message_id: 'abc-1',
    })
    bus.stop()
    expect(bus.events).toEqual([
      { type: 'message.created', tenantId: w.tenantId, chatId: chat.chat_id, messageId: first.json().message_id },
    ])
    const c = (await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json()
    expect(c.last_message).toMatchObject({
      message_id: first.json().message_id,
      message_sender: 'client',
      preview: 'once',
    })
    expect(c.last_message_at).toBe(first.json().sent_at)
    const long = await send(app, w.clientToken, chat.chat_id, 'y'.repeat(300))
    const c2 = (await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json()
    expect(c2.last_message.message_id).toBe(long.message_id)
    expect(c2.last_message.preview).toHaveLength(120)
  })

  it('reopens pending and resolved chats on a customer message but not on a staff one', async () => {
    const w = await chatWorld(app)
    const v = await createVisitor(app, w.adminToken)
    const chat = await startChat(app, v.token, {})
    const setStatus = (status: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/chat/chat/${chat.chat_id}/`,
        headers: auth(w.adminToken),
        payload: { status },
      })
    await setStatus('pending')
    await send(app, v.token, chat.chat_id, 'still there?')
    let c = (await get(`/api/chat/chat/${chat.chat_id}/`, v.token)).json()
    expect(c).toMatchObject({ status: 'open', reopened_count: 0 })
    await setStatus('resolved')
    const staff = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'one more thing' })
    expect(staff.statusCode).toBe(201)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, v.token)).json().status).toBe('resolved')
    const bus = captureBus(app, w.tenantId)
    const m = await send(app, v.token, chat.chat_id, 'thanks, but...')
    bus.stop()
    c = (await get(`/api/chat/chat/${chat.chat_id}/`, v.token)).json()
    expect(c).toMatchObject({ status: 'open', reopened_count: 1, resolved_at: null })
    expect(bus.events[0]).toEqual({
      type: 'message.created',
      tenantId: w.tenantId,
      chatId: chat.chat_id,
      messageId: m.message_id,
    })
    expect(bus.events[1]).toMatchObject({ type: 'chat.updated', chatId: chat.chat_id, ratingRequested: false })
    expect((bus.events[1] as { changes: string[] }).changes).toEqual(
      expect.arrayContaining(['status', 'resolved_at', 'reopened_count']),
    )
    const kinds = (await eventsOf(app, chat.chat_id)).map((e) => e.kind)
    expect(kinds).toEqual(['created', 'resolved', 'first_response', 'reopened'])
  })

  it('stamps the first human response and records how long the customer waited', async () => {
    const w = await chatWorld(app)
    const { employee, token: empToken } = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'first')
    clock.advance(30_000)
    await send(app, w.clientToken, chat.chat_id, 'second')
    clock.advance(60_000)
    const r1 = await send(app, empToken, chat.chat_id, 'answer')
    clock.advance(5_000)
    const r2 = await send(app, w.adminToken, chat.chat_id, 'follow-up')
    clock.advance(10_000)
    await send(app, w.clientToken, chat.chat_id, 'ok')
    clock.advance(20_000)
    const r3 = await send(app, empToken, chat.chat_id, 'done')
    const c = (await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json()
    const r1Row = (await get(`/api/chat/message/${r1.message_id}/`, w.adminToken)).json()
    expect(c.first_response_at).toBe(r1Row.sent_at)
    const events = (await eventsOf(app, chat.chat_id)).filter((e) => e.kind === 'first_response' || e.kind === 'reply')
    expect(
      events.map((e) => [
        e.kind,
        e.actor_user_id,
        e.message_id,
        e.wait_seconds === null ? null : Number(e.wait_seconds),
      ]),
    ).toEqual([
      ['first_response', employee.id, r1.message_id, 90],
      ['reply', w.adminId, r2.message_id, null],
      ['reply', employee.id, r3.message_id, 20],
    ])
  })

  it('detects the topic from a customer message, or takes the one staff set', async () => {
    const w = await chatWorld(app)
    const mk = async (name: string, keywords: string[]) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/chat/topics/',
          headers: auth(w.adminToken),
          payload: { name, keywords },
        })
      ).json().topic_id as number
    const shipping = await mk('Shipping', ['parcel'])
    const billing = await mk('Billing', ['invoice'])
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const plain = await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'parcels are great' })
    expect(plain.json().topic).toBeNull()
    const hit = await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'My PARCEL and my invoice' })
    expect(hit.json()).toMatchObject({ topic: 'Billing', topic_id: billing })
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json().topic).toMatchObject({
      topic_id: billing,
      name: 'Billing',
    })
    const staff = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'moving this', topic_id: shipping })
    expect(staff.json()).toMatchObject({ topic: 'Shipping', topic_id: shipping })
    const later = await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'invoice again', topic_id: billing })
    expect(later.json()).toMatchObject({ topic: 'Shipping', topic_id: shipping })
    expect(
      (await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'x', topic_id: 999_999_999 })).statusCode,
    ).toBe(404)
    await app.inject({ method: 'DELETE', url: `/api/chat/topics/${shipping}/`, headers: auth(w.adminToken) })
    const kept = (await get(`/api/chat/message/${staff.json().message_id}/`, w.adminToken)).json()
    expect(kept).toMatchObject({ topic: 'Shipping', topic_id: null })
  })

  it('escalates the chat on a legacy escalated:true from the owner only', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const staff = await post(w.adminToken, { chat_id: chat.chat_id, text_content: 'hi', escalated: true })
    expect(staff.json().escalated).toBe(false)
    const blank = await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'hi', escalated: '' })
    expect(blank.json().escalated).toBe(false)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json().escalated).toBe(false)
    const esc = await post(w.clientToken, { chat_id: chat.chat_id, text_content: 'a human please', escalated: true })
    expect(esc.json().escalated).toBe(true)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json()).toMatchObject({
      escalated: true,
      iva_enabled: false,
    })
    const events = (await eventsOf(app, chat.chat_id)).filter((e) => e.kind === 'escalated')
    expect(events.map((e) => e.message_id)).toEqual([esc.json().message_id])
  })
})

describe('DELETE /api/chat/message/{id}/', () => {
  it('lets only the tenant’s admins remove content, keeping the row', async () => {
    const w = await chatWorld(app)
    const { token: empToken } = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const m = await send(app, w.clientToken, chat.chat_id, 'rude words')
    const url = `/api/chat/message/${m.message_id}/`
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401)
    expect((await app.inject({ method: 'DELETE', url, headers: auth(empToken) })).statusCode).toBe(403)
    expect((await app.inject({ method: 'DELETE', url, headers: auth(w.clientToken) })).statusCode).toBe(403)
    const stranger = await createTenantWithAdmin(app)
    expect((await app.inject({ method: 'DELETE', url, headers: auth(stranger.token) })).statusCode).toBe(404)
    const otherChat = await startChat(app, w.clientToken, { tenant_id: w.tenantId, channel: 'website' })
    const wrongChat = `/api/chat/message/?message_id=${m.message_id}&chat_id=${otherChat.chat_id}`
    expect((await app.inject({ method: 'DELETE', url: wrongChat, headers: auth(w.adminToken) })).statusCode).toBe(404)
    const bus = captureBus(app, w.tenantId)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/chat/message/?message_id=${m.message_id}&chat_id=${chat.chat_id}`,
      headers: auth(w.adminToken),
    })
    expect(res.statusCode).toBe(204)
    bus.stop()
    expect(bus.events).toEqual([
      { type: 'message.updated', tenantId: w.tenantId, chatId: chat.chat_id, messageId: m.message_id },
    ])
    expect((await get(url, w.clientToken)).json()).toMatchObject({ deleted: true, text_content: null })
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, w.adminToken)).json().last_message.preview).toBe(
      'Message deleted',
    )
  })
})

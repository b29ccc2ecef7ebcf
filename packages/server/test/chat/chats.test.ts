import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { captureBus, chatWorld, createVisitor, eventsOf, send, setSettings, startChat } from './helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) })
const patch = (id: number, token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/chat/chat/${id}/`, headers: auth(token), payload })

describe('POST /api/chat/chat/', () => {
  it('requires a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/chat/chat/', payload: {} })).statusCode).toBe(401)
  })

  it('rejects a missing tenant, a bad channel and a bad topic with field errors', async () => {
    const w = await chatWorld(app)
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/chat/chat/', headers: auth(w.clientToken), payload })
    expect((await post({})).json().errors.tenant_id).toHaveLength(1)
    expect((await post({ tenant_id: w.tenantId, channel: 'whatsapp' })).json().errors.channel).toHaveLength(1)
    expect((await post({ tenant_id: w.tenantId, topic_id: 'abc' })).json().errors.topic_id).toHaveLength(1)
    expect((await post({ tenant_id: w.tenantId, chat_owner: w.clientId + 1 })).json().errors.chat_owner).toHaveLength(1)
  })

  it('answers 404 for an unknown tenant, a suspended tenant and another tenant’s topic', async () => {
    const w = await chatWorld(app)
    const other = await createTenantWithAdmin(app)
    const topic = await app.inject({
      method: 'POST',
      url: '/api/chat/topics/',
      headers: auth(other.token),
      payload: { name: 'Theirs' },
    })
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/chat/chat/', headers: auth(w.clientToken), payload })
    expect((await post({ tenant_id: 999_999_999 })).statusCode).toBe(404)
    expect((await post({ tenant_id: w.tenantId, topic_id: topic.json().topic_id })).statusCode).toBe(404)
    await app.db.updateTable('tenants').set({ status: 'suspended' }).where('id', '=', other.tenant.tenant_id).execute()
    expect((await post({ tenant_id: other.tenant.tenant_id })).statusCode).toBe(404)
  })

  it('refuses staff', async () => {
    const w = await chatWorld(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/chat/',
      headers: auth(w.adminToken),
      payload: { tenant_id: w.tenantId },
    })
    expect(res.statusCode).toBe(403)
  })

  it('creates an open mobile chat for a client and returns it again while it is not resolved', async () => {
    const w = await chatWorld(app)
    const bus = captureBus(app, w.tenantId)
    const first = await app.inject({
      method: 'POST',
      url: '/api/chat/chat/',
      headers: auth(w.clientToken),
      payload: { tenant_id: w.tenantId, client_satisfaction: true },
    })
    expect(first.statusCode).toBe(201)
    const chat = first.json()
    expect(chat).toMatchObject({
      tenant_id: { tenant_id: w.tenantId },
      channel: 'mobile',
      status: 'open',
      assignee: null,
      chat_owner: { id: w.clientId, first_name: 'Cora' },
      visitor: null,
      guest_client: null,
      display_name: 'Cora Client',
      unread_count: 0,
      reopened_count: 0,
      client_satisfaction: null,
    })
    expect(chat.chat_owner.email).toBeUndefined()
    const again = await app.inject({
      method: 'POST',
      url: '/api/chat/chat/',
      headers: auth(w.clientToken),
      payload: { tenant_id: { tenant_id: w.tenantId, tenant_name: 'x' } },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().chat_id).toBe(chat.chat_id)
    const web = await app.inject({
      method: 'POST',
      url: '/api/chat/chat/',
      headers: auth(w.clientToken),
      payload: { tenant_id: w.tenantId, channel: 'Website' },
    })
    expect(web.statusCode).toBe(201)
    expect(web.json().channel).toBe('website')
    bus.stop()
    expect(bus.events).toEqual([
      { type: 'chat.created', tenantId: w.tenantId, chatId: chat.chat_id },
      { type: 'chat.created', tenantId: w.tenantId, chatId: web.json().chat_id },
    ])
    expect((await eventsOf(app, chat.chat_id)).map((e) => e.kind)).toEqual(['created'])
  })

  it('starts a website chat for a visitor of the token’s tenant and a new one after resolution', async () => {
    const w = await chatWorld(app)
    const v = await createVisitor(app, w.adminToken)
    const chat = await startChat(app, v.token, { channel: 'mobile' })
    const row = (await get(`/api/chat/chat/${chat.chat_id}/`, v.token)).json()
    expect(row).toMatchObject({
      channel: 'website',
      chat_owner: null,
      visitor: { anonymous_user_id: v.visitorId, name: 'Vera Visitor' },
      display_name: 'Vera Visitor',
    })
    await patch(chat.chat_id, w.adminToken, { status: 'resolved' })
    const next = await app.inject({ method: 'POST', url: '/api/chat/chat/', headers: auth(v.token), payload: {} })
    expect(next.statusCode).toBe(201)
    expect(next.json().chat_id).not.toBe(chat.chat_id)
    const visitors = await get('/api/auth/anonymoususer/', w.adminToken)
    expect(
      visitors.json().data.find((x: { anonymous_user_id: number }) => x.anonymous_user_id === v.visitorId).chat_count,
    ).toBe(2)
  })

  it('assigns round robin to the active member with the oldest last assignment', async () => {
    const w = await chatWorld(app)
    const { employee } = await createEmployee(app, w.adminToken)
    await setSettings(app, w.tenantId, { auto_assign: 'round_robin' })
    const assignees = []
    for (let i = 0; i < 3; i++) {
      const { token } = await createClient(app)
      assignees.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/chat/chat/',
            headers: auth(token),
            payload: { tenant_id: w.tenantId },
          })
        ).json().assignee.id,
      )
    }
    expect(assignees).toEqual([w.adminId, employee.id, w.adminId])
  })
})

describe('GET /api/chat/chat/', () => {
  it('requires a token and validates filters', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/chat/chat/' })).statusCode).toBe(401)
    const w = await chatWorld(app)
    for (const [q, field] of [
      ['status=closed', 'status'],
      ['channel=fax', 'channel'],
      ['assignee=someone', 'assignee'],
      ['search=a', 'search'],
      ['sort=name', 'sort'],
      ['from=yesterday', 'from'],
      ['escalated=perhaps', 'escalated'],
      ['limit=0', 'limit'],
    ]) {
      const res = await get(`/api/chat/chat/?${q}`, w.adminToken)
      expect(res.statusCode, q).toBe(400)
      expect(Object.keys(res.json().errors)[0], q).toMatch(new RegExp(`^${field}`))
    }
  })

  it('lists only the tenant’s chats to staff and answers 404 for another tenant_id', async () => {
    const w = await chatWorld(app)
    const other = await chatWorld(app)
    const mine = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await startChat(app, other.clientToken, { tenant_id: other.tenantId })
    const res = await get('/api/chat/chat/', w.adminToken)
    expect(res.json().data.map((c: { chat_id: number }) => c.chat_id)).toEqual([mine.chat_id])
    expect(res.json().data[0].chat_owner.email).toContain('@example.com')
    expect((await get(`/api/chat/chat/?tenant_id=${other.tenantId}`, w.adminToken)).statusCode).toBe(404)
  })

  it('shows clients their own chats across tenants and visitors only theirs', async () => {
    const a = await chatWorld(app)
    const b = await chatWorld(app)
    const c1 = await startChat(app, a.clientToken, { tenant_id: a.tenantId })
    const c2 = await startChat(app, a.clientToken, { tenant_id: b.tenantId })
    await startChat(app, b.clientToken, { tenant_id: b.tenantId })
    const v = await createVisitor(app, a.adminToken)
    const vc = await startChat(app, v.token, {})
    const ids = (await get('/api/chat/chat/?sort=created_at', a.clientToken))
      .json()
      .data.map((c: { chat_id: number }) => c.chat_id)
    expect(ids).toEqual([c1.chat_id, c2.chat_id])
    expect((await get(`/api/chat/chat/?tenant_id=${b.tenantId}`, a.clientToken)).json().data).toHaveLength(1)
    expect((await get('/api/chat/chat/', v.token)).json().data.map((c: { chat_id: number }) => c.chat_id)).toEqual([
      vc.chat_id,
    ])
  })

  it('applies every staff filter and the sort orders', async () => {
    const w = await chatWorld(app)
    const other = await createClient(app, { first_name: 'Zed', last_name: 'Zebra' })
    const category = (
      await app.inject({
        method: 'POST',
        url: '/api/chat/categories/',
        headers: auth(w.adminToken),
        payload: { name: 'Ops' },
      })
    ).json().category_id
    const topic = (
      await app.inject({
        method: 'POST',
        url: '/api/chat/topics/',
        headers: auth(w.adminToken),
        payload: { name: 'Parcels', category_id: category },
      })
    ).json().topic_id
    const c1 = await startChat(app, w.clientToken, { tenant_id: w.tenantId, topic_id: topic })
    const c2 = await startChat(app, other.token, { tenant_id: w.tenantId, channel: 'website' })
    await send(app, other.token, c2.chat_id, 'the blue teapot arrived broken')
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${c1.chat_id}/assign/`,
      headers: auth(w.adminToken),
      payload: { assignee_id: w.adminId },
    })
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${c2.chat_id}/escalate/`,
      headers: auth(other.token),
      payload: {},
    })
    await patch(c1.chat_id, w.adminToken, { status: 'pending' })
    const ids = async (q: string) =>
      (await get(`/api/chat/chat/?${q}`, w.adminToken)).json().data.map((c: { chat_id: number }) => c.chat_id)
    expect(await ids('status=pending')).toEqual([c1.chat_id])
    expect(await ids('status=pending,open&sort=created_at')).toEqual([c1.chat_id, c2.chat_id])
    expect(await ids('assignee=me')).toEqual([c1.chat_id])
    expect(await ids('assignee=none')).toEqual([c2.chat_id])
    expect(await ids(`assignee=${w.adminId}`)).toEqual([c1.chat_id])
    expect(await ids('channel=WEBSITE')).toEqual([c2.chat_id])
    expect(await ids(`topic_id=${topic}`)).toEqual([c1.chat_id])
    expect(await ids(`category_id=${category}`)).toEqual([c1.chat_id])
    expect(await ids('escalated=true')).toEqual([c2.chat_id])
    expect(await ids(`chat_owner=${w.clientId}`)).toEqual([c1.chat_id])
    expect(await ids('search=zebra')).toEqual([c2.chat_id])
    expect(await ids('search=TEAPOT')).toEqual([c2.chat_id])
    expect(await ids(`chat_id=${c1.chat_id}`)).toEqual([c1.chat_id])
    expect(await ids('-last_message_at')).toEqual([c2.chat_id, c1.chat_id])
    expect(await ids('sort=-created_at')).toEqual([c2.chat_id, c1.chat_id])
    const today = new Date().toISOString().slice(0, 10)
    expect(await ids(`from=2000-01-01&to=${today}&sort=created_at`)).toEqual([c1.chat_id, c2.chat_id])
    expect(await ids('to=2000-01-01')).toEqual([])
    const paged = await get('/api/chat/chat/?limit=1', w.adminToken)
    expect(paged.json().pagination).toEqual({ limit: 1, offset: 0, total: 2, next_offset: 1 })
  })

  it('shows employees only assigned and unassigned chats when visibility is "assigned"', async () => {
    const w = await chatWorld(app)
    const { token: empToken } = await createEmployee(app, w.adminToken)
    const other = await createClient(app)
    const c1 = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const c2 = await startChat(app, other.token, { tenant_id: w.tenantId })
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${c1.chat_id}/assign/`,
      headers: auth(w.adminToken),
      payload: { assignee_id: w.adminId },
    })
    expect((await get('/api/chat/chat/', empToken)).json().data).toHaveLength(2)
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    expect((await get('/api/chat/chat/', empToken)).json().data.map((c: { chat_id: number }) => c.chat_id)).toEqual([
      c2.chat_id,
    ])
    expect((await get(`/api/chat/chat/${c1.chat_id}/`, empToken)).statusCode).toBe(404)
    expect((await get(`/api/chat/chat/${c1.chat_id}/`, w.adminToken)).statusCode).toBe(200)
  })
})

describe('GET /api/chat/chat/{id}/', () => {
  it('answers 401 without a token and 404 to strangers and other customers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    expect((await app.inject({ method: 'GET', url: `/api/chat/chat/${chat.chat_id}/` })).statusCode).toBe(401)
    const stranger = await createTenantWithAdmin(app)
    const { token: otherClient } = await createClient(app)
    const v = await createVisitor(app, w.adminToken)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, stranger.token)).statusCode).toBe(404)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, otherClient)).statusCode).toBe(404)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, v.token)).statusCode).toBe(404)
    expect((await get('/api/chat/chat/abc/', w.adminToken)).statusCode).toBe(404)
    expect((await get(`/api/chat/chat/${chat.chat_id}/`, w.clientToken)).statusCode).toBe(200)
  })
})

describe('PATCH /api/chat/chat/{id}/', () => {
  it('validates, refuses customers and strangers', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/chat/chat/${chat.chat_id}/`, payload: {} })).statusCode,
    ).toBe(401)
    expect((await patch(chat.chat_id, w.adminToken, { status: 'closed' })).json().errors.status).toHaveLength(1)
    expect((await patch(chat.chat_id, w.adminToken, { iva_enabled: 'yes' })).json().errors.iva_enabled).toHaveLength(1)
    expect((await patch(chat.chat_id, w.adminToken, { topic_id: -1 })).json().errors.topic_id).toHaveLength(1)
    expect((await patch(chat.chat_id, w.adminToken, { topic_id: 999_999_999 })).statusCode).toBe(404)
    expect((await patch(chat.chat_id, w.clientToken, { status: 'resolved' })).statusCode).toBe(403)
    const stranger = await createTenantWithAdmin(app)
    expect((await patch(chat.chat_id, stranger.token, { status: 'resolved' })).statusCode).toBe(404)
  })

  it('stamps resolved_at, counts reopenings, records events and asks for a rating when CSAT is on', async () => {
    const w = await chatWorld(app)
    await setSettings(app, w.tenantId, { csat_enabled: true })
    const topic = (
      await app.inject({
        method: 'POST',
        url: '/api/chat/topics/',
        headers: auth(w.adminToken),
        payload: { name: 'Fees' },
      })
    ).json().topic_id
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const bus = captureBus(app, w.tenantId)
    const resolved = await patch(chat.chat_id, w.adminToken, {
      status: 'Resolved',
      topic_id: topic,
      iva_enabled: false,
    })
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      topic: { topic_id: topic, name: 'Fees' },
      iva_enabled: false,
      reopened_count: 0,
    })
    expect(resolved.json().resolved_at).not.toBeNull()
    const reopened = await patch(chat.chat_id, w.adminToken, { status: 'open', topic_id: null })
    expect(reopened.json()).toMatchObject({ status: 'open', resolved_at: null, reopened_count: 1, topic: null })
    const pending = await patch(chat.chat_id, w.adminToken, { status: 'pending' })
    expect(pending.json()).toMatchObject({ status: 'pending', reopened_count: 1 })
    await patch(chat.chat_id, w.adminToken, { status: 'pending' })
    bus.stop()
    expect(bus.events).toEqual([
      {
        type: 'chat.updated',
        tenantId: w.tenantId,
        chatId: chat.chat_id,
        changes: ['status', 'resolved_at', 'topic', 'iva_enabled'],
        ratingRequested: true,
      },
      {
        type: 'chat.updated',
        tenantId: w.tenantId,
        chatId: chat.chat_id,
        changes: ['status', 'resolved_at', 'reopened_count', 'topic'],
        ratingRequested: false,
      },
      { type: 'chat.updated', tenantId: w.tenantId, chatId: chat.chat_id, changes: ['status'], ratingRequested: false },
    ])
    const events = await eventsOf(app, chat.chat_id)
    expect(events.map((e) => [e.kind, e.actor_user_id])).toEqual([
      ['created', null],
      ['resolved', w.adminId],
      ['reopened', w.adminId],
    ])
  })

  it('refuses to reopen when the customer already has another open chat on the channel', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await patch(chat.chat_id, w.adminToken, { status: 'resolved' })
    await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const res = await patch(chat.chat_id, w.adminToken, { status: 'open' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('chat.invalid_state')
  })
})

describe('DELETE /api/chat/chat/{id}/', () => {
  it('lets only admins of the tenant delete, also by ?chat_id=', async () => {
    const w = await chatWorld(app)
    const { token: empToken } = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'hello')
    const url = `/api/chat/chat/${chat.chat_id}/`
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401)
    expect((await app.inject({ method: 'DELETE', url, headers: auth(empToken) })).statusCode).toBe(403)
    expect((await app.inject({ method: 'DELETE', url, headers: auth(w.clientToken) })).statusCode).toBe(403)
    const stranger = await createTenantWithAdmin(app)
    expect((await app.inject({ method: 'DELETE', url, headers: auth(stranger.token) })).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/chat/chat/?chat_id=x', headers: auth(w.adminToken) }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/chat/chat/?chat_id=${chat.chat_id}`,
          headers: auth(w.adminToken),
        })
      ).statusCode,
    ).toBe(204)
    expect((await get(url, w.adminToken)).statusCode).toBe(404)
    expect(await app.db.selectFrom('chat_messages').select('id').where('chat_id', '=', chat.chat_id).execute()).toEqual(
      [],
    )
  })
})

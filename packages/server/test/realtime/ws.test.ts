import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { DEFAULT_LIMITS } from '../../src/http/rate-limit.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { insertChat, insertMessages, listen, sleep, WsClient } from './ws-client.js'

let app: TestApp
let url: string
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let other: Awaited<ReturnType<typeof createTenantWithAdmin>>
const clients: WsClient[] = []

async function ready(token: string) {
  const c = await WsClient.ready(url, token)
  clients.push(c)
  return c
}
async function open(query = '') {
  const c = await WsClient.open(url, query)
  clients.push(c)
  return c
}

beforeAll(async () => {
  app = await buildTestApp()
  url = await listen(app)
  org = await createTenantWithAdmin(app)
  other = await createTenantWithAdmin(app)
})

afterAll(async () => {
  for (const c of clients) c.close()
  await app.shutdown()
})

describe('GET /api/ws: authentication', () => {
  it('accepts the token in the query and answers ready', async () => {
    const c = await open(`?token=${org.token}`)
    const f = await c.next((x) => x.type === 'ready')
    expect(f).toMatchObject({ type: 'ready', user_type: 'admin' })
    expect(f.connection_id).toEqual(expect.any(String))
    expect(f.event_id).toEqual(expect.any(String))
    expect(f.occurred_at).toEqual(expect.any(String))
  })

  it('accepts the token as the first frame', async () => {
    const { token } = await createClient(app)
    const c = await open()
    c.send({ type: 'auth', token })
    const f = await c.next((x) => x.type === 'ready')
    expect(f.user_type).toBe('client')
  })

  it('handles frames sent right after the auth frame, in order', async () => {
    const c = await open()
    c.send({ type: 'auth', token: org.token })
    c.send({ type: 'ping' })
    await c.next((x) => x.type === 'pong')
    expect(c.frames.map((f) => f.type)).toEqual(['ready', 'pong'])
  })

  it('closes with 4001 for an unknown token, in the query or in the first frame', async () => {
    const bad = `pxm_${'A'.repeat(43)}`
    expect((await (await open(`?token=${bad}`)).closed).code).toBe(4001)
    expect((await (await open('?token=')).closed).code).toBe(4001)
    const c = await open()
    c.send({ type: 'auth', token: 'nonsense' })
    expect((await c.closed).code).toBe(4001)
  })

  it('closes with 4001 when the first frame is not auth', async () => {
    const c = await open()
    c.send({ type: 'ping' })
    expect((await c.closed).code).toBe(4001)
    expect(c.frames).toEqual([])
  })

  it('closes with 4001 once a revoked token is checked again', async () => {
    const { token } = await createClient(app)
    const c = await ready(token)
    const resolved = await app.services.sessions.resolve(token)
    if (resolved.status !== 'ok') throw new Error('token should be live')
    await app.services.sessions.revoke(resolved.actor.tokenId)
    await app.services.realtime.recheckTokens()
    const closed = await c.closed
    expect(closed.code).toBe(4001)
  })

  it('is not reachable as a plain HTTP route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ws', headers: auth(org.token) })
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /api/ws: frames', () => {
  it('answers ping with pong', async () => {
    const c = await ready(org.token)
    c.send({ type: 'ping' })
    const f = await c.next((x) => x.type === 'pong')
    expect(f.event_id).toEqual(expect.any(String))
  })

  it('answers malformed frames with a validation error and keeps the socket', async () => {
    const c = await ready(org.token)
    c.send('not json')
    c.send({ type: 'dance' })
    c.send({ type: 'subscribe', channel: 'tenant' })
    c.send({ type: 'typing', chat_id: 'x', state: 'start' })
    c.socket.send(Buffer.from([1, 2, 3]))
    await c.roundTrip()
    const errors = c.frames.filter((f) => f.type === 'error')
    expect(errors).toHaveLength(5)
    for (const e of errors) expect(e.data).toMatchObject({ code: 'validation.failed', message: expect.any(String) })
  })

  it("refuses a subscription to another tenant's chat with not_found, and allows its own", async () => {
    const foreign = await insertChat(app, other.tenant.tenant_id)
    const own = await insertChat(app, org.tenant.tenant_id)
    const c = await ready(org.token)
    c.send({ type: 'subscribe', channel: `chat:${foreign}` })
    const err = await c.next((x) => x.type === 'error')
    expect(err.data).toMatchObject({ code: 'not_found' })
    c.send({ type: 'subscribe', channel: `chat:${own}` })
    // Community channels follow the same rule (another tenant's community looks absent).
    const community = await app.db
      .selectFrom('communities')
      .select('id')
      .where('tenant_id', '=', other.tenant.tenant_id)
      .executeTakeFirstOrThrow()
    c.send({ type: 'subscribe', channel: `community:${community.id}` })
    await c.roundTrip()
    expect(c.frames.filter((f) => f.type === 'error')).toHaveLength(2)
  })

  it('closes with 4008 when more than 20 frames arrive within a second', async () => {
    const c = await ready(org.token)
    for (let i = 0; i < 25; i++) c.send({ type: 'ping' })
    expect((await c.closed).code).toBe(4008)
  })
})

describe('GET /api/ws: delivery', () => {
  it("sends a tenant's events to its staff on the tenant channel, once per event", async () => {
    const { token: employee } = await createEmployee(app, org.token)
    const a = await ready(org.token)
    const b = await ready(employee)
    const outsider = await ready(other.token)
    const { token: clientToken } = await createClient(app)
    const client = await ready(clientToken)
    const chatId = await insertChat(app, org.tenant.tenant_id)
    app.services.bus.publish({ type: 'chat.created', tenantId: org.tenant.tenant_id, chatId })
    const fa = await a.next((f) => f.type === 'chat.created')
    const fb = await b.next((f) => f.type === 'chat.created')
    expect(fa).toMatchObject({ channel: 'tenant', data: { chat_id: chatId } })
    expect(fb.event_id).toBe(fa.event_id)
    await Promise.all([outsider.roundTrip(), client.roundTrip(), a.roundTrip()])
    expect(outsider.frames.some((f) => f.type === 'chat.created')).toBe(false)
    expect(client.frames.some((f) => f.type === 'chat.created')).toBe(false)
    expect(a.frames.filter((f) => f.type === 'chat.created')).toHaveLength(1)
  })

  it('sends chat events to subscribers on the chat channel, and stops after unsubscribe', async () => {
    const chatId = await insertChat(app, org.tenant.tenant_id)
    const c = await ready(org.token)
    c.send({ type: 'subscribe', channel: `chat:${chatId}` })
    await c.roundTrip()
    const tenantId = org.tenant.tenant_id
    const [messageId] = await insertMessages(app, tenantId, chatId, 1)
    app.services.bus.publish({ type: 'message.created', tenantId, chatId, messageId: messageId! })
    const f = await c.next((x) => x.type === 'message.created')
    expect(f).toMatchObject({
      channel: `chat:${chatId}`,
      data: { chat_id: chatId, message_id: messageId, text_content: 'Message 1' },
    })
    // chat.read travels on the chat channel only.
    app.services.bus.publish({
      type: 'chat.read',
      tenantId,
      chatId,
      side: 'client',
      lastReadMessageId: messageId!,
      readAt: new Date().toISOString(),
    })
    await c.next((x) => x.type === 'chat.read')
    c.send({ type: 'unsubscribe', channel: `chat:${chatId}` })
    await c.roundTrip()
    app.services.bus.publish({
      type: 'chat.read',
      tenantId,
      chatId,
      side: 'client',
      lastReadMessageId: messageId!,
      readAt: new Date().toISOString(),
    })
    app.services.bus.publish({ type: 'chat.created', tenantId, chatId })
    await c.next((x) => x.type === 'chat.created')
    expect(c.frames.filter((x) => x.type === 'chat.read')).toHaveLength(1)
  })

  it('broadcasts typing to the other subscribers, at most once per 2 seconds per chat', async () => {
    const chatId = await insertChat(app, org.tenant.tenant_id)
    const { token: employee } = await createEmployee(app, org.token)
    const typist = await ready(org.token)
    const watcher = await ready(employee)
    for (const c of [typist, watcher]) {
      c.send({ type: 'subscribe', channel: `chat:${chatId}` })
      await c.roundTrip()
    }
    typist.send({ type: 'typing', chat_id: chatId, state: 'start' })
    typist.send({ type: 'typing', chat_id: chatId, state: 'start' })
    const f = await watcher.next((x) => x.type === 'typing')
    expect(f).toMatchObject({
      channel: `chat:${chatId}`,
      data: {
        chat_id: chatId,
        sender: 'tenant',
        state: 'start',
        expires_in_ms: 6000,
        user: { kind: 'staff', id: org.admin.id },
      },
    })
    typist.send({ type: 'typing', chat_id: chatId, state: 'stop' })
    await watcher.next((x) => x.type === 'typing' && x.data?.state === 'stop')
    await typist.roundTrip()
    expect(watcher.frames.filter((x) => x.type === 'typing')).toHaveLength(2)
    expect(typist.frames.some((x) => x.type === 'typing')).toBe(false)

    typist.send({ type: 'typing', chat_id: await insertChat(app, other.tenant.tenant_id), state: 'start' })
    const err = await typist.next((x) => x.type === 'error')
    expect(err.data).toMatchObject({ code: 'not_found' })
  })
})

describe('GET /api/ws: rate limit', () => {
  it('counts upgrades in the default bucket, per query token', async () => {
    const own = await buildTestApp({ limits: { ...DEFAULT_LIMITS, default: { max: 2, window: 60_000 } } })
    const ownUrl = await listen(own)
    try {
      const first = await WsClient.ready(ownUrl, org.token)
      const second = await WsClient.ready(ownUrl, org.token)
      await expect(WsClient.open(ownUrl, `?token=${org.token}`)).rejects.toThrow(/429/)
      const otherToken = await WsClient.ready(ownUrl, other.token)
      for (const c of [first, second, otherToken]) c.close()
    } finally {
      await own.shutdown()
    }
  })
})

describe('GET /api/ws: shutdown', () => {
  it('refuses new sockets with 1001 after beginShutdown and closes open ones with 1001 on close', async () => {
    const own = await buildTestApp()
    const ownUrl = await listen(own)
    const open1 = await WsClient.ready(ownUrl, org.token)
    own.beginShutdown()
    const refused = await WsClient.open(ownUrl, `?token=${org.token}`)
    expect((await refused.closed).code).toBe(1001)
    expect(own.services.realtime.stats().connections).toBe(1)
    const closing = own.shutdown()
    expect((await open1.closed).code).toBe(1001)
    await closing
    await sleep(10)
  })
})

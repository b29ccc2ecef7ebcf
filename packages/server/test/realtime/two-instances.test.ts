import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin, PASSWORD } from '../factories.js'
import { closedWithin, insertChat, insertMessages, listen, signIn, sleep, WsClient } from './ws-client.js'

/**
 * Two server instances over one database: on PostgreSQL each has its own pool and LISTEN connection (as two
 * processes would); on embedded PGlite both share the one database object of this file.
 */
let a: TestApp
let b: TestApp
let urlA: string
let urlB: string
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
const sockets: WsClient[] = []

beforeAll(async () => {
  a = await buildTestApp()
  b = await buildTestApp()
  urlA = await listen(a)
  urlB = await listen(b)
  org = await createTenantWithAdmin(a)
})

afterAll(async () => {
  for (const s of sockets) s.close()
  await a.shutdown()
  await b.shutdown()
})

async function ready(url: string) {
  const s = await WsClient.ready(url, org.token)
  sockets.push(s)
  return s
}

describe('realtime across instances', () => {
  it('delivers an event published on instance A to a socket on instance B, and once to A', async () => {
    const onB = await ready(urlB)
    const onA = await ready(urlA)
    const chatId = await insertChat(a, org.tenant.tenant_id)
    a.services.bus.publish({ type: 'chat.created', tenantId: org.tenant.tenant_id, chatId })
    const fb = await onB.next((f) => f.type === 'chat.created' && f.data?.chat_id === chatId)
    expect(fb).toMatchObject({ channel: 'tenant', data: { chat_id: chatId } })
    await onA.next((f) => f.type === 'chat.created' && f.data?.chat_id === chatId)
    // A ignores the echo of its own NOTIFY.
    await sleep(200)
    await onA.roundTrip()
    expect(onA.frames.filter((f) => f.type === 'chat.created' && f.data?.chat_id === chatId)).toHaveLength(1)
    expect(onB.frames.filter((f) => f.type === 'chat.created' && f.data?.chat_id === chatId)).toHaveLength(1)
  })

  it('keeps the publish order of one instance', async () => {
    const onB = await ready(urlB)
    const chatId = await insertChat(a, org.tenant.tenant_id)
    onB.send({ type: 'subscribe', channel: `chat:${chatId}` })
    await onB.roundTrip()
    const messageIds = await insertMessages(a, org.tenant.tenant_id, chatId, 20)
    for (const messageId of messageIds) {
      a.services.bus.publish({ type: 'message.created', tenantId: org.tenant.tenant_id, chatId, messageId })
    }
    await onB.next((f) => f.type === 'message.created' && f.data?.message_id === messageIds[19])
    const ids = onB.frames.filter((f) => f.type === 'message.created').map((f) => f.data?.message_id)
    expect(ids).toEqual(messageIds)
  })

  it('carries typing from a socket on A to a subscriber on B', async () => {
    const chatId = await insertChat(a, org.tenant.tenant_id)
    const { token: employee } = await createEmployee(a, org.token)
    const typist = await WsClient.ready(urlA, employee)
    sockets.push(typist)
    const watcher = await ready(urlB)
    watcher.send({ type: 'subscribe', channel: `chat:${chatId}` })
    await watcher.roundTrip()
    typist.send({ type: 'typing', chat_id: chatId, state: 'start' })
    const f = await watcher.next((x) => x.type === 'typing')
    expect(f).toMatchObject({ channel: `chat:${chatId}`, data: { chat_id: chatId, sender: 'tenant', state: 'start' } })
  })

  it('delivers a message posted through the REST API on A to a subscriber on B', async () => {
    const { token: clientToken } = await createClient(a)
    const created = await a.inject({
      method: 'POST',
      url: '/api/chat/chat/',
      headers: auth(clientToken),
      payload: { tenant_id: org.tenant.tenant_id },
    })
    expect([200, 201]).toContain(created.statusCode)
    const chatId = created.json<{ chat_id: number }>().chat_id
    const onB = await ready(urlB)
    onB.send({ type: 'subscribe', channel: `chat:${chatId}` })
    await onB.roundTrip()
    const posted = await a.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: auth(org.token),
      payload: { chat_id: chatId, text_content: 'Hello from A' },
    })
    expect(posted.statusCode).toBe(201)
    const messageId = posted.json<{ message_id: number }>().message_id
    const f = await onB.next((x) => x.type === 'message.created')
    expect(f).toMatchObject({ channel: `chat:${chatId}`, data: { chat_id: chatId, message_id: messageId } })
  })
})

describe('sessions across instances', () => {
  it('ends on instance B a session that instance A ended, though B had it in memory', async () => {
    const member = await createEmployee(a, org.token)
    const meOnB = () => b.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(member.token) })
    expect((await meOnB()).statusCode).toBe(200)
    const disabled = await a.inject({
      method: 'PATCH',
      url: `/api/staff/${member.employee.id}/`,
      headers: auth(org.token),
      payload: { is_active: false },
    })
    expect(disabled.statusCode).toBe(200)
    // On PostgreSQL, B hears of it through the database's notice, which arrives shortly after the commit.
    let status = 0
    for (let i = 0; i < 40 && status !== 401; i++) {
      status = (await meOnB()).statusCode
      if (status !== 401) await sleep(50)
    }
    expect(status).toBe(401)
  })
})

describe('sockets across instances', () => {
  /** The notice reaches the other instance shortly after the commit; the periodic check (a minute) plays no part. */
  const AT_ONCE_MS = 2_000

  async function socketOnB(token: string) {
    const s = await WsClient.ready(urlB, token)
    sockets.push(s)
    return s
  }

  it('closes on B with 4001 at once a session logged out on A', async () => {
    const { client } = await createClient(a)
    const token = await signIn(a, client.email, PASSWORD)
    const socket = await socketOnB(token)
    const started = Date.now()
    expect((await a.inject({ method: 'POST', url: '/api/auth/logout/', headers: auth(token) })).statusCode).toBe(204)
    expect((await closedWithin(socket, AT_ONCE_MS, started)).code).toBe(4001)
  })

  it('closes on B with 4001 at once the sockets of a member disabled on A', async () => {
    const member = await createEmployee(a, org.token)
    const socket = await socketOnB(member.token)
    const started = Date.now()
    const disabled = await a.inject({
      method: 'PATCH',
      url: `/api/staff/${member.employee.id}/`,
      headers: auth(org.token),
      payload: { is_active: false },
    })
    expect(disabled.statusCode).toBe(200)
    expect((await closedWithin(socket, AT_ONCE_MS, started)).code).toBe(4001)
  })

  it('closes on B with 4001 at once the other sessions of a password changed on A', async () => {
    const { client } = await createClient(a)
    const other = await signIn(a, client.email, PASSWORD)
    const current = await signIn(a, client.email, PASSWORD)
    const otherSocket = await socketOnB(other)
    const currentSocket = await socketOnB(current)
    const started = Date.now()
    const changed = await a.inject({
      method: 'POST',
      url: '/api/auth/changepassword/',
      headers: auth(current),
      payload: { old_password: PASSWORD, new_password: 'Green-meadow-82', confirm_password: 'Green-meadow-82' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await closedWithin(otherSocket, AT_ONCE_MS, started)).code).toBe(4001)
    await currentSocket.roundTrip()
  })

  it('closes on B at once (4003) the staff sockets of an organization suspended through A', async () => {
    const suspended = await createTenantWithAdmin(a)
    const socket = await socketOnB(suspended.token)
    const started = Date.now()
    await a.db
      .updateTable('tenants')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.tenant.tenant_id)
      .execute()
    expect((await closedWithin(socket, AT_ONCE_MS, started)).code).toBe(4003)
  })
})

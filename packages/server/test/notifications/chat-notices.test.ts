import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createEmployee } from '../factories.js'
import { chatWorld, send, setSettings, startChat } from '../chat/helpers.js'
import { listen, WsClient } from '../realtime/ws-client.js'

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

const post = (path: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url: path, headers: auth(token), ...(payload ? { payload } : {}) })
const patch = (path: string, token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: path, headers: auth(token), payload })

/** The notifications stored for a tenant, oldest first. */
const notificationsOf = (tenantId: number) =>
  app.db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'title', 'body', 'data'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute()

/** A tenant with its admin, one employee and a client. */
async function team() {
  const w = await chatWorld(app)
  const emp = await createEmployee(app, w.adminToken)
  return { ...w, employeeId: emp.employee.id, employeeToken: emp.token, employeeEmail: emp.email }
}

describe('chat.created', () => {
  it('goes to every active staff member of the tenant when nobody is assigned', async () => {
    const t = await team()
    const disabled = await createEmployee(app, t.adminToken)
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', disabled.employee.id).execute()
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    const rows = await notificationsOf(t.tenantId)
    expect(rows.map((r) => r.user_id).sort()).toEqual([t.adminId, t.employeeId].sort())
    expect(rows[0]).toMatchObject({
      type: 'chat.created',
      title: 'New chat',
      body: 'Cora Client started a chat on the mobile app',
      data: { chat_id: chat.chat_id },
    })
  })

  it('goes to the assignee only when the chat was assigned automatically', async () => {
    const t = await team()
    await setSettings(app, t.tenantId, { auto_assign: 'round_robin' })
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    const assignee = (
      await app.db.selectFrom('chats').select('assignee_id').where('id', '=', chat.chat_id).executeTakeFirstOrThrow()
    ).assignee_id
    const rows = await notificationsOf(t.tenantId)
    expect(rows.map((r) => [r.user_id, r.type])).toEqual([[assignee, 'chat.created']])
  })
})

describe('chat.assigned', () => {
  it('tells the new assignee, but not a member who takes the chat or an admin who assigns it to themselves', async () => {
    const t = await team()
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    const assign = (token: string, assignee_id: number | null) =>
      post(`/api/chat/chat/${chat.chat_id}/assign/`, token, { assignee_id })
    expect((await assign(t.adminToken, t.employeeId)).statusCode).toBe(200)
    expect((await assign(t.adminToken, t.employeeId)).statusCode).toBe(200) // unchanged: nothing new
    expect((await assign(t.employeeToken, null)).statusCode).toBe(200)
    expect((await assign(t.employeeToken, t.employeeId)).statusCode).toBe(200)
    expect((await assign(t.adminToken, t.adminId)).statusCode).toBe(200)
    const assigned = (await notificationsOf(t.tenantId)).filter((r) => r.type === 'chat.assigned')
    expect(assigned).toEqual([
      {
        user_id: t.employeeId,
        type: 'chat.assigned',
        title: 'Chat assigned to you',
        body: 'Ada Admin assigned you the chat with Cora Client',
        data: { chat_id: chat.chat_id },
      },
    ])
  })
})

describe('chat.escalated', () => {
  const escalated = async (tenantId: number) =>
    (await notificationsOf(tenantId)).filter((r) => r.type === 'chat.escalated')

  it('goes to every active staff member of an unassigned chat, once until the chat is resolved', async () => {
    const t = await team()
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    const escalate = () => post(`/api/chat/chat/${chat.chat_id}/escalate/`, t.clientToken, { reason: 'Refund' })
    expect((await escalate()).statusCode).toBe(200)
    const rows = await escalated(t.tenantId)
    expect(rows.map((r) => r.user_id).sort()).toEqual([t.adminId, t.employeeId].sort())
    expect(rows[0]).toMatchObject({
      title: 'Chat escalated',
      body: `Chat #${chat.chat_id} needs a person: Refund`,
      data: { chat_id: chat.chat_id },
    })

    expect((await escalate()).statusCode).toBe(200)
    await send(app, t.clientToken, chat.chat_id, 'Still waiting', { escalated: true })
    expect(await escalated(t.tenantId)).toHaveLength(2)

    expect((await patch(`/api/chat/chat/${chat.chat_id}/`, t.adminToken, { status: 'resolved' })).statusCode).toBe(200)
    expect((await escalate()).statusCode).toBe(200)
    expect(await escalated(t.tenantId)).toHaveLength(4)
  })

  it('goes to the assignee only, also when a customer message asks for a person', async () => {
    const t = await team()
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    await post(`/api/chat/chat/${chat.chat_id}/assign/`, t.adminToken, { assignee_id: t.employeeId })
    await send(app, t.clientToken, chat.chat_id, 'A person please', { escalated: true })
    const rows = await escalated(t.tenantId)
    expect(rows).toEqual([
      {
        user_id: t.employeeId,
        type: 'chat.escalated',
        title: 'Chat escalated',
        body: `Chat #${chat.chat_id} needs a person`,
        data: { chat_id: chat.chat_id },
      },
    ])
  })

  it('does not notify the staff member who escalated', async () => {
    const t = await team()
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    expect((await post(`/api/chat/chat/${chat.chat_id}/escalate/`, t.adminToken, {})).statusCode).toBe(200)
    expect((await escalated(t.tenantId)).map((r) => r.user_id)).toEqual([t.employeeId])
  })

  it('queues the escalation email for recipients who keep email_escalations on, once', async () => {
    const t = await team()
    const off = await patch('/api/auth/me/', t.employeeToken, {
      notification_preferences: { email_escalations: false },
    })
    expect(off.statusCode).toBe(200)
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    const escalate = () => post(`/api/chat/chat/${chat.chat_id}/escalate/`, t.clientToken, { reason: 'Broken order' })
    await escalate()
    await escalate()
    const mails = await app.db
      .selectFrom('outbox_mail')
      .selectAll()
      .where('tenant_id', '=', t.tenantId)
      .where('kind', '=', 'chat_escalation')
      .execute()
    const admin = await app.db.selectFrom('users').select('email').where('id', '=', t.adminId).executeTakeFirstOrThrow()
    expect(mails.map((m) => m.to_address)).toEqual([admin.email])
    const [mail] = mails
    expect(mail!.subject).toBe(`Chat #${chat.chat_id} needs a person`)
    expect(mail!.from_name).toMatch(/ via Proxima$/)
    expect(mail!.text_body).toContain('Cora Client is waiting for a person')
    expect(mail!.text_body).toContain('Reason: Broken order')
    expect(mail!.text_body).toContain(`http://localhost:3000/chats/${chat.chat_id}`)
    expect(mail!.html_body).toContain(`http://localhost:3000/chats/${chat.chat_id}`)
    // The employee still gets the in-app notification.
    expect((await escalated(t.tenantId)).map((r) => r.user_id).sort()).toEqual([t.adminId, t.employeeId].sort())
  })
})

describe('notification.created on the WebSocket', () => {
  it('reaches every socket of the recipient on the user channel, and no colleague', async () => {
    const t = await team()
    const employeeA = await WsClient.ready(url, t.employeeToken)
    const employeeB = await WsClient.ready(url, t.employeeToken)
    const admin = await WsClient.ready(url, t.adminToken)
    sockets.push(employeeA, employeeB, admin)
    const chat = await startChat(app, t.clientToken, { tenant_id: t.tenantId })
    const created = await employeeA.next((f) => f.type === 'notification.created')
    expect(created).toMatchObject({
      channel: 'user',
      data: { type: 'chat.created', title: 'New chat', read: false, read_at: null, data: { chat_id: chat.chat_id } },
    })
    await admin.next((f) => f.type === 'notification.created' && f.data?.type === 'chat.created')

    // Assignment goes through the bus after commit; escalation at commit from inside the transaction.
    await post(`/api/chat/chat/${chat.chat_id}/assign/`, t.adminToken, { assignee_id: t.employeeId })
    await send(app, t.clientToken, chat.chat_id, 'A person please', { escalated: true })
    for (const socket of [employeeA, employeeB]) {
      const assigned = await socket.next((f) => f.type === 'notification.created' && f.data?.type === 'chat.assigned')
      expect(assigned).toMatchObject({ channel: 'user', data: { title: 'Chat assigned to you' } })
      expect(typeof assigned.event_id).toBe('string')
      expect(typeof assigned.occurred_at).toBe('string')
      const escalation = await socket.next(
        (f) => f.type === 'notification.created' && f.data?.type === 'chat.escalated',
      )
      const stored = await app.inject({
        method: 'GET',
        url: '/api/notifications/?type=chat.escalated',
        headers: auth(t.employeeToken),
      })
      expect(escalation.data).toEqual(stored.json().data[0])
    }
    await admin.next((f) => f.type === 'chat.updated' && (f.data?.changes as string[]).includes('escalated'))
    await admin.roundTrip()
    expect(admin.frames.filter((f) => f.type === 'notification.created').map((f) => f.data?.type)).toEqual([
      'chat.created',
    ])
  })
})

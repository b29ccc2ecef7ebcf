import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { createVisitor, send, setSettings, startChat } from '../chat/helpers.js'
import { defaultCommunity, join, raiseIssue } from '../community/issue-helpers.js'

const URL = '/api/overview/summary/'
const HOUR = 3_600_000

// Sunday 29 November 2026, 23:00 in Auckland (UTC+13) and 10:00 in UTC.
const clock = testClock(new Date('2026-11-29T10:00:00.000Z'))
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const summary = (token?: string, query = '') =>
  app.inject({ method: 'GET', url: `${URL}${query}`, headers: token ? auth(token) : {} })

const patchChat = async (token: string, chatId: number, payload: object) => {
  const res = await app.inject({ method: 'PATCH', url: `/api/chat/chat/${chatId}/`, headers: auth(token), payload })
  expect(res.statusCode, res.body).toBe(200)
}
const assign = async (token: string, chatId: number, assigneeId: number) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/chat/${chatId}/assign/`,
    headers: auth(token),
    payload: { assignee_id: assigneeId },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** A customer's chat with one message from them. */
const customerChat = async (adminToken: string, text: string) => {
  const visitor = await createVisitor(app, adminToken, null)
  const chat = await startChat(app, visitor.token, {})
  await send(app, visitor.token, chat.chat_id, text)
  return chat.chat_id
}

/**
 * An organisation in Auckland with five chats: (1) waiting and unassigned, (2) waiting and assigned to the admin,
 * (3) answered by the admin, (4) pending, waiting and assigned to the employee, (5) resolved.
 */
async function world() {
  const org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const adminToken = org.token
  const employee = await createEmployee(app, adminToken)
  const settings = await app.inject({
    method: 'PATCH',
    url: '/api/tenantmanagement/settings/',
    headers: auth(adminToken),
    payload: { timezone: 'Pacific/Auckland' },
  })
  expect(settings.statusCode).toBe(200)
  const c1 = await customerChat(adminToken, 'Hello?')
  const c2 = await customerChat(adminToken, 'Where is my order?')
  await assign(adminToken, c2, org.admin.id)
  const c3 = await customerChat(adminToken, 'Can I pay by card?')
  await send(app, adminToken, c3, 'Yes, any card.')
  const c4 = await customerChat(adminToken, 'It broke again.')
  await assign(adminToken, c4, employee.employee.id)
  await patchChat(adminToken, c4, { status: 'pending' })
  const c5 = await customerChat(adminToken, 'Thanks, all good.')
  await patchChat(adminToken, c5, { status: 'resolved' })
  return { org, tenantId, adminToken, employeeToken: employee.token, chats: [c1, c2, c3, c4, c5] }
}

let w: Awaited<ReturnType<typeof world>>
beforeAll(async () => {
  w = await world()
})

describe('GET /api/overview/summary/', () => {
  it('answers 401 without a token', async () => {
    const res = await summary()
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.required')
  })

  it('answers 400 for a tenant id that is not a number', async () => {
    const res = await summary(w.adminToken, '?tenant_id=abc')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.tenant_id).toBeDefined()
  })

  it("answers 404 when staff name another organisation's id", async () => {
    const stranger = await createTenantWithAdmin(app)
    const res = await summary(w.adminToken, `?tenant_id=${stranger.tenant.tenant_id}`)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
    expect((await summary(w.adminToken, `?tenant_id=${w.tenantId}`)).statusCode).toBe(200)
  })

  it('refuses customers and widget visitors with 403', async () => {
    const client = await createClient(app)
    expect((await summary(client.token)).statusCode).toBe(403)
    const visitor = await createVisitor(app, w.adminToken)
    expect((await summary(visitor.token)).statusCode).toBe(403)
  })

  it("counts the admin's queues: open, waiting for a reply, assigned to them and unassigned", async () => {
    const res = await summary(w.adminToken)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      timezone: 'Pacific/Auckland',
      today: '2026-11-29',
      chats: { open: 3, waiting: 3, mine: 1, unassigned: 2 },
      issues: { new_today: 0, unsolved: 0 },
    })
  })

  it("counts the employee's own chats as theirs", async () => {
    const res = await summary(w.employeeToken)
    expect(res.json().chats).toEqual({ open: 3, waiting: 3, mine: 1, unassigned: 2 })
  })

  it('counts only the chats an employee may see when visibility is limited to assigned chats', async () => {
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    try {
      // The employee sees the unassigned chats (1, 3) and their own (4), not the admin's (2).
      expect((await summary(w.employeeToken)).json().chats).toEqual({ open: 2, waiting: 2, mine: 1, unassigned: 2 })
      // Admins always see every chat.
      expect((await summary(w.adminToken)).json().chats).toEqual({ open: 3, waiting: 3, mine: 1, unassigned: 2 })
    } finally {
      await setSettings(app, w.tenantId, { chat_visibility: 'all' })
    }
  })

  it("never counts another organisation's chats or issues", async () => {
    const other = await createTenantWithAdmin(app)
    const otherChat = await customerChat(other.token, 'Anyone there?')
    await assign(other.token, otherChat, other.admin.id)
    const community = await defaultCommunity(app, other.tenant.tenant_id)
    const member = await createClient(app)
    await join(app, other.tenant.tenant_id, community.id, member.client.id)
    await raiseIssue(app, member.token, community.id)
    expect((await summary(w.adminToken)).json()).toMatchObject({
      chats: { open: 3, waiting: 3, mine: 1, unassigned: 2 },
      issues: { new_today: 0, unsolved: 0 },
    })
    expect((await summary(other.token)).json()).toMatchObject({
      chats: { open: 1, waiting: 1, mine: 1, unassigned: 0 },
      issues: { new_today: 1, unsolved: 1 },
    })
  })

  it('moves a chat between the counts as it is answered, taken and resolved', async () => {
    const [c1] = w.chats as [number]
    await send(app, w.adminToken, c1, 'Hi, how can I help?')
    expect((await summary(w.adminToken)).json().chats).toEqual({ open: 3, waiting: 2, mine: 1, unassigned: 2 })
    await assign(w.adminToken, c1, w.org.admin.id)
    expect((await summary(w.adminToken)).json().chats).toEqual({ open: 3, waiting: 2, mine: 2, unassigned: 1 })
    await patchChat(w.adminToken, c1, { status: 'resolved' })
    expect((await summary(w.adminToken)).json().chats).toEqual({ open: 2, waiting: 2, mine: 1, unassigned: 1 })
  })

  it("counts the issues raised since midnight in the organisation's time zone, and the unsolved ones", async () => {
    const community = await defaultCommunity(app, w.tenantId)
    const member = await createClient(app)
    await join(app, w.tenantId, community.id, member.client.id)
    await raiseIssue(app, member.token, community.id, { issue: 'Late on Sunday' })
    expect((await summary(w.adminToken)).json()).toMatchObject({
      today: '2026-11-29',
      issues: { new_today: 1, unsolved: 1 },
    })
    // 01:00 on Monday in Auckland, still Sunday in UTC: Sunday's issue is no longer today's.
    clock.advance(2 * HOUR)
    const monday = await raiseIssue(app, member.token, community.id, { issue: 'Early on Monday' })
    expect((await summary(w.adminToken)).json()).toMatchObject({
      today: '2026-11-30',
      issues: { new_today: 1, unsolved: 2 },
    })
    const solved = await app.inject({
      method: 'PATCH',
      url: `/api/community/issue/${monday.issue_id}/`,
      headers: auth(w.adminToken),
      payload: { solved: true },
    })
    expect(solved.statusCode).toBe(200)
    expect((await summary(w.adminToken)).json().issues).toEqual({ new_today: 1, unsolved: 1 })
  })
})

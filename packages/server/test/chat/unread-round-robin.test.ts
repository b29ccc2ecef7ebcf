import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsDir } from '../../src/db/migrate.js'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { chatWorld, createVisitor, send, setSettings, startChat } from './helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload })

/** chat id → unread_count, as the caller's chat list shows them. */
async function unreadOf(token: string, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/chat/chat/?limit=100${query}`, headers: auth(token) })
  expect(res.statusCode).toBe(200)
  return Object.fromEntries(
    res.json<{ data: { chat_id: number; unread_count: number }[] }>().data.map((c) => [c.chat_id, c.unread_count]),
  )
}

describe('unread counts in chat lists', () => {
  it('counts the other side’s messages after each chat’s own marker, for staff, clients across tenants and visitors', async () => {
    const w = await chatWorld(app)
    const other = await createTenantWithAdmin(app)
    const visitor = await createVisitor(app, w.adminToken)

    // Three client messages; staff read up to the first one.
    const c1 = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
    const m1 = await send(app, w.clientToken, c1, 'one')
    await send(app, w.clientToken, c1, 'two')
    await send(app, w.clientToken, c1, 'three')
    await post(`/api/chat/chat/${c1}/read/`, w.adminToken, { last_read_message_id: m1.message_id })
    // Two staff replies, one of them removed: removed messages are not unread.
    const r1 = await send(app, w.adminToken, c1, 'answer one')
    await send(app, w.adminToken, c1, 'answer two')
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/chat/message/${r1.message_id}/`, headers: auth(w.adminToken) }))
        .statusCode,
    ).toBe(204)

    // A second chat of the same client and tenant, on another channel, nothing sent.
    const c2 = (await startChat(app, w.clientToken, { tenant_id: w.tenantId, channel: 'website' })).chat_id
    // A chat of the same client with another tenant: one message each way, the client read nothing.
    const c3 = (await startChat(app, w.clientToken, { tenant_id: other.tenant.tenant_id })).chat_id
    const m3 = await send(app, w.clientToken, c3, 'hello other')
    await send(app, other.token, c3, 'hello back')
    await send(app, other.token, c3, 'anything else?')
    await post(`/api/chat/chat/${c3}/read/`, other.token, { last_read_message_id: m3.message_id })
    // A visitor's chat: two visitor messages, one staff reply read by nobody.
    const c4 = (await startChat(app, visitor.token, {})).chat_id
    await send(app, visitor.token, c4, 'hi')
    await send(app, visitor.token, c4, 'anyone?')
    const r4 = await send(app, w.adminToken, c4, 'yes')
    // Staff read past their own reply: the marker covers both sides' ids.
    await post(`/api/chat/chat/${c4}/read/`, w.adminToken, { last_read_message_id: r4.message_id })

    expect(await unreadOf(w.clientToken)).toEqual({ [c1]: 1, [c2]: 0, [c3]: 2 })
    expect(await unreadOf(w.adminToken)).toEqual({ [c1]: 2, [c2]: 0, [c4]: 0 })
    expect(await unreadOf(other.token)).toEqual({ [c3]: 0 })
    expect(await unreadOf(visitor.token)).toEqual({ [c4]: 1 })
    // The client narrowing to one tenant sees the same counts.
    expect(await unreadOf(w.clientToken, `&tenant_id=${other.tenant.tenant_id}`)).toEqual({ [c3]: 2 })
  })
})

describe('round-robin assignment', () => {
  const assigneeOfNewChat = async (tenantId: number) => {
    const { token } = await createClient(app)
    const res = await post('/api/chat/chat/', token, { tenant_id: tenantId })
    expect(res.statusCode).toBe(201)
    return res.json<{ chat_id: number; assignee: { id: number } | null }>()
  }

  it('picks the active member whose latest assignment is oldest, never-assigned first, counting manual assignments', async () => {
    const w = await chatWorld(app)
    const e1 = (await createEmployee(app, w.adminToken)).employee.id
    const e2 = (await createEmployee(app, w.adminToken)).employee.id
    await setSettings(app, w.tenantId, { auto_assign: 'round_robin' })

    // Nobody assigned yet: the lowest id.
    const first = await assigneeOfNewChat(w.tenantId)
    expect(first.assignee?.id).toBe(w.adminId)
    // A manual assignment counts as E1's latest: E2, never assigned, comes next, then the admin.
    expect((await post(`/api/chat/chat/${first.chat_id}/assign/`, w.adminToken, { assignee_id: e1 })).statusCode).toBe(
      200,
    )
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(e2)
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(w.adminId)
    // E1 is next in turn, but a disabled member is skipped; enabled again, they take their turn.
    expect((await post(`/api/staff/${e1}/disable/`, w.adminToken, {})).statusCode).toBe(200)
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(e2)
    expect((await post(`/api/staff/${e1}/enable/`, w.adminToken, {})).statusCode).toBe(200)
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(e1)
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(w.adminId)
  })

  it('does not count an unassignment as an assignment, nor another tenant’s assignments', async () => {
    const w = await chatWorld(app)
    const e1 = (await createEmployee(app, w.adminToken)).employee.id
    await setSettings(app, w.tenantId, { auto_assign: 'round_robin' })
    const first = await assigneeOfNewChat(w.tenantId)
    expect(first.assignee?.id).toBe(w.adminId)
    // Unassigning the admin's chat leaves the admin's latest assignment where it was.
    expect(
      (await post(`/api/chat/chat/${first.chat_id}/assign/`, w.adminToken, { assignee_id: null })).statusCode,
    ).toBe(200)
    // Another tenant assigning chats changes nothing here.
    const other = await chatWorld(app)
    await setSettings(app, other.tenantId, { auto_assign: 'round_robin' })
    await assigneeOfNewChat(other.tenantId)
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(e1)
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(w.adminId)
  })

  it('takes each member’s turn from the recorded assignments when migration 0011 backfills it', async () => {
    const w = await chatWorld(app)
    const e1 = (await createEmployee(app, w.adminToken)).employee.id
    const e2 = (await createEmployee(app, w.adminToken)).employee.id
    await setSettings(app, w.tenantId, { auto_assign: 'round_robin' })
    const first = await assigneeOfNewChat(w.tenantId)
    await assigneeOfNewChat(w.tenantId)
    // The admin's chat goes to E2 by hand: E2's latest assignment is now the newest, the admin's the oldest.
    await post(`/api/chat/chat/${first.chat_id}/assign/`, w.adminToken, { assignee_id: e2 })
    const turns = async () =>
      Object.fromEntries(
        (
          await app.db
            .selectFrom('users')
            .select(['id', 'last_assignment_event_id'])
            .where('tenant_id', '=', w.tenantId)
            .execute()
        ).map((u) => [u.id, u.last_assignment_event_id]),
      )
    const kept = await turns()
    await app.db
      .updateTable('users')
      .set({ last_assignment_event_id: null })
      .where('tenant_id', '=', w.tenantId)
      .execute()
    const migration = readFileSync(join(migrationsDir(), '0011_chat_assignment.sql'), 'utf8')
    await app.database.session((run) => run(migration))
    expect(await turns()).toEqual(kept)
    const assigned = await app.db
      .selectFrom('chat_events')
      .select(['id', 'detail'])
      .where('tenant_id', '=', w.tenantId)
      .where('kind', '=', 'assigned')
      .orderBy('id')
      .execute()
    expect(assigned.map((e) => (e.detail as { assignee_id: number }).assignee_id)).toEqual([w.adminId, e1, e2])
    expect(kept).toEqual({ [w.adminId]: assigned[0]?.id, [e1]: assigned[1]?.id, [e2]: assigned[2]?.id })
    expect((await assigneeOfNewChat(w.tenantId)).assignee?.id).toBe(w.adminId)
  })
})

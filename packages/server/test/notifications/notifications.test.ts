import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationType } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { createVisitor } from '../chat/helpers.js'
import { notify } from '../../src/features/notifications/notifications.service.js'

const DAY = 86_400_000
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
const post = (url: string, token?: string) =>
  app.inject({ method: 'POST', url, ...(token ? { headers: auth(token) } : {}) })

type Page = {
  data: {
    notification_id: number
    type: string
    title: string
    read: boolean
    read_at: string | null
    created_at: string
  }[]
  pagination: {
    limit: number
    has_older: boolean
    has_newer: boolean
    before_cursor: string | null
    after_cursor: string | null
  }
}

/** Writes `count` notifications for one staff member, one millisecond apart; returns their ids, oldest first. */
async function seed(tenantId: number, userId: number, count: number, type: NotificationType = 'chat.created') {
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    const { events } = await notify(app.db, {
      tenantId,
      userIds: [userId],
      type,
      title: `Note ${i + 1}`,
      body: `Body ${i + 1}`,
      data: { chat_id: i + 1 },
      at: clock.now(),
    })
    ids.push(events[0]!.notificationId)
    clock.advance(1)
  }
  return ids
}

describe('GET /api/notifications/', () => {
  it('requires a token', async () => {
    expect((await get('/api/notifications/')).statusCode).toBe(401)
    expect((await get('/api/notifications/unread-count/')).statusCode).toBe(401)
    expect((await post('/api/notifications/1/read/')).statusCode).toBe(401)
    expect((await post('/api/notifications/read-all/')).statusCode).toBe(401)
  })

  it('rejects bad filters, limits and cursors with 400', async () => {
    const org = await createTenantWithAdmin(app)
    for (const q of ['unread=maybe', 'type=chat.deleted', 'limit=0', 'limit=101', 'before=zzz', 'after=%3D%3D']) {
      const res = await get(`/api/notifications/?${q}`, org.token)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().code).toBe('validation.failed')
    }
    await seed(org.tenant.tenant_id, org.admin.id, 1)
    const cursor = (await get('/api/notifications/', org.token)).json<Page>().pagination.before_cursor!
    const both = await get(`/api/notifications/?before=${cursor}&after=${cursor}`, org.token)
    expect(both.statusCode).toBe(400)
  })

  it('never shows or marks another user’s notifications: strangers and colleagues get 404', async () => {
    const org = await createTenantWithAdmin(app)
    const colleague = await createEmployee(app, org.token)
    const stranger = await createTenantWithAdmin(app)
    const [id] = await seed(org.tenant.tenant_id, org.admin.id, 1)
    for (const token of [stranger.token, colleague.token]) {
      expect((await get('/api/notifications/', token)).json<Page>().data).toEqual([])
      expect((await get('/api/notifications/unread-count/', token)).json()).toEqual({ count: 0 })
      const read = await post(`/api/notifications/${id}/read/`, token)
      expect(read.statusCode).toBe(404)
      expect(read.json().code).toBe('not_found')
      expect((await post('/api/notifications/read-all/', token)).json()).toEqual({ updated: 0 })
    }
    expect((await get('/api/notifications/unread-count/', org.token)).json()).toEqual({ count: 1 })
  })

  it('refuses clients and widget visitors with 403', async () => {
    const org = await createTenantWithAdmin(app)
    const { token: client } = await createClient(app)
    const { token: visitor } = await createVisitor(app, org.token)
    for (const token of [client, visitor]) {
      expect((await get('/api/notifications/', token)).statusCode).toBe(403)
      expect((await get('/api/notifications/unread-count/', token)).statusCode).toBe(403)
      expect((await post('/api/notifications/1/read/', token)).statusCode).toBe(403)
      expect((await post('/api/notifications/read-all/', token)).statusCode).toBe(403)
    }
  })

  it('lists own notifications newest first and pages back and forth with cursors', async () => {
    const org = await createTenantWithAdmin(app)
    const ids = await seed(org.tenant.tenant_id, org.admin.id, 5)
    const newestFirst = [...ids].reverse()

    const first = (await get('/api/notifications/?limit=2', org.token)).json<Page>()
    expect(first.data.map((n) => n.notification_id)).toEqual(newestFirst.slice(0, 2))
    expect(first.data[0]).toMatchObject({
      type: 'chat.created',
      title: 'Note 5',
      body: 'Body 5',
      data: { chat_id: 5 },
      read: false,
      read_at: null,
    })
    expect(first.data[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(first.pagination).toMatchObject({ limit: 2, has_older: true, has_newer: false })

    const second = (
      await get(`/api/notifications/?limit=2&before=${first.pagination.before_cursor}`, org.token)
    ).json<Page>()
    expect(second.data.map((n) => n.notification_id)).toEqual(newestFirst.slice(2, 4))
    expect(second.pagination).toMatchObject({ has_older: true, has_newer: true })

    const last = (
      await get(`/api/notifications/?limit=2&before=${second.pagination.before_cursor}`, org.token)
    ).json<Page>()
    expect(last.data.map((n) => n.notification_id)).toEqual(newestFirst.slice(4))
    expect(last.pagination).toMatchObject({ has_older: false, has_newer: true })

    // `after` returns the newer ones closest to the cursor, still newest first.
    const newer = (
      await get(`/api/notifications/?limit=2&after=${last.pagination.after_cursor}`, org.token)
    ).json<Page>()
    expect(newer.data.map((n) => n.notification_id)).toEqual([ids[2], ids[1]])
    expect(newer.pagination).toMatchObject({ has_older: true, has_newer: true })

    const none = (await get(`/api/notifications/?after=${first.pagination.after_cursor}`, org.token)).json<Page>()
    expect(none.data).toEqual([])
    expect(none.pagination).toMatchObject({
      has_older: true,
      has_newer: false,
      before_cursor: null,
      after_cursor: null,
    })
  })

  it('filters by unread and type, and counts unread', async () => {
    const org = await createTenantWithAdmin(app)
    const created = await seed(org.tenant.tenant_id, org.admin.id, 2, 'chat.created')
    const escalated = await seed(org.tenant.tenant_id, org.admin.id, 2, 'chat.escalated')
    expect((await post(`/api/notifications/${created[0]}/read/`, org.token)).statusCode).toBe(200)

    expect((await get('/api/notifications/unread-count/', org.token)).json()).toEqual({ count: 3 })
    const unread = (await get('/api/notifications/?unread=true', org.token)).json<Page>()
    expect(unread.data.map((n) => n.notification_id)).toEqual([escalated[1], escalated[0], created[1]])
    const read = (await get('/api/notifications/?unread=false', org.token)).json<Page>()
    expect(read.data.map((n) => n.notification_id)).toEqual([created[0]])
    const byType = (await get('/api/notifications/?type=CHAT.ESCALATED', org.token)).json<Page>()
    expect(byType.data.map((n) => n.notification_id)).toEqual([escalated[1], escalated[0]])
    const both = (await get('/api/notifications/?type=chat.created&unread=1', org.token)).json<Page>()
    expect(both.data.map((n) => n.notification_id)).toEqual([created[1]])
    expect(both.pagination).toMatchObject({ has_older: false, has_newer: false })
  })
})

describe('POST /api/notifications/{id}/read/ and /read-all/', () => {
  it('marks one read once, keeping the first read_at', async () => {
    const org = await createTenantWithAdmin(app)
    const [id] = await seed(org.tenant.tenant_id, org.admin.id, 1)
    const first = await post(`/api/notifications/${id}/read/`, org.token)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ notification_id: id, read: true, read_at: clock.now().toISOString() })
    clock.advance(60_000)
    const again = await post(`/api/notifications/${id}/read/`, org.token)
    expect(again.json().read_at).toBe(first.json().read_at)
    expect((await post('/api/notifications/999999999/read/', org.token)).statusCode).toBe(404)
    // A path id that is not a number names no notification either (as on the other resources).
    expect((await post('/api/notifications/abc/read/', org.token)).statusCode).toBe(404)
  })

  it('marks every unread one read and says how many changed', async () => {
    const org = await createTenantWithAdmin(app)
    const colleague = await createEmployee(app, org.token)
    await seed(org.tenant.tenant_id, org.admin.id, 3)
    await seed(org.tenant.tenant_id, colleague.employee.id, 2)
    expect((await post('/api/notifications/read-all/', org.token)).json()).toEqual({ updated: 3 })
    expect((await post('/api/notifications/read-all/', org.token)).json()).toEqual({ updated: 0 })
    expect((await get('/api/notifications/unread-count/', org.token)).json()).toEqual({ count: 0 })
    expect((await get('/api/notifications/unread-count/', colleague.token)).json()).toEqual({ count: 2 })
  })

  it('keeps working after the subscription has ended', async () => {
    const org = await createTenantWithAdmin(app)
    const [id] = await seed(org.tenant.tenant_id, org.admin.id, 2)
    await app.db
      .updateTable('tenants')
      .set({ subscription_status: 'expired' })
      .where('id', '=', org.tenant.tenant_id)
      .execute()
    expect((await get('/api/notifications/', org.token)).statusCode).toBe(200)
    expect((await post(`/api/notifications/${id}/read/`, org.token)).statusCode).toBe(200)
    expect((await post('/api/notifications/read-all/', org.token)).json()).toEqual({ updated: 1 })
  })
})

describe('retention', () => {
  it('deletes notifications older than 90 days and keeps younger ones', async () => {
    const org = await createTenantWithAdmin(app)
    const write = async (ageDays: number) => {
      const { events } = await notify(app.db, {
        tenantId: org.tenant.tenant_id,
        userIds: [org.admin.id],
        type: 'chat.created',
        title: `${ageDays} days old`,
        body: '',
        at: new Date(clock.now().getTime() - ageDays * DAY),
      })
      return events[0]!.notificationId
    }
    await write(91)
    const young = await write(89)
    expect(await app.services.notifications.purgeOld()).toBeGreaterThanOrEqual(1)
    const left = (await get('/api/notifications/', org.token)).json<Page>()
    expect(left.data.map((n) => n.notification_id)).toEqual([young])
  })
})

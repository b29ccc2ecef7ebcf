import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CompiledQuery, sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'
import type { Executor } from '../../src/db/database.js'
import { notify } from '../../src/features/notifications/notifications.service.js'
import { countUnread, listOwnNotifications } from '../../src/features/notifications/notifications.queries.js'

const clock = testClock()
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const get = <T>(url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: auth(token) }).then((res) => res.json<T>())
const post = (url: string, token: string) => app.inject({ method: 'POST', url, headers: auth(token) })

type Page = {
  data: { notification_id: number; read: boolean }[]
  pagination: { has_older: boolean; has_newer: boolean; before_cursor: string | null; after_cursor: string | null }
}

/** Writes `count` notifications for each of `userIds`, interleaved; returns each user's ids, oldest first. */
async function seed(tenantId: number, userIds: number[], count: number) {
  const ids = new Map<number, number[]>(userIds.map((id) => [id, []]))
  for (let i = 0; i < count; i++) {
    const { events } = await notify(app.db, {
      tenantId,
      userIds,
      type: 'chat.created',
      title: `Note ${i + 1}`,
      body: '',
      at: clock.now(),
    })
    for (const e of events) ids.get(e.userId)!.push(e.notificationId)
    clock.advance(1)
  }
  return ids
}

describe('unread notifications', () => {
  it('pages through the unread ones only, skipping read ones and other people’s', async () => {
    const org = await createTenantWithAdmin(app)
    const colleague = await createEmployee(app, org.token)
    const stranger = await createTenantWithAdmin(app)
    const mine = (await seed(org.tenant.tenant_id, [org.admin.id, colleague.employee.id], 9)).get(org.admin.id)!
    await seed(stranger.tenant.tenant_id, [stranger.admin.id], 3)
    // Every third one is read: 1, 4 and 7 (0-based 0, 3, 6).
    for (const i of [0, 3, 6])
      expect((await post(`/api/notifications/${mine[i]}/read/`, org.token)).statusCode).toBe(200)
    const unread = mine.filter((_, i) => i % 3 !== 0).reverse()

    expect(await get('/api/notifications/unread-count/', org.token)).toEqual({ count: 6 })
    expect(await get('/api/notifications/unread-count/', colleague.token)).toEqual({ count: 9 })

    const first = await get<Page>('/api/notifications/?unread=true&limit=4', org.token)
    expect(first.data.map((n) => n.notification_id)).toEqual(unread.slice(0, 4))
    expect(first.data.every((n) => !n.read)).toBe(true)
    expect(first.pagination).toMatchObject({ has_older: true, has_newer: false })

    const second = await get<Page>(
      `/api/notifications/?unread=true&limit=4&before=${first.pagination.before_cursor}`,
      org.token,
    )
    expect(second.data.map((n) => n.notification_id)).toEqual(unread.slice(4))
    // Older than the last unread one there is only a read one: no older unread page.
    expect(second.pagination).toMatchObject({ has_older: false, has_newer: true })

    const back = await get<Page>(
      `/api/notifications/?unread=true&limit=3&after=${second.pagination.after_cursor}`,
      org.token,
    )
    expect(back.data.map((n) => n.notification_id)).toEqual(unread.slice(1, 4))
    expect(back.pagination).toMatchObject({ has_older: true, has_newer: true })

    expect((await post('/api/notifications/read-all/', org.token)).json()).toEqual({ updated: 6 })
    const none = await get<Page>('/api/notifications/?unread=true', org.token)
    expect(none.data).toEqual([])
    expect(none.pagination).toMatchObject({ has_older: false, has_newer: false })
    expect(await get('/api/notifications/unread-count/', colleague.token)).toEqual({ count: 9 })
  })
})

/** Records the statements a function runs, so the test can ask the database how it would run them. */
function recorder() {
  const nodes: { node: RootOperationNode; queryId: QueryId }[] = []
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      nodes.push({ node, queryId })
      return node
    },
    transformResult: async ({ result }) => result,
  }
  return { nodes, plugin }
}

/** The plan of every statement `run` executes, with sequential scans priced out (the test tables are tiny). */
async function plansOf(run: (ex: Executor) => Promise<unknown>): Promise<string[]> {
  return app.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    const { nodes, plugin } = recorder()
    await run(trx.withPlugin(plugin))
    const plans: string[] = []
    for (const { node, queryId } of nodes) {
      const compiled = trx.getExecutor().compileQuery(node, queryId)
      const { rows } = await trx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      )
      plans.push(rows.map((r) => Object.values(r)[0]).join('\n'))
    }
    return plans
  })
}

describe('notification list queries', () => {
  it('enter the unread index, or the recipient index, by tenant and recipient', async () => {
    const org = await createTenantWithAdmin(app)
    const colleague = await createEmployee(app, org.token)
    const ids = (await seed(org.tenant.tenant_id, [org.admin.id, colleague.employee.id], 60)).get(org.admin.id)!
    await app.db
      .updateTable('notifications')
      .set({ read_at: clock.now() })
      .where('tenant_id', '=', org.tenant.tenant_id)
      .where('id', '<', ids[50]!)
      .execute()
    await sql`analyze notifications`.execute(app.db)
    const [tenantId, userId] = [org.tenant.tenant_id, org.admin.id]

    // An index is entered by tenant and recipient, not scanned whole with a filter: the unread index, or on a few
    // rows (a database shared with other test files) the recipient index, whichever the planner finds cheaper.
    const byUnreadIndex =
      /(?:using|on) notifications_(?:unread|recipient)_idx[^\n]*\n\s*Index Cond: \(\(tenant_id = [^\n]+ AND \(user_id = /
    const [count] = await plansOf((ex) => countUnread(ex, tenantId, userId))
    expect(count).toMatch(byUnreadIndex)
    const [list] = await plansOf((ex) =>
      listOwnNotifications(ex, tenantId, userId, { unread: true }, { before: ids[58], limit: 20 }),
    )
    expect(list).toMatch(byUnreadIndex)
    // Without the unread filter the page's ids come from the recipient's own index entries, not a primary-key walk.
    const [all] = await plansOf((ex) => listOwnNotifications(ex, tenantId, userId, {}, { limit: 20 }))
    // (An index scan or, on a database shared with other test files, a bitmap scan of that index.)
    expect(all).toMatch(
      /(?:using|on) notifications_recipient_idx[^\n]*\n\s*Index Cond: \(\(tenant_id = [^\n]+ AND \(user_id = /,
    )
  })
})

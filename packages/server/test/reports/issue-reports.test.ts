import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { csvRows } from './report-files.js'

/* The issues report as CSV (contract §9.1): every cell of known issues, its filters, and who may ask. */

const NOW = new Date('2026-11-20T12:00:00Z')
const DAY = 86_400_000

let app: TestApp
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let ids: { issues: number[]; communities: number[] }

const get = (query: Record<string, string> = {}, token = org.token) =>
  app.inject({ method: 'GET', url: '/api/reports/issuescsv/', query, headers: auth(token) })

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
  org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const db = app.db
  await db.updateTable('tenants').set({ timezone: 'UTC' }).where('id', '=', tenantId).execute()
  const { client } = await createClient(app, { first_name: 'Cora', last_name: 'Client' })
  const communities = await db
    .insertInto('communities')
    .values([
      { tenant_id: tenantId, name: 'Trail Talk' },
      { tenant_id: tenantId, name: 'Gear' },
    ])
    .returning('id')
    .execute()
  const [trail, gear] = communities.map((c) => Number(c.id))
  const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY)
  const issue = async (community: number, title: string, created: Date, solvedAt: Date | null) => {
    const row = await db
      .insertInto('community_issues')
      .values({
        tenant_id: tenantId,
        community_id: community,
        client_id: client.id,
        title,
        description: '@everyone: the map, "north" side',
        solved: solvedAt !== null,
        solved_at: solvedAt,
        last_activity_at: created,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const thread = await db
      .insertInto('community_threads')
      .values({ tenant_id: tenantId, issue_id: row.id, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: Number(row.id), thread: Number(thread.id) }
  }
  const old = await issue(trail!, 'Washed-out bridge', at(400), at(390))
  const recent = await issue(gear!, 'Tent pole snapped', at(2), null)
  // Two comments on the recent issue, one of them deleted: one counts.
  await db
    .insertInto('community_comments')
    .values([
      {
        tenant_id: tenantId,
        community_id: gear!,
        issue_id: recent.id,
        thread_id: recent.thread,
        client_id: client.id,
        body: 'Same here',
        created_at: at(1),
        updated_at: at(1),
      },
      {
        tenant_id: tenantId,
        community_id: gear!,
        issue_id: recent.id,
        thread_id: recent.thread,
        client_id: client.id,
        body: 'Gone',
        deleted_at: at(1),
        created_at: at(1),
        updated_at: at(1),
      },
    ])
    .execute()
  ids = { issues: [old.id, recent.id], communities: [trail!, gear!] }
})
afterAll(async () => {
  await app.shutdown()
})

describe('issues report as CSV', () => {
  it('writes every issue of every community, newest first, without a date bound by default', async () => {
    const res = await get()
    expect(res.headers['x-report-rows']).toBe('2')
    expect(res.headers['content-disposition']).toMatch(/filename="proxima-issues-.+-20261120-1200\.csv"/)
    const [header, ...rows] = csvRows(res)
    expect(header).toEqual(REPORT_COLUMNS.issues)
    const description = `'@everyone: the map, "north" side`
    expect(rows).toEqual([
      [
        String(ids.issues[1]),
        'Gear',
        'Tent pole snapped',
        description,
        'Cora Client',
        'no',
        '1',
        '2026-11-18T12:00:00+00:00',
        '',
      ],
      [
        String(ids.issues[0]),
        'Trail Talk',
        'Washed-out bridge',
        description,
        'Cora Client',
        'yes',
        '0',
        '2025-10-16T12:00:00+00:00',
        '2025-10-26T12:00:00+00:00',
      ],
    ])
  })

  it('narrows by community, by solved and by the window of creation', async () => {
    const only = async (query: Record<string, string>) =>
      csvRows(await get(query))
        .slice(1)
        .map((r) => Number(r[0]))
    expect(await only({ community_id: String(ids.communities[0]) })).toEqual([ids.issues[0]])
    expect(await only({ solved: 'false' })).toEqual([ids.issues[1]])
    expect(await only({ solved: 'true' })).toEqual([ids.issues[0]])
    expect(await only({ from: '2026-11-01' })).toEqual([ids.issues[1]])
    expect(await only({ to: '2026-01-01' })).toEqual([ids.issues[0]])
  })

  it('answers 404 for another organization’s community, 400 for a bad filter, 403 to customers', async () => {
    const stranger = await createTenantWithAdmin(app)
    expect((await get({ community_id: String(ids.communities[0]) }, stranger.token)).statusCode).toBe(404)
    expect(csvRows(await get({}, stranger.token)).length).toBe(1)
    expect((await get({ solved: 'maybe' })).statusCode).toBe(400)
    const { token } = await createClient(app)
    expect((await get({}, token)).statusCode).toBe(403)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { csvRows, pdfPages, squash } from './report-files.js'

/*
 * The threads report (contract §9.1): one row per comment that is not deleted, every cell of known comments as CSV
 * (the author as the comments show them, its type, the reactions, the formula guard, times in the report's time zone),
 * exactly one of a thread, an issue or a community, the window, the PDF read back, and who may ask.
 */

const NOW = new Date('2026-11-20T12:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR

let app: TestApp
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let employeeToken: string
let ids: {
  communities: { trail: number; gear: number; quiet: number }
  issues: { tent: number; bridge: number }
  threads: { tent: number; bridge: number }
  comments: number[]
}

const get = (path: string, query: Record<string, string> = {}, token = org.token) =>
  app.inject({ method: 'GET', url: `/api/reports/${path}/`, query, headers: auth(token) })

const at = (msAgo: number) => new Date(NOW.getTime() - msAgo)

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
  org = await createTenantWithAdmin(app)
  const { employee, token } = await createEmployee(app, org.token)
  employeeToken = token
  const tenantId = org.tenant.tenant_id
  const db = app.db
  await db
    .updateTable('tenants')
    .set({ timezone: 'America/St_Johns', name: 'Trailhead & Co' })
    .where('id', '=', tenantId)
    .execute()
  await db.updateTable('users').set({ first_name: 'Ada', last_name: 'Agent' }).where('id', '=', employee.id).execute()
  const { client: cora } = await createClient(app, { first_name: 'Cora', last_name: 'Client' })
  const { client: bob } = await createClient(app, { first_name: 'Bob', last_name: 'Builder' })
  const { client: dan } = await createClient(app, { first_name: 'Dan', last_name: 'Doe' })
  const communities = await db
    .insertInto('communities')
    .values([
      { tenant_id: tenantId, name: 'Trail Talk' },
      { tenant_id: tenantId, name: 'Gear' },
      { tenant_id: tenantId, name: 'Quiet corner' },
    ])
    .returning('id')
    .execute()
  const [trail, gear, quiet] = communities.map((c) => Number(c.id))
  const issue = async (community: number, title: string, created: Date) => {
    const row = await db
      .insertInto('community_issues')
      .values({
        tenant_id: tenantId,
        community_id: community,
        client_id: cora.id,
        title,
        description: 'What happened',
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
    return { issue: Number(row.id), thread: Number(thread.id), community }
  }
  const tent = await issue(gear!, 'Tent pole snapped', at(2 * DAY))
  const bridge = await issue(trail!, '=Washed-out bridge', at(60 * DAY))
  const comment = (
    where: typeof tent,
    by: { client_id?: number; staff_user_id?: number },
    body: string,
    created: Date,
    deleted = false,
  ) => ({
    tenant_id: tenantId,
    community_id: where.community,
    issue_id: where.issue,
    thread_id: where.thread,
    client_id: by.client_id ?? null,
    staff_user_id: by.staff_user_id ?? null,
    body,
    deleted_at: deleted ? created : null,
    created_at: created,
    updated_at: created,
  })
  const comments = await db
    .insertInto('community_comments')
    .values([
      comment(tent, { client_id: cora.id }, 'Same here, twice', at(30 * HOUR)),
      comment(tent, { staff_user_id: employee.id }, '+1 we are on it', at(20 * HOUR)),
      comment(tent, { client_id: bob.id }, 'Gone', at(10 * HOUR), true),
      comment(tent, { client_id: bob.id }, 'Thanks,\n"great" help', at(5 * HOUR)),
      comment(bridge, { client_id: dan.id }, 'Still closed', at(40 * DAY)),
      // A staff reply whose staff account is gone: the organization's.
      comment(bridge, {}, 'Reopened', at(30 * DAY)),
    ])
    .returning('id')
    .execute()
  const [first, second] = comments.map((c) => Number(c.id))
  const reaction = (comment_id: number, client_id: number, reaction: 'like' | 'dislike') => ({
    tenant_id: tenantId,
    comment_id,
    client_id,
    reaction,
    created_at: NOW,
    updated_at: NOW,
  })
  await db
    .insertInto('comment_reactions')
    .values([
      reaction(first!, bob.id, 'like'),
      reaction(first!, dan.id, 'like'),
      reaction(first!, cora.id, 'dislike'),
      reaction(second!, cora.id, 'dislike'),
    ])
    .execute()
  ids = {
    communities: { trail: trail!, gear: gear!, quiet: quiet! },
    issues: { tent: tent.issue, bridge: bridge.issue },
    threads: { tent: tent.thread, bridge: bridge.thread },
    comments: comments.map((c) => Number(c.id)),
  }
})
afterAll(async () => {
  await app.shutdown()
})

describe('threads report as CSV', () => {
  it('writes a thread’s comments oldest first, leaving deleted ones out, with the headers of a download', async () => {
    const res = await get('threadscsv', { thread_id: String(ids.threads.tent) })
    expect(res.headers['x-report-rows']).toBe('3')
    expect(res.headers['cache-control']).toBe('no-store')
    // St. John's is 3:30 behind UTC in November.
    expect(res.headers['content-disposition']).toMatch(/filename="proxima-threads-trailhead-co-20261120-0830\.csv"/)
    const [header, ...rows] = csvRows(res)
    expect(header).toEqual(REPORT_COLUMNS.threads)
    const thread = String(ids.threads.tent)
    expect(rows).toEqual([
      [
        String(ids.comments[0]),
        thread,
        'Tent pole snapped',
        'Cora Client',
        'client',
        'Same here, twice',
        '2',
        '1',
        '2026-11-19T02:30:00-03:30',
      ],
      // A staff reply by its staff member; a comment that starts like a formula is guarded.
      [
        String(ids.comments[1]),
        thread,
        'Tent pole snapped',
        'Ada Agent',
        'staff',
        "'+1 we are on it",
        '0',
        '1',
        '2026-11-19T12:30:00-03:30',
      ],
      [
        String(ids.comments[3]),
        thread,
        'Tent pole snapped',
        'Bob Builder',
        'client',
        'Thanks,\n"great" help',
        '0',
        '0',
        '2026-11-20T03:30:00-03:30',
      ],
    ])
  })

  it('writes an issue’s comments, the issue title guarded, a staff reply without its account as the organization’s', async () => {
    const rows = csvRows(await get('threadscsv', { issue_id: String(ids.issues.bridge), timezone: 'UTC' })).slice(1)
    const thread = String(ids.threads.bridge)
    expect(rows).toEqual([
      [
        String(ids.comments[4]),
        thread,
        "'=Washed-out bridge",
        'Dan Doe',
        'client',
        'Still closed',
        '0',
        '0',
        '2026-10-11T12:00:00+00:00',
      ],
      [
        String(ids.comments[5]),
        thread,
        "'=Washed-out bridge",
        'Trailhead & Co',
        'staff',
        'Reopened',
        '0',
        '0',
        '2026-10-21T12:00:00+00:00',
      ],
    ])
  })

  it('narrows a community’s threads by the window of comment creation, by GET and by POST', async () => {
    const only = async (query: Record<string, string>) =>
      csvRows(await get('threadscsv', query))
        .slice(1)
        .map((r) => Number(r[0]))
    const [c0, c1, , c3, , c5] = ids.comments
    expect(await only({ community_id: String(ids.communities.gear) })).toEqual([c0, c1, c3])
    expect(await only({ community_id: String(ids.communities.trail), from: '2026-10-15' })).toEqual([c5])
    // A date is that whole day in the report's time zone: the 19th in St. John's ends at 03:30 UTC on the 20th.
    expect(await only({ thread_id: String(ids.threads.tent), from: '2026-11-19', to: '2026-11-19' })).toEqual([c0, c1])
    expect(await only({ issue_id: String(ids.issues.tent), to: '2026-11-19T00:00:00Z' })).toEqual([])
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/threadscsv/',
      payload: { community_id: ids.communities.gear, from: '2026-11-20' },
      headers: auth(org.token),
    })
    expect(
      csvRows(res)
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual([c3])
  })

  it('writes the header row alone when nothing matches', async () => {
    const res = await get('threadscsv', { community_id: String(ids.communities.quiet) })
    expect(res.headers['x-report-rows']).toBe('0')
    expect(res.rawPayload.toString('utf8')).toBe(`\uFEFF${REPORT_COLUMNS.threads.join(',')}\r\n`)
  })
})

describe('threads report as PDF', () => {
  it('at both of its paths: the title, the filters, the columns and the values unguarded', async () => {
    for (const path of ['threadpdf', 'threadspdf']) {
      const res = await get(path, { issue_id: String(ids.issues.bridge) })
      expect(res.headers['content-disposition']).toMatch(/filename="proxima-threads-trailhead-co-20261120-0830\.pdf"/)
      const [page, ...more] = await pdfPages(res)
      expect(more).toEqual([])
      expect(page!.text).toContain('Threads report')
      expect(page!.text).toContain('Trailhead & Co')
      expect(page!.text).toContain(
        'Issue: =Washed-out bridge · Commented until 2026-11-20 08:30 · Times in America/St_Johns',
      )
      for (const column of REPORT_COLUMNS.threads) expect(page!.squashed).toContain(squash(column))
      // In October St. John's is on summer time, 2:30 behind UTC.
      for (const value of ['=Washed-out bridge', 'Dan Doe', 'Still closed', '2026-10-11T09:30:00-02:30'])
        expect(page!.squashed).toContain(squash(value))
      expect(page!.squashed).not.toContain(squash("'=Washed"))
    }
  })

  it('names the thread it reads, and is the header page and "No data for these filters." when empty', async () => {
    const [thread] = await pdfPages(await get('threadpdf', { thread_id: String(ids.threads.tent) }))
    expect(thread!.text).toContain(`Thread ${ids.threads.tent}: Tent pole snapped`)
    const [page, ...more] = await pdfPages(await get('threadspdf', { community_id: String(ids.communities.quiet) }))
    expect(more).toEqual([])
    expect(page!.text).toContain('Threads report')
    expect(page!.text).toContain('Community: Quiet corner')
    expect(page!.text).toContain('No data for these filters.')
  })
})

describe('refusals', () => {
  it('answers 400 validation.failed unless exactly one of thread_id, issue_id and community_id is given', async () => {
    for (const [path, query, fields] of [
      ['threadscsv', {}, ['thread_id']],
      ['threadpdf', { thread_id: '1', issue_id: '2' }, ['thread_id', 'issue_id']],
      ['threadscsv', { thread_id: '1', issue_id: '2', community_id: '3' }, ['thread_id', 'issue_id', 'community_id']],
      ['threadscsv', { thread_id: 'x' }, ['thread_id']],
      ['threadscsv', { thread_id: '1', from: '2026-11-20', to: '2026-11-19' }, ['to']],
    ] as const) {
      const res = await get(path, query)
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      const body = res.json<{ code: string; errors: Record<string, string[]> }>()
      expect(body.code).toBe('validation.failed')
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort())
    }
    const posted = await app.inject({
      method: 'POST',
      url: '/api/reports/threadspdf/',
      payload: {},
      headers: auth(org.token),
    })
    expect(posted.statusCode).toBe(400)
    expect(posted.json<{ code: string }>().code).toBe('validation.failed')
  })

  it('answers 404 for another organization’s thread, issue or community', async () => {
    const stranger = await createTenantWithAdmin(app)
    const queries: Record<string, string>[] = [
      { thread_id: String(ids.threads.tent) },
      { issue_id: String(ids.issues.tent) },
      { community_id: String(ids.communities.gear) },
    ]
    for (const path of ['threadscsv', 'threadpdf', 'threadspdf'])
      for (const query of queries) {
        const res = await get(path, query, stranger.token)
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(404)
      }
    expect((await get('threadscsv', { thread_id: '999999999' })).statusCode).toBe(404)
  })

  it('lets employees export any community’s threads, and refuses customers (403)', async () => {
    expect(csvRows(await get('threadscsv', { community_id: String(ids.communities.gear) }, employeeToken)).length).toBe(
      4,
    )
    const { token } = await createClient(app)
    for (const path of ['threadscsv', 'threadpdf', 'threadspdf'])
      expect((await get(path, { thread_id: String(ids.threads.tent) }, token)).statusCode).toBe(403)
  })
})

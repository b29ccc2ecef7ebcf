import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  analyticsWorld,
  client,
  comment,
  getMetric,
  issue,
  type AnalyticsWorld,
  type IssueRef,
} from './community-data.js'

/*
 * Issue and comment metrics (contract §7.9) over rows written at exact instants; expected values are worked out by
 * hand in the comments. Window: 1–4 March 2026 UTC (three days). A is the default community, B the second.
 *
 * Issues: i0 A by d1 20 Feb (solved); i1 A by d1 1 Mar 10:00; i2 A by d2 2 Mar 10:00 (solved); i5 A by d1 3 Mar
 * 09:00; i3 B by d3 3 Mar 10:00; i4 A by d2 5 Mar (after `to`).
 * Comments: i0: d2 21 Feb, staff 1 Mar 12:00. i1: d2 1 Mar 11:00, d2 2 Mar 11:00, d3 2 Mar 12:00, staff 2 Mar
 * 13:00, d1 3 Mar 10:00 (deleted), d3 5 Mar (after `to`). i3: d3 3 Mar 11:00, staff 3 Mar 12:00.
 */
const clock = testClock(new Date('2026-03-20T12:00:00.000Z'))
let app: TestApp
let w: AnalyticsWorld
let admin: string
let d1: number
let d2: { id: number; username: string }
let d3: { id: number; username: string }
let i1: IssueRef

beforeAll(async () => {
  app = await buildTestApp({ clock })
  w = await analyticsWorld(app)
  admin = w.adminToken
  d1 = (await client(app)).id
  d2 = await client(app, { first_name: 'Dana', last_name: 'Two' })
  d3 = await client(app, { first_name: 'Dev', last_name: 'Three' })
  const A = w.communityId
  const B = w.secondId
  const staff = { staff: w.adminId }
  const i0 = await issue(app, w, A, d1, '2026-02-20T09:00:00Z', true)
  i1 = await issue(app, w, A, d1, '2026-03-01T10:00:00Z')
  await issue(app, w, A, d2.id, '2026-03-02T10:00:00Z', true)
  await issue(app, w, A, d1, '2026-03-03T09:00:00Z')
  const i3 = await issue(app, w, B, d3.id, '2026-03-03T10:00:00Z')
  await issue(app, w, A, d2.id, '2026-03-05T10:00:00Z')
  await comment(app, w, i0, { client: d2.id }, '2026-02-21T09:00:00Z')
  await comment(app, w, i0, staff, '2026-03-01T12:00:00Z')
  await comment(app, w, i1, { client: d2.id }, '2026-03-01T11:00:00Z')
  await comment(app, w, i1, { client: d2.id }, '2026-03-02T11:00:00Z')
  await comment(app, w, i1, { client: d3.id }, '2026-03-02T12:00:00Z')
  await comment(app, w, i1, staff, '2026-03-02T13:00:00Z')
  await comment(app, w, i1, { client: d1 }, '2026-03-03T10:00:00Z', true)
  await comment(app, w, i1, { client: d3.id }, '2026-03-05T10:00:00Z')
  await comment(app, w, i3, { client: d3.id }, '2026-03-03T11:00:00Z')
  await comment(app, w, i3, staff, '2026-03-03T12:00:00Z')
})
afterAll(async () => {
  await app.shutdown()
})

const MARCH = { from: '2026-03-01T00:00:00Z', to: '2026-03-04T00:00:00Z', timezone: 'UTC' }
const day = (d: number, h = 0) => `2026-03-0${d}T${String(h).padStart(2, '0')}:00:00.000Z`
const counts = (series: { count: number }[]) => series.map((b) => b.count)

describe('averagecomments', () => {
  it('averages the comments of threads raised in the window, staff replies in, deleted ones out', async () => {
    // A: i1 (d2, d2, d3, staff = 4), i2 (0), i5 (0); i0's staff reply is on an older issue → 4 / 3.
    const a = await getMetric(app, admin, 'averagecomments', { ...MARCH, community: w.communityId })
    expect(a.body).toMatchObject({
      avg_comments_per_thread: 1.33,
      thread_count: 3,
      comment_count: 4,
      staff_reply_count: 1,
      threads_without_comments: 2,
    })
    // All: + i3 (d3, staff) → 6 / 4.
    const all = await getMetric(app, admin, 'averagecomments', MARCH)
    expect(all.body).toMatchObject({
      avg_comments_per_thread: 1.5,
      thread_count: 4,
      comment_count: 6,
      staff_reply_count: 2,
      threads_without_comments: 2,
    })
  })
})

describe('cumulativecomments and cumulativeissues', () => {
  it('count everything up to to, the window share, and running totals at each day end', async () => {
    // A: 1 before (21 Feb); 1 Mar: i0 staff, i1 d2 → 3; 2 Mar: 3 more → 6; 3 Mar: only a deleted one → 6.
    const a = await getMetric(app, admin, 'cumulativecomments', { ...MARCH, community: w.communityId })
    expect(a.body).toMatchObject({ count: 6, in_window: 5 })
    expect(a.body.series).toEqual([
      { start_time: day(1), end_time: day(2), partial: false, count: 3 },
      { start_time: day(2), end_time: day(3), partial: false, count: 6 },
      { start_time: day(3), end_time: day(4), partial: false, count: 6 },
    ])
    // All: + i3's two on 3 Mar.
    const all = await getMetric(app, admin, 'cumulativecomments', MARCH)
    expect(all.body).toMatchObject({ count: 8, in_window: 7 })
    expect(counts(all.body.series)).toEqual([3, 6, 8])
  })

  it('split the issues up to to by their current state', async () => {
    // A: i0 (solved) before; i1, i2 (solved), i5 in the window → 4, 2 solved.
    const a = await getMetric(app, admin, 'cumulativeissues', { ...MARCH, community: w.communityId })
    expect(a.body).toMatchObject({ count: 4, open_count: 2, solved_count: 2, in_window: 3 })
    expect(counts(a.body.series)).toEqual([2, 3, 4])
    const all = await getMetric(app, admin, 'cumulativeissues', MARCH)
    expect(all.body).toMatchObject({ count: 5, open_count: 3, solved_count: 2, in_window: 4 })
    expect(counts(all.body.series)).toEqual([2, 3, 5])
  })

  it('end a partial last bucket at to and bucket in the requested time zone', async () => {
    // Tokyo (UTC+9) days: 1 Mar starts 28 Feb 15:00Z. Window 28 Feb 15:00Z – 2 Mar 12:00Z (inside 2 Mar Tokyo).
    // A comments: before: 21 Feb → 1. Tokyo 1 Mar (28 Feb 15:00Z – 1 Mar 15:00Z): i0 staff 12:00, i1 d2 11:00 → 3.
    // Tokyo 2 Mar up to 2 Mar 12:00Z: d2 11:00 → 4 (d3 at 12:00Z is at `to`, outside).
    const { body } = await getMetric(app, admin, 'cumulativecomments', {
      from: '2026-03-01',
      to: '2026-03-02T12:00:00Z',
      timezone: 'Asia/Tokyo',
      community: w.communityId,
    })
    expect(body).toMatchObject({ count: 4, in_window: 3 })
    expect(body.series).toEqual([
      { start_time: '2026-02-28T15:00:00.000Z', end_time: '2026-03-01T15:00:00.000Z', partial: false, count: 3 },
      { start_time: '2026-03-01T15:00:00.000Z', end_time: '2026-03-02T15:00:00.000Z', partial: true, count: 4 },
    ])
  })
})

describe('uniquecomments', () => {
  it('counts distinct commenting clients, never staff, and ranks them', async () => {
    // A in the window: d2 ×2 and d3 on i1 (staff replies and d1's deleted comment do not count) → 2 clients on 1 thread.
    const a = await getMetric(app, admin, 'uniquecomments', { ...MARCH, community: w.communityId })
    expect(a.body).toMatchObject({ count: 2, average_commenters_per_thread: 2 })
    expect(a.body.data).toEqual([
      { client: d2.id, username: d2.username, first_name: 'Dana', last_name: 'Two', total: 2 },
      { client: d3.id, username: d3.username, first_name: 'Dev', last_name: 'Three', total: 1 },
    ])
    // All: + d3 on i3 → d2 2, d3 2 (tie: lower id first); pairs (i1, d2), (i1, d3), (i3, d3) over 2 threads.
    const all = await getMetric(app, admin, 'uniquecomments', { ...MARCH, limit: 1 })
    expect(all.body).toMatchObject({ count: 2, average_commenters_per_thread: 1.5 })
    expect(all.body.data).toEqual([
      { client: d2.id, username: d2.username, first_name: 'Dana', last_name: 'Two', total: 2 },
    ])
    expect(all.body.meta).toMatchObject({ filters: { limit: 1 }, ignored_filters: [] })
  })
})

describe('issueuserrelation', () => {
  it('relates issues raised in the window to the clients who raised them', async () => {
    // A: i1 and i5 by d1, i2 by d2 → 3 / 2. All: + i3 by d3 → 4 / 3.
    const a = await getMetric(app, admin, 'issueuserrelation', { ...MARCH, community: w.communityId })
    expect(a.body).toMatchObject({ count: 2, issue_count: 3, issues_per_client: 1.5 })
    const all = await getMetric(app, admin, 'issueuserrelation', MARCH)
    expect(all.body).toMatchObject({ count: 3, issue_count: 4, issues_per_client: 1.33 })
  })
})

describe('commentsuserrelation', () => {
  it('with a thread, counts its comments from the thread’s creation', async () => {
    // i1 from 1 Mar 10:00 to 4 Mar: d2, d2, d3, staff (the deleted one out) → 4 comments by 2 clients.
    const t = await getMetric(app, admin, 'commentsuserrelation', { thread: i1.threadId, to: MARCH.to })
    expect(t.body).toMatchObject({ count: 2, comment_count: 4, comments_per_client: 2 })
    expect(t.body.meta).toMatchObject({ from: day(1, 10), to: day(4), filters: { thread: i1.threadId } })
    // Up to now: + d3 on 5 Mar.
    const now = await getMetric(app, admin, 'commentsuserrelation', { thread_id: i1.threadId })
    expect(now.body).toMatchObject({ count: 2, comment_count: 5, comments_per_client: 2.5 })
    expect(now.body.meta.from).toBe(day(1, 10))
  })

  it('without a thread covers a community or the tenant; a thread outside the community counts nothing', async () => {
    // A in the window: i0 staff, i1 d2, d2, d3, staff → 5 by 2 clients. All: + i3 d3, staff → 7 by 2.
    const a = await getMetric(app, admin, 'commentsuserrelation', { ...MARCH, community: w.communityId })
    expect(a.body).toMatchObject({ count: 2, comment_count: 5, comments_per_client: 2.5 })
    const all = await getMetric(app, admin, 'commentsuserrelation', MARCH)
    expect(all.body).toMatchObject({ count: 2, comment_count: 7, comments_per_client: 3.5 })
    const elsewhere = await getMetric(app, admin, 'commentsuserrelation', {
      ...MARCH,
      thread: i1.threadId,
      community: w.secondId,
    })
    expect(elsewhere.body).toMatchObject({ count: 0, comment_count: 0, comments_per_client: null })
  })
})

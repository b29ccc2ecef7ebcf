import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth } from '../factories.js'
import { analyticsWorld, client, comment, getMetric, issue, postMetric, stay } from './community-data.js'

/* What the nine community metrics (contract §7.9) share: scoping, ignored filters, empty tenants, GET and POST. */

const COMMUNITY_METRICS = [
  'averagecomments',
  'communitygrowthrate',
  'communitymembers',
  'communityrating',
  'cumulativecomments',
  'cumulativeissues',
  'uniquecomments',
  'issueuserrelation',
  'commentsuserrelation',
] as const

const clock = testClock(new Date('2026-03-20T12:00:00.000Z'))
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

describe('community analytics scoping', () => {
  it('answers 404 for another tenant’s community or thread, and 403 to clients', async () => {
    const w = await analyticsWorld(app)
    const stranger = await analyticsWorld(app)
    const c = await client(app)
    const theirs = await issue(app, stranger, stranger.communityId, c.id, '2026-03-10T00:00:00Z')
    for (const name of COMMUNITY_METRICS) {
      const res = await getMetric(app, w.adminToken, name, { community: stranger.communityId })
      expect(res.status, name).toBe(404)
      expect(res.body.code).toBe('not_found')
      expect((await postMetric(app, w.adminToken, name, { community_id: stranger.secondId })).status, name).toBe(404)
    }
    const thread = await getMetric(app, w.adminToken, 'commentsuserrelation', { thread: theirs.threadId })
    expect(thread.status).toBe(404)
    expect(
      (await getMetric(app, stranger.adminToken, 'commentsuserrelation', { thread: theirs.threadId })).status,
    ).toBe(200)
    expect((await getMetric(app, c.token, 'communitymembers', {})).status).toBe(403)
  })

  it('lists the filters a metric does not use', async () => {
    const w = await analyticsWorld(app)
    const members = await getMetric(app, w.adminToken, 'communitymembers', {
      community_id: w.communityId,
      channel: 'email',
      granularity: 'week',
      limit: 5,
    })
    expect(members.status).toBe(200)
    expect(members.body.meta).toMatchObject({
      granularity: null,
      filters: { community: w.communityId },
      ignored_filters: ['channel', 'granularity', 'limit'],
    })
    const c = await client(app)
    const { threadId } = await issue(app, w, w.communityId, c.id, '2026-03-10T00:00:00Z')
    const unique = await postMetric(app, w.adminToken, 'uniquecomments', { thread: threadId, business_hours: true, limit: 5 })
    expect(unique.body.meta.ignored_filters).toEqual(['thread', 'business_hours'])
    const growth = await postMetric(app, w.adminToken, 'communitygrowthrate', { granularity: 'week', channel: 'email' })
    expect(growth.body.meta).toMatchObject({ granularity: 'week', ignored_filters: ['channel'] })
  })

  it('answers zeros and nulls for a tenant without members, issues or ratings', async () => {
    const w = await analyticsWorld(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/analytics/batch/',
      headers: auth(w.adminToken),
      payload: { metrics: COMMUNITY_METRICS, filter: { timezone: 'UTC' } },
    })
    expect(res.statusCode).toBe(200)
    const { results, errors } = res.json()
    expect(errors).toEqual({})
    expect(results.averagecomments).toMatchObject({
      avg_comments_per_thread: null,
      thread_count: 0,
      comment_count: 0,
      staff_reply_count: 0,
      threads_without_comments: 0,
    })
    expect(results.communitygrowthrate).toMatchObject({
      growth_rate: null,
      member_count_start: 0,
      member_count_end: 0,
      joins: 0,
      leaves: 0,
      net_change: 0,
      time_diff: null,
    })
    // The default window: 30 days before now, so 31 daily buckets, the first and last partial.
    const series = results.communitygrowthrate.series
    expect(series).toHaveLength(31)
    expect([series[0].partial, series[1].partial, series[30].partial]).toEqual([true, false, true])
    expect(series.every((b: { members: number; growth_rate: null }) => b.members === 0 && b.growth_rate === null)).toBe(
      true,
    )
    expect(results.communitymembers).toMatchObject({
      community: null,
      member_count: 0,
      new_members: 0,
      left_members: 0,
      active_members: 0,
    })
    expect(results.communityrating).toMatchObject({
      count: null,
      average_rating: null,
      rating_count: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      ratings_in_window: 0,
    })
    expect(results.cumulativecomments).toMatchObject({ count: 0, in_window: 0 })
    expect(results.cumulativeissues).toMatchObject({ count: 0, open_count: 0, solved_count: 0, in_window: 0 })
    expect(results.cumulativeissues.series.every((b: { count: number }) => b.count === 0)).toBe(true)
    expect(results.uniquecomments).toMatchObject({ count: 0, data: [], average_commenters_per_thread: null })
    expect(results.issueuserrelation).toMatchObject({ count: 0, issue_count: 0, issues_per_client: null })
    expect(results.commentsuserrelation).toMatchObject({ count: 0, comment_count: 0, comments_per_client: null })
  })

  it('gives the same reply to GET with query parameters and POST with a JSON body', async () => {
    const w = await analyticsWorld(app)
    const c = await client(app)
    await stay(app, w, w.communityId, c.id, '2026-03-02T00:00:00Z')
    const raised = await issue(app, w, w.communityId, c.id, '2026-03-03T00:00:00Z')
    await comment(app, w, raised, { client: c.id }, '2026-03-04T00:00:00Z')
    await comment(app, w, raised, { staff: w.adminId }, '2026-03-05T00:00:00Z')
    for (const name of COMMUNITY_METRICS) {
      const get = await getMetric(app, w.adminToken, name, {
        community_id: w.communityId,
        from: '2026-03-01',
        to: '2026-03-10',
        timezone: 'Europe/Paris',
        granularity: 'week',
      })
      const post = await postMetric(app, w.adminToken, name, {
        community: w.communityId,
        from: '2026-03-01',
        to: '2026-03-10',
        timezone: 'Europe/Paris',
        granularity: 'week',
      })
      expect(get.status, name).toBe(200)
      expect(post.body, name).toEqual(get.body)
    }
    const growth = await getMetric(app, w.adminToken, 'communitygrowthrate', {
      community: w.communityId,
      from: '2026-03-01',
      to: '2026-03-10',
      timezone: 'Europe/Paris',
      granularity: 'week',
    })
    // Paris (UTC+1) weeks from Monday 23 Feb and 2 and 9 Mar; `to` is 11 Mar 00:00 local.
    expect(growth.body.meta).toMatchObject({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-10T23:00:00.000Z' })
    expect(growth.body.series.map((b: { start_time: string }) => b.start_time)).toEqual([
      '2026-02-22T23:00:00.000Z',
      '2026-03-01T23:00:00.000Z',
      '2026-03-08T23:00:00.000Z',
    ])
    expect(growth.body.series.map((b: { members: number }) => b.members)).toEqual([0, 1, 1])
    const comments = await getMetric(app, w.adminToken, 'commentsuserrelation', { community: w.communityId })
    expect(comments.body).toMatchObject({ count: 1, comment_count: 2, comments_per_client: 2 })
  })
})

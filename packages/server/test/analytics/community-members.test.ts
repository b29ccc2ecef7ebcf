import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  analyticsWorld,
  client,
  comment,
  getMetric,
  issue,
  rating,
  reaction,
  stay,
  type AnalyticsWorld,
} from './community-data.js'

/*
 * Membership, growth and rating metrics (contract §7.9) over stays written at exact instants. Expected values are
 * worked out by hand in the comments. Community A is the default one, B the second.
 *
 * A: c1 joined 10 Feb, stays. c2 joined 15 Feb, left 2 Mar 10:00. c3 joined 1 Mar 09:00, left 1 Mar 18:00,
 *    re-joined 3 Mar 08:00. c4 joins 5 Mar (after the windows). c5 stayed 1 Jan – 1 Feb. c6 joined 20 Feb and left
 *    at 1 Mar 00:00 exactly. c8 joined 5 Feb, stays.
 * B: c7 joined 1 Feb, stays. c1 joined 2 Mar 12:00 (a member of both).
 */
const clock = testClock(new Date('2026-03-20T12:00:00.000Z'))
let app: TestApp
let w: AnalyticsWorld
let admin: string
const c: Record<string, number> = {}

beforeAll(async () => {
  app = await buildTestApp({ clock })
  w = await analyticsWorld(app)
  admin = w.adminToken
  for (const name of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8']) c[name] = (await client(app)).id
  const A = w.communityId
  const B = w.secondId
  await stay(app, w, A, c.c1!, '2026-02-10T00:00:00Z')
  await stay(app, w, A, c.c2!, '2026-02-15T00:00:00Z', '2026-03-02T10:00:00Z')
  await stay(app, w, A, c.c3!, '2026-03-01T09:00:00Z', '2026-03-01T18:00:00Z')
  await stay(app, w, A, c.c3!, '2026-03-03T08:00:00Z')
  await stay(app, w, A, c.c4!, '2026-03-05T00:00:00Z')
  await stay(app, w, A, c.c5!, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')
  await stay(app, w, A, c.c6!, '2026-02-20T00:00:00Z', '2026-03-01T00:00:00Z')
  await stay(app, w, A, c.c8!, '2026-02-05T00:00:00Z')
  await stay(app, w, B, c.c7!, '2026-02-01T00:00:00Z')
  await stay(app, w, B, c.c1!, '2026-03-02T12:00:00Z')

  // Activity: c1 raises an issue in A in the window (active in A, not in B); c8 raised one in A before the window
  // and writes a deleted comment in A and a comment in B (not a member there): not active. c2 comments in A on
  // 1 Mar but has left by `to`. c3 reacts on 3 Mar to c2's comment in A: active. c7 comments in B: active.
  const issueA = await issue(app, w, A, c.c1!, '2026-03-02T09:00:00Z')
  const oldA = await issue(app, w, A, c.c8!, '2026-02-20T09:00:00Z')
  const issueB = await issue(app, w, B, c.c7!, '2026-02-25T09:00:00Z')
  const byC2 = await comment(app, w, oldA, { client: c.c2! }, '2026-03-01T10:00:00Z')
  await comment(app, w, issueA, { client: c.c8! }, '2026-03-03T10:00:00Z', true)
  await comment(app, w, issueB, { client: c.c8! }, '2026-03-02T10:00:00Z')
  await comment(app, w, issueB, { client: c.c7! }, '2026-03-02T11:00:00Z')
  await comment(app, w, issueA, { staff: w.adminId }, '2026-03-02T12:00:00Z')
  await reaction(app, w, byC2, c.c3!, '2026-03-03T12:00:00Z')

  // Ratings: c1 5 (1 Feb); c2 2 (given 10 Feb, changed 2 Mar; c2 has left since); c3 4 (3 Mar); c8 1 (10 Mar,
  // after `to`); c7 rates B 3 (given 1 Feb, changed 15 Mar: counted with its current value).
  await rating(app, w, A, c.c1!, 5, '2026-02-01T00:00:00Z')
  await rating(app, w, A, c.c2!, 2, '2026-02-10T00:00:00Z', '2026-03-02T00:00:00Z')
  await rating(app, w, A, c.c3!, 4, '2026-03-03T00:00:00Z')
  await rating(app, w, A, c.c8!, 1, '2026-03-10T00:00:00Z')
  await rating(app, w, B, c.c7!, 3, '2026-02-01T00:00:00Z', '2026-03-15T00:00:00Z')
})
afterAll(async () => {
  await app.shutdown()
})

const MARCH = { from: '2026-03-01T00:00:00Z', to: '2026-03-04T00:00:00Z', timezone: 'UTC' }
const day = (d: number, h = 0) => `2026-03-0${d}T${String(h).padStart(2, '0')}:00:00.000Z`

describe('communitygrowthrate', () => {
  it('computes members at from and to from join, leave and re-join periods, with a daily series', async () => {
    // S at 1 Mar 00:00 = c1, c2, c6 (leaves at that very instant, inside the window), c8 = 4.
    // 1 Mar: c3 joins, c3 and c6 leave → 3 (−25 %). 2 Mar: c2 leaves → 2 (−33.33 %). 3 Mar: c3 re-joins → 3 (+50 %).
    const { status, body } = await getMetric(app, admin, 'communitygrowthrate', { ...MARCH, community: w.communityId })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      growth_rate: -25,
      member_count_start: 4,
      member_count_end: 3,
      joins: 2,
      leaves: 3,
      net_change: -1,
      time_diff: 16 * 3600, // the re-join at 3 Mar 08:00, 16 h before `to`
    })
    expect(body.series).toEqual([
      { start_time: day(1), end_time: day(2), partial: false, members: 3, joins: 1, leaves: 2, growth_rate: -25 },
      { start_time: day(2), end_time: day(3), partial: false, members: 2, joins: 0, leaves: 1, growth_rate: -33.33 },
      { start_time: day(3), end_time: day(4), partial: false, members: 3, joins: 1, leaves: 0, growth_rate: 50 },
    ])
    expect(body.meta).toMatchObject({ granularity: 'day', filters: { community: w.communityId } })
  })

  it('counts memberships over all communities: a client in two communities is two members', async () => {
    // A: 4 → 3; B: c7 → c7 and c1 (joined 2 Mar 12:00): 1 → 2. Together 5 → 5.
    const { body } = await getMetric(app, admin, 'communitygrowthrate', MARCH)
    expect(body).toMatchObject({
      growth_rate: 0,
      member_count_start: 5,
      member_count_end: 5,
      joins: 3,
      leaves: 3,
      net_change: 0,
      time_diff: 16 * 3600,
    })
    expect(body.series.map((b: { members: number }) => b.members)).toEqual([4, 4, 5])
    const b = await getMetric(app, admin, 'communitygrowthrate', { ...MARCH, community: w.secondId })
    expect(b.body).toMatchObject({ growth_rate: 100, member_count_start: 1, member_count_end: 2, joins: 1 })
  })

  it('answers a null growth rate when nobody was a member at the start', async () => {
    // B from 25 Jan to 5 Feb: c7 joins on 1 Feb. The latest join is 4 days before `to`.
    const grown = await getMetric(app, admin, 'communitygrowthrate', {
      from: '2026-01-25T00:00:00Z',
      to: '2026-02-05T00:00:00Z',
      community: w.secondId,
      granularity: 'week',
      timezone: 'UTC',
    })
    expect(grown.body).toMatchObject({
      growth_rate: null,
      member_count_start: 0,
      member_count_end: 1,
      joins: 1,
      leaves: 0,
      net_change: 1,
      time_diff: 4 * 86_400,
    })
    // Weeks from Monday: 19 Jan (partial, from 25 Jan), 26 Jan, 2 Feb (partial, to 5 Feb).
    expect(grown.body.series).toMatchObject([
      { start_time: '2026-01-19T00:00:00.000Z', partial: true, members: 0, growth_rate: null },
      { start_time: '2026-01-26T00:00:00.000Z', partial: false, members: 1, joins: 1, growth_rate: null },
      { start_time: '2026-02-02T00:00:00.000Z', partial: true, members: 1, joins: 0, growth_rate: 0 },
    ])
    const empty = await getMetric(app, admin, 'communitygrowthrate', {
      from: '2026-01-10T00:00:00Z',
      to: '2026-01-20T00:00:00Z',
      community: w.secondId,
    })
    expect(empty.body).toMatchObject({ growth_rate: null, member_count_start: 0, member_count_end: 0, time_diff: null })
  })

  it('cuts partial buckets at the window and buckets days in the requested time zone', async () => {
    // From 1 Mar 12:00 to 2 Mar 12:00 UTC: S = c1, c2, c3 (until 18:00), c8 = 4; c3's join at 09:00 is before.
    const partial = await getMetric(app, admin, 'communitygrowthrate', {
      from: '2026-03-01T12:00:00Z',
      to: '2026-03-02T12:00:00Z',
      timezone: 'UTC',
      community: w.communityId,
    })
    expect(partial.body).toMatchObject({ member_count_start: 4, member_count_end: 2, joins: 0, leaves: 2 })
    expect(partial.body.series).toEqual([
      { start_time: day(1), end_time: day(2), partial: true, members: 3, joins: 0, leaves: 1, growth_rate: -25 },
      { start_time: day(2), end_time: day(3), partial: true, members: 2, joins: 0, leaves: 1, growth_rate: -33.33 },
    ])
    // New York days 1–3 Mar run from 05:00 UTC. S at 1 Mar 05:00Z = c1, c2, c8 (c6 left at 00:00Z).
    const ny = await getMetric(app, admin, 'communitygrowthrate', {
      from: '2026-03-01',
      to: '2026-03-03',
      timezone: 'America/New_York',
      community: w.communityId,
    })
    expect(ny.body).toMatchObject({ growth_rate: 0, member_count_start: 3, member_count_end: 3, time_diff: 21 * 3600 })
    expect(ny.body.series).toEqual([
      { start_time: day(1, 5), end_time: day(2, 5), partial: false, members: 3, joins: 1, leaves: 1, growth_rate: 0 },
      {
        start_time: day(2, 5),
        end_time: day(3, 5),
        partial: false,
        members: 2,
        joins: 0,
        leaves: 1,
        growth_rate: -33.33,
      },
      { start_time: day(3, 5), end_time: day(4, 5), partial: false, members: 3, joins: 1, leaves: 0, growth_rate: 50 },
    ])
    expect(ny.body.meta).toMatchObject({ timezone: 'America/New_York', from: day(1, 5), to: day(4, 5) })
  })
})

describe('communitymembers', () => {
  it('counts members at to, joins and leaves in the window, and active members who are still members', async () => {
    // A at 4 Mar: c1, c3, c8. Active: c1 (issue), c3 (reaction); c2 commented but left; c8 only has a deleted
    // comment in A and a comment in B, where c8 is no member.
    const { body } = await getMetric(app, admin, 'communitymembers', { ...MARCH, community: w.communityId })
    expect(body).toMatchObject({
      community: w.communityName,
      member_count: 3,
      new_members: 2,
      left_members: 3,
      active_members: 2,
    })
  })

  it('adds the memberships of every community without one', async () => {
    // A: c1, c3, c8; B: c7, c1 → 5. Active: c1 and c3 in A, c7 in B (c1 did nothing in B).
    const { body } = await getMetric(app, admin, 'communitymembers', MARCH)
    expect(body).toMatchObject({ community: null, member_count: 5, new_members: 3, left_members: 3, active_members: 3 })
  })
})

describe('communityrating', () => {
  it('averages the ratings that existed at to, kept after their author left', async () => {
    // A: c1 5, c2 2, c3 4 (c8's comes after `to`) → 11 / 3 = 3.67. Given or changed in the window: c2, c3.
    const { body } = await getMetric(app, admin, 'communityrating', { ...MARCH, community: w.communityId })
    expect(body).toMatchObject({
      count: 3.67,
      average_rating: 3.67,
      rating_count: 3,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 1 },
      ratings_in_window: 2,
    })
  })

  it('counts a rating changed after to with its current value, and all communities together', async () => {
    // + c7's 3 for B (given 1 Feb, changed 15 Mar) → 14 / 4 = 3.5.
    const { body } = await getMetric(app, admin, 'communityrating', MARCH)
    expect(body).toMatchObject({
      count: 3.5,
      average_rating: 3.5,
      rating_count: 4,
      distribution: { '1': 0, '2': 1, '3': 1, '4': 1, '5': 1 },
      ratings_in_window: 2,
    })
    const early = await getMetric(app, admin, 'communityrating', {
      from: '2026-01-06T00:00:00Z',
      to: '2026-02-05T00:00:00Z',
      community: w.communityId,
    })
    expect(early.body).toMatchObject({ count: 5, rating_count: 1, ratings_in_window: 1 })
    const none = await getMetric(app, admin, 'communityrating', { to: '2026-01-06T00:00:00Z' })
    expect(none.body).toMatchObject({ count: null, average_rating: null, rating_count: 0, ratings_in_window: 0 })
  })
})

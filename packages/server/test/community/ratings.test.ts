import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createVisitor } from '../chat/helpers.js'
import { createClient, createEmployee } from '../factories.js'
import { COMMUNITY_URL, archiveCommunity, calls, communityWorld, memberOf } from './community-helpers.js'

const RATING = '/api/community/rating/'
const clock = testClock(new Date('2026-11-22T09:00:00.000Z'))
let app: TestApp
let get: ReturnType<typeof calls>['get']
let post: ReturnType<typeof calls>['post']
beforeAll(async () => {
  app = await buildTestApp({ clock })
  ;({ get, post } = calls(app))
})
afterAll(async () => {
  await app.shutdown()
})

const RANGE = 'Rating must be a whole number from 1 to 5.'

describe('/api/community/rating/', () => {
  it('requires a token', async () => {
    expect((await get(`${RATING}?community_id=1`)).statusCode).toBe(401)
    expect((await post(RATING, undefined, { community_id: 1, rating: 5 })).json().code).toBe('auth.required')
  })

  it('rejects a missing, out-of-range, fractional or non-numeric rating and a too long comment', async () => {
    const w = await communityWorld(app)
    const m = await memberOf(app, w.communityId)
    const errorsOf = async (payload: Record<string, unknown>) => {
      const res = await post(RATING, m.token, { community_id: w.communityId, ...payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().code).toBe('validation.failed')
      return res.json().errors
    }
    expect(await errorsOf({})).toEqual({ rating: ['Rating is required.'] })
    for (const rating of [0, 6, 3.5, -1, 'abc', '', true, [4], null]) {
      const expected = rating === null || rating === '' ? 'Rating is required.' : RANGE
      expect(await errorsOf({ rating }), JSON.stringify(rating)).toEqual({ rating: [expected] })
    }
    expect(await errorsOf({ rating: 4, comment: 'c'.repeat(1001) })).toEqual({
      comment: ['Comment must be at most 1000 characters.'],
    })
    expect(await errorsOf({ rating: 4, comment: 12 })).toEqual({ comment: ['Comment must be text.'] })
    const noCommunity = await post(RATING, m.token, { rating: 4 })
    expect(noCommunity.json().errors).toEqual({ community_id: ['Community is required.'] })
    expect((await get(RATING, m.token)).json().errors).toEqual({ community_id: ['Community is required.'] })
    expect(Object.keys((await get(`${RATING}?community_id=1&limit=0`, m.token)).json().errors)).toEqual(['limit'])
    expect(await app.db.selectFrom('community_ratings').selectAll().where('client_id', '=', m.id).execute()).toEqual([])
  })

  it('answers 404 for another tenant’s community to a stranger admin, and for unknown communities', async () => {
    const w = await communityWorld(app)
    const stranger = await communityWorld(app)
    const res = await get(`${RATING}?community_id=${w.communityId}`, stranger.adminToken)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
    const { token } = await createClient(app)
    expect((await post(RATING, token, { community_id: 999999999, rating: 3 })).statusCode).toBe(404)
    expect((await get(`${RATING}?community_id=999999999`, token)).statusCode).toBe(404)
  })

  it('lets only member clients rate, and refuses visitors everything', async () => {
    const w = await communityWorld(app)
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    const visitor = await createVisitor(app, w.adminToken)
    for (const token of [w.adminToken, employeeToken, visitor.token]) {
      expect((await post(RATING, token, { community_id: w.communityId, rating: 5 })).json().code).toBe('auth.forbidden')
    }
    expect((await get(`${RATING}?community_id=${w.communityId}`, visitor.token)).statusCode).toBe(403)
    const outsider = await createClient(app)
    const res = await post(RATING, outsider.token, { community_id: w.communityId, rating: 5 })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Join this community to take part.', code: 'community.not_member' })
    const former = await memberOf(app, w.communityId)
    await post('/api/community/leavecommunity/', former.token, { community_id: w.communityId })
    expect((await post(RATING, former.token, { community_id: w.communityId, rating: 5 })).statusCode).toBe(403)
  })

  it('refuses a rating on an archived community with 409', async () => {
    const w = await communityWorld(app)
    const m = await memberOf(app, w.communityId)
    await archiveCommunity(app, w.adminToken, w.communityId)
    const res = await post(RATING, m.token, { community_id: w.communityId, rating: 5 })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('community.archived')
  })

  it('creates the first rating with 201 and replaces it with 200, keeping one row per client', async () => {
    const w = await communityWorld(app)
    const m = await memberOf(app, w.communityId, { first_name: 'Rita', last_name: 'Rater' })
    const first = await post(RATING, m.token, { community_id: w.communityId, rating: '4', comment: ' Friendly ' })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({
      rating_id: expect.any(Number),
      community_id: w.communityId,
      client: { id: m.id, username: m.username, first_name: 'Rita', last_name: 'Rater', profile_photo: null },
      rating: 4,
      comment: 'Friendly',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    })
    const createdAt = clock.now().toISOString()
    clock.advance(5 * 60_000)
    const second = await post(RATING, m.token, { community_id: w.communityId, rating: 2 })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toMatchObject({
      rating_id: first.json().rating_id,
      rating: 2,
      comment: null,
      created_at: createdAt,
      updated_at: clock.now().toISOString(),
    })
    const rows = await app.db.selectFrom('community_ratings').selectAll().where('client_id', '=', m.id).execute()
    expect(rows).toHaveLength(1)
    const c = (await get(`${COMMUNITY_URL}${w.communityId}/`, m.token)).json()
    expect(c).toMatchObject({ rating_average: 2, rating_count: 1 })
  })

  it('shows staff every rating of the community with public client data, and a client only their own', async () => {
    const w = await communityWorld(app)
    const a = await memberOf(app, w.communityId)
    const b = await memberOf(app, w.communityId)
    await post(RATING, a.token, { community_id: w.communityId, rating: 5, comment: 'Great' })
    clock.advance(1000)
    await post(RATING, b.token, { community_id: w.communityId, rating: 2 })
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    const all = await get(`${RATING}?community_id=${w.communityId}`, employeeToken)
    expect(all.statusCode).toBe(200)
    expect(all.json().data.map((r: { client: { id: number } }) => r.client.id)).toEqual([b.id, a.id])
    expect(all.json().pagination).toEqual({ limit: 25, offset: 0, total: 2, next_offset: null })
    expect(all.body).not.toContain(a.email)
    const own = await get(`${RATING}?community_id=${w.communityId}`, a.token)
    expect(own.json().data).toEqual([expect.objectContaining({ rating: 5, comment: 'Great' })])
    const none = await get(`${RATING}?community_id=${w.communityId}`, (await createClient(app)).token)
    expect(none.json()).toMatchObject({ error: false, data: [], pagination: { total: 0 } })
    const c = (await get(`${COMMUNITY_URL}${w.communityId}/`, w.adminToken)).json()
    expect(c).toMatchObject({ rating_average: 3.5, rating_count: 2 })
  })
})

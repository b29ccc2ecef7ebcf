import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createVisitor } from '../chat/helpers.js'
import { createClient, createEmployee } from '../factories.js'
import {
  COMMUNITY_URL,
  archiveCommunity,
  calls,
  communityWorld,
  createCommunity,
  eventsOf,
  memberOf,
  membershipsOf,
} from './community-helpers.js'

const JOIN = '/api/community/joincommunity/'
const LEAVE = '/api/community/leavecommunity/'
const FAVOURITES = '/api/community/favoritecommunities/'

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

describe('POST /api/community/joincommunity/ and /leavecommunity/', () => {
  it('requires a token', async () => {
    expect((await post(JOIN, undefined, { community_id: 1 })).json().code).toBe('auth.required')
    expect((await post(LEAVE, undefined, { community_id: 1 })).statusCode).toBe(401)
  })

  it('rejects a missing or malformed community id and a malformed client id with field errors', async () => {
    const { token } = await createClient(app)
    for (const url of [JOIN, LEAVE]) {
      const missing = await post(url, token, {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({
        code: 'validation.failed',
        errors: { community_id: ['Community is required.'] },
      })
      for (const bad of ['abc', -3, 1.5, true]) {
        const res = await post(url, token, { community_id: bad })
        expect(res.json().errors, String(bad)).toEqual({ community_id: ['Must be a positive whole number.'] })
      }
      expect(Object.keys((await post(url, token, { community_id: 1, client_id: 'me' })).json().errors)).toEqual([
        'client_id',
      ])
    }
  })

  it('answers 404 for an unknown community and one of a tenant that is not active', async () => {
    const w = await communityWorld(app)
    const { token, client } = await createClient(app)
    expect((await post(JOIN, token, { community_id: 999999999 })).statusCode).toBe(404)
    await app.db.updateTable('tenants').set({ status: 'suspended' }).where('id', '=', w.tenantId).execute()
    expect((await post(JOIN, token, { community_id: w.communityId })).json().code).toBe('not_found')
    expect((await post(LEAVE, token, { community_id: w.communityId })).statusCode).toBe(404)
    expect(await membershipsOf(app, w.communityId, client.id)).toEqual([])
  })

  it('lets only clients join and leave, and only for themselves', async () => {
    const w = await communityWorld(app)
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    const visitor = await createVisitor(app, w.adminToken)
    for (const token of [w.adminToken, employeeToken, visitor.token]) {
      expect((await post(JOIN, token, { community_id: w.communityId })).json().code).toBe('auth.forbidden')
      expect((await post(LEAVE, token, { community_id: w.communityId })).statusCode).toBe(403)
    }
    const me = await createClient(app)
    const someone = await createClient(app)
    const forOther = await post(JOIN, me.token, { community_id: w.communityId, client_id: someone.client.id })
    expect(forOther.statusCode).toBe(403)
    expect(forOther.json().code).toBe('auth.forbidden')
    expect(await membershipsOf(app, w.communityId, someone.client.id)).toEqual([])
    const forSelf = await post(JOIN, me.token, { community_id: w.communityId, client_id: me.client.id })
    expect(forSelf.statusCode).toBe(200)
  })

  it('refuses to join or leave an archived community with 409', async () => {
    const w = await communityWorld(app)
    const member = await memberOf(app, w.communityId)
    await archiveCommunity(app, w.adminToken, w.communityId)
    const { token } = await createClient(app)
    const join = await post(JOIN, token, { community_id: w.communityId })
    expect(join.statusCode).toBe(409)
    expect(join.json()).toEqual({
      message: 'This community is archived and can no longer change.',
      code: 'community.archived',
    })
    expect((await post(LEAVE, member.token, { community_id: w.communityId })).json().code).toBe('community.archived')
    expect((await membershipsOf(app, w.communityId, member.id))[0]?.left_at).toBeNull()
  })

  it('joins once: a second join answers the same and writes no second event or period', async () => {
    const w = await communityWorld(app)
    const { token, client } = await createClient(app)
    const first = await post(JOIN, token, { community_id: w.communityId })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      error: false,
      data: { community_id: w.communityId, client_id: client.id, is_member: true, member_count: 1 },
    })
    const again = await post(JOIN, token, { community_id: w.communityId })
    expect(again.json()).toEqual(first.json())
    const periods = await membershipsOf(app, w.communityId, client.id)
    expect(periods).toHaveLength(1)
    expect(periods[0]).toMatchObject({ tenant_id: w.tenantId, left_at: null })
    expect(periods[0]?.joined_at.toISOString()).toBe(clock.now().toISOString())
    const events = await eventsOf(app, w.communityId, client.id)
    expect(events.map((e) => e.type)).toEqual(['join'])
    expect((await get(`${COMMUNITY_URL}${w.communityId}/`, token)).json()).toMatchObject({
      is_member: true,
      member_count: 1,
    })
  })

  it('keeps one period and one event when the same client joins several times at once', async () => {
    const w = await communityWorld(app)
    const { token, client } = await createClient(app)
    const replies = await Promise.all([1, 2, 3, 4].map(() => post(JOIN, token, { community_id: w.communityId })))
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    expect(replies.map((r) => r.json().data.member_count)).toEqual([1, 1, 1, 1])
    expect(await membershipsOf(app, w.communityId, client.id)).toHaveLength(1)
    expect(await eventsOf(app, w.communityId, client.id)).toHaveLength(1)
  })

  it('leaves once: leaving when not a member answers 200 and records nothing', async () => {
    const w = await communityWorld(app)
    const stayer = await memberOf(app, w.communityId)
    const { token, client } = await createClient(app)
    const notMember = await post(LEAVE, token, { community_id: w.communityId })
    expect(notMember.statusCode).toBe(200)
    expect(notMember.json()).toEqual({
      error: false,
      data: { community_id: w.communityId, client_id: client.id, is_member: false, member_count: 1 },
    })
    expect(await eventsOf(app, w.communityId, client.id)).toEqual([])
    expect(await membershipsOf(app, w.communityId, client.id)).toEqual([])
    expect((await post(LEAVE, stayer.token, { community_id: w.communityId })).json().data.member_count).toBe(0)
  })

  it('closes the period on leave and opens a new one on rejoin, with one event each', async () => {
    const w = await communityWorld(app)
    const { token, client } = await createClient(app)
    await post(JOIN, token, { community_id: w.communityId })
    clock.advance(60_000)
    const left = await post(LEAVE, token, { community_id: w.communityId })
    expect(left.json().data).toMatchObject({ is_member: false, member_count: 0 })
    await post(LEAVE, token, { community_id: w.communityId })
    clock.advance(60_000)
    await post(JOIN, token, { community_id: w.communityId })
    const periods = await membershipsOf(app, w.communityId, client.id)
    expect(periods).toHaveLength(2)
    expect(periods[0]!.left_at!.getTime() - periods[0]!.joined_at.getTime()).toBe(60_000)
    expect(periods[1]?.left_at).toBeNull()
    const events = await eventsOf(app, w.communityId, client.id)
    expect(events.map((e) => e.type)).toEqual(['join', 'leave', 'join'])
    expect(events[1]?.occurred_at.toISOString()).toBe(periods[0]!.left_at!.toISOString())
  })
})

describe('/api/community/favoritecommunities/', () => {
  it('requires a token', async () => {
    expect((await get(FAVOURITES)).statusCode).toBe(401)
    expect((await post(FAVOURITES, undefined, { community_id: 1 })).statusCode).toBe(401)
  })

  it('rejects a missing community id and bad paging with field errors', async () => {
    const { token } = await createClient(app)
    expect((await post(FAVOURITES, token, {})).json().errors).toEqual({ community_id: ['Community is required.'] })
    expect(Object.keys((await get(`${FAVOURITES}?limit=101`, token)).json().errors)).toEqual(['limit'])
  })

  it('answers 404 for an unknown community', async () => {
    const { token } = await createClient(app)
    expect((await post(FAVOURITES, token, { community_id: 999999999 })).statusCode).toBe(404)
  })

  it('is for clients only', async () => {
    const w = await communityWorld(app)
    const visitor = await createVisitor(app, w.adminToken)
    for (const token of [w.adminToken, visitor.token]) {
      expect((await get(FAVOURITES, token)).statusCode).toBe(403)
      expect((await post(FAVOURITES, token, { community_id: w.communityId })).json().code).toBe('auth.forbidden')
    }
  })

  it('toggles a favourite on and off with the contract’s messages, also at the British spelling', async () => {
    const w = await communityWorld(app)
    const { token } = await createClient(app)
    const added = await post(FAVOURITES, token, { community_id: w.communityId })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toEqual({
      message: 'Community added to favorites',
      community_id: w.communityId,
      is_favourite: true,
    })
    expect((await get(`${COMMUNITY_URL}${w.communityId}/`, token)).json().is_favourite).toBe(true)
    const removed = await post('/api/community/favouritecommunities/', token, { community_id: w.communityId })
    expect(removed.json()).toEqual({
      message: 'Community removed from favorites',
      community_id: w.communityId,
      is_favourite: false,
    })
    expect((await get(`${COMMUNITY_URL}${w.communityId}/`, token)).json().is_favourite).toBe(false)
    const rows = app.db.selectFrom('community_favourites').selectAll().where('community_id', '=', w.communityId)
    expect(await rows.execute()).toEqual([])
  })

  it('lists the caller’s own favourites, latest first, without archived ones', async () => {
    const w = await communityWorld(app)
    const second = await createCommunity(app, w.adminToken)
    const third = await createCommunity(app, w.adminToken)
    const me = await createClient(app)
    const other = await createClient(app)
    for (const id of [w.communityId, second.community_id, third.community_id]) {
      await post(FAVOURITES, me.token, { community_id: id })
      clock.advance(1000)
    }
    await post(FAVOURITES, other.token, { community_id: w.communityId })
    await archiveCommunity(app, w.adminToken, third.community_id)
    const res = await get('/api/community/favouritecommunities/?limit=1', me.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.map((c: { community_id: number }) => c.community_id)).toEqual([second.community_id])
    expect(res.json().data[0]).toMatchObject({ is_favourite: true, is_member: false, members: null })
    expect(res.json().pagination).toEqual({ limit: 1, offset: 0, total: 2, next_offset: 1 })
    const rest = await get(`${FAVOURITES}?offset=1`, me.token)
    expect(rest.json().data.map((c: { community_id: number }) => c.community_id)).toEqual([w.communityId])
    expect((await post(FAVOURITES, me.token, { community_id: third.community_id })).statusCode).toBe(409)
    expect((await get(FAVOURITES, (await createClient(app)).token)).json().data).toEqual([])
  })
})

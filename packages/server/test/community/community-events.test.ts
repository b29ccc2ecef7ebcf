import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createVisitor } from '../chat/helpers.js'
import { createClient, createEmployee } from '../factories.js'
import { archiveCommunity, calls, communityWorld, createCommunity, memberOf } from './community-helpers.js'

const EVENTS = '/api/community/events/'
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

type EventPage = {
  data: { event_id: number; type: string; description: string; client: Record<string, unknown>; timestamp: string }[]
  pagination: {
    limit: number
    has_older: boolean
    has_newer: boolean
    before_cursor: string | null
    after_cursor: string | null
  }
}
const page = async (url: string, token: string) => {
  const res = await get(url, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<EventPage>()
}
const descriptions = (p: EventPage) => p.data.map((e) => e.description)

/** A tenant where `ann` joined, `bob` joined, `ann` left (one minute apart), and a second community. */
async function history() {
  const w = await communityWorld(app)
  const start = clock.now()
  const ann = await memberOf(app, w.communityId, { username: `ann${w.tenantId}` })
  clock.advance(60_000)
  const bob = await memberOf(app, w.communityId, { username: `bob${w.tenantId}` })
  clock.advance(60_000)
  await post('/api/community/leavecommunity/', ann.token, { community_id: w.communityId })
  clock.advance(60_000)
  const other = await createCommunity(app, w.adminToken)
  await post('/api/community/joincommunity/', ann.token, { community_id: other.community_id })
  clock.advance(60_000)
  return { w, start, ann, bob, other }
}

describe('GET /api/community/events/', () => {
  it('requires a token', async () => {
    expect((await get(EVENTS)).json().code).toBe('auth.required')
  })

  it('rejects invalid filters and cursors with field errors', async () => {
    const w = await communityWorld(app)
    for (const [query, field] of [
      ['type=kick', 'type'],
      ['from=yesterday', 'from'],
      ['from=0000-01-01T00:00:00Z', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['community_id=x', 'community_id'],
      ['client_id=0', 'client_id'],
      ['limit=101', 'limit'],
      ['before=not-a-cursor', 'before'],
      ['after=eDE', 'after'],
      ['before=bTE&after=bTI', 'before'],
      ['from=2026-11-22T10:00:00Z&to=2026-11-22T10:00:00Z', 'to'],
    ]) {
      const res = await get(`${EVENTS}?${query}`, w.adminToken)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code).toBe('validation.failed')
      expect(Object.keys(res.json().errors), query).toEqual([field])
    }
  })

  it('answers 404 to a stranger admin filtering by another tenant’s community', async () => {
    const { w } = await history()
    const stranger = await communityWorld(app)
    const res = await get(`${EVENTS}?community_id=${w.communityId}`, stranger.adminToken)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
  })

  it('is refused to visitors', async () => {
    const w = await communityWorld(app)
    const visitor = await createVisitor(app, w.adminToken)
    expect((await get(EVENTS, visitor.token)).statusCode).toBe(403)
  })

  it('shows staff their tenant’s events oldest first with generated descriptions and public client data', async () => {
    const { w, ann, bob, other } = await history()
    const stranger = await history()
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    const p = await page(EVENTS, employeeToken)
    expect(descriptions(p)).toEqual([
      `${ann.username} joined ${w.communityName}`,
      `${bob.username} joined ${w.communityName}`,
      `${ann.username} left ${w.communityName}`,
      `${ann.username} joined ${other.community_name}`,
    ])
    expect(p.data.map((e) => e.type)).toEqual(['join', 'join', 'leave', 'join'])
    expect(p.data[0]).toMatchObject({
      client: { id: ann.id, username: ann.username, first_name: 'Cora', last_name: 'Client', profile_photo: null },
      community: { community_id: w.communityId, community_name: w.communityName },
    })
    expect(p.data[0]?.client).not.toHaveProperty('email')
    expect(p.data[1]!.timestamp > p.data[0]!.timestamp).toBe(true)
    expect(p.pagination).toMatchObject({ limit: 50, has_older: false, has_newer: false })
    expect(JSON.stringify(p)).not.toContain(stranger.ann.username)
  })

  it('filters staff events by community, client, type and a [from, to) window', async () => {
    const { w, start, ann, bob, other } = await history()
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString()
    const q = (s: string) => page(`${EVENTS}?${s}`, w.adminToken)
    expect(descriptions(await q(`community_id=${other.community_id}`))).toEqual([
      `${ann.username} joined ${other.community_name}`,
    ])
    expect((await q(`client_id=${bob.id}`)).data.map((e) => e.client.id)).toEqual([bob.id])
    expect((await q('type=LEAVE')).data.map((e) => e.type)).toEqual(['leave'])
    const window = await q(`from=${encodeURIComponent(at(1))}&to=${encodeURIComponent(at(3))}`)
    expect(descriptions(window)).toEqual([
      `${bob.username} joined ${w.communityName}`,
      `${ann.username} left ${w.communityName}`,
    ])
    expect((await q(`client_id=${(await createClient(app)).client.id}`)).data).toEqual([])
  })

  it('shows a client only their own events, in communities they may still see', async () => {
    const { w, ann, other } = await history()
    const mine = await page(EVENTS, ann.token)
    expect(mine.data.map((e) => e.client.id)).toEqual([ann.id, ann.id, ann.id])
    const bobs = await page(`${EVENTS}?client_id=${(await memberOf(app, w.communityId)).id}`, ann.token)
    expect(bobs.data).toEqual([])
    await archiveCommunity(app, w.adminToken, other.community_id)
    expect(descriptions(await page(EVENTS, ann.token))).toEqual([
      `${ann.username} joined ${w.communityName}`,
      `${ann.username} left ${w.communityName}`,
    ])
    expect((await get(`${EVENTS}?community_id=${other.community_id}`, ann.token)).statusCode).toBe(404)
  })

  it('pages backwards and forwards with cursors', async () => {
    const { w } = await history()
    const latest = await page(`${EVENTS}?limit=2`, w.adminToken)
    expect(latest.data.map((e) => e.type)).toEqual(['leave', 'join'])
    expect(latest.pagination).toMatchObject({ limit: 2, has_older: true, has_newer: false })
    const older = await page(`${EVENTS}?limit=2&before=${latest.pagination.before_cursor}`, w.adminToken)
    expect(older.data.map((e) => e.type)).toEqual(['join', 'join'])
    expect(older.pagination).toMatchObject({ has_older: false, has_newer: true })
    const newer = await page(`${EVENTS}?limit=3&after=${older.pagination.after_cursor}`, w.adminToken)
    expect(newer.data.map((e) => e.event_id)).toEqual(latest.data.map((e) => e.event_id))
    expect(newer.pagination).toMatchObject({ has_older: true, has_newer: false })
    const nothing = await page(`${EVENTS}?after=${latest.pagination.after_cursor}`, w.adminToken)
    expect(nothing).toMatchObject({
      data: [],
      pagination: { has_older: true, has_newer: false, before_cursor: null, after_cursor: null },
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createTenantWithAdmin } from '../factories.js'
import {
  addChat,
  addClient,
  addCommunity,
  addMembership,
  addMessage,
  addVisitor,
  metricCalls,
  type Profile,
} from './people-helpers.js'

/* Client demographics (contract §7.2 "Demographic population", §7.8), every expected number worked out by hand. */

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date('2026-03-15T12:00:00Z')) })
})
afterAll(async () => {
  await app.shutdown()
})

/** The window 1–10 March 2026 in UTC: [2026-03-01T00:00Z, 2026-03-11T00:00Z). */
const MARCH = { from: '2026-03-01', to: '2026-03-10', timezone: 'UTC' }

async function tenant() {
  const org = await createTenantWithAdmin(app)
  return { id: org.tenant.tenant_id, token: org.token, api: metricCalls(app, org.token) }
}

/** A client who talks to a tenant: one chat with one message at `sentAt`. */
async function talker(tenantId: number, profile: Profile, sentAt = '2026-03-05T10:00:00Z') {
  const clientId = await addClient(app, profile)
  await addMessage(app, tenantId, await addChat(app, tenantId, { clientId }), sentAt)
  return clientId
}

describe('clientsaverageage', () => {
  it('counts the registered clients who wrote in the window, once each, with their age on its last day', async () => {
    const a = await tenant()
    const b = await tenant()
    // 26 on 10 March (birthday that day); also talks to tenant B.
    const shared = await talker(a.id, { dob: '2000-03-10' })
    await talker(b.id, {}, '2026-03-02T08:00:00Z') // B's client without a profile
    await addMessage(app, b.id, await addChat(app, b.id, { clientId: shared }), '2026-03-03T09:00:00Z')
    // 25 on 10 March, 26 from 11 March; two chats in A, counted once.
    const turning = await talker(a.id, { dob: '2000-03-11' })
    await addMessage(app, a.id, await addChat(app, a.id, { clientId: turning }, 'email'), '2026-03-09T23:59:00Z')
    await talker(a.id, { dob: '1958-07-01' }) // 67
    await talker(a.id, { dob: '2010-06-01' }) // 15
    await talker(a.id, { gender: 'Male' }) // no date of birth: unknown
    // 36: the only message was deleted since, and still counts (contract §4.5).
    const deletedOnly = await addClient(app, { dob: '1990-01-01' })
    await addMessage(app, a.id, await addChat(app, a.id, { clientId: deletedOnly }), '2026-03-05T10:00:00Z', {
      deleted: true,
    })
    // Not in A's population: a message only before the window, one at `to`, a visitor.
    await talker(a.id, { dob: '1990-01-01' }, '2026-02-28T23:59:59Z')
    await talker(a.id, { dob: '1990-01-01' }, '2026-03-11T00:00:00Z')
    const visitor = await addVisitor(app, a.id)
    await addMessage(app, a.id, await addChat(app, a.id, { visitorId: visitor }), '2026-03-05T10:00:00Z')
    // Only in tenant B: 36.
    await talker(b.id, { dob: '1990-01-01' })

    const res = await a.api.get('clientsaverageage', MARCH)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      total_clients: 6,
      unknown_count: 1,
      with_age_count: 5,
      average_age: 33.8, // (15 + 25 + 26 + 36 + 67) / 5
      median_age: 26,
    })
    expect(body.age_groups).toEqual([
      { range: 'under 18', count: 1, percentage: 20 },
      { range: '18-24', count: 0, percentage: 0 },
      { range: '25-34', count: 2, percentage: 40 },
      { range: '35-44', count: 1, percentage: 20 },
      { range: '45-54', count: 0, percentage: 0 },
      { range: '55-64', count: 0, percentage: 0 },
      { range: '65+', count: 1, percentage: 20 },
    ])
    expect(body.meta).toMatchObject({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' })

    // One day later the client born on 11 March is 26, and the one who wrote at 11 March 00:00 (36) is in:
    // 15, 26, 26, 36, 36, 67.
    const later = (await a.api.get('clientsaverageage', { ...MARCH, to: '2026-03-11' })).json()
    // Average 206 / 6, median (26 + 36) / 2.
    expect(later).toMatchObject({ total_clients: 7, with_age_count: 6, average_age: 34.33, median_age: 31 })
    expect(later.age_groups[2]).toEqual({ range: '25-34', count: 2, percentage: 33.33 })
    expect(later.age_groups[3]).toEqual({ range: '35-44', count: 2, percentage: 33.33 })

    // Tenant B: the shared client (26, same profile) and its own client (36); A's clients never count there.
    const other = (await b.api.get('clientsaverageage', MARCH)).json()
    expect(other).toMatchObject({ total_clients: 3, unknown_count: 1, with_age_count: 2, average_age: 31 })
    expect(other.age_groups.map((g: { count: number }) => g.count)).toEqual([0, 0, 1, 1, 0, 0, 0])
  })

  it('answers an empty tenant with zero clients and no averages', async () => {
    const a = await tenant()
    const body = (await a.api.post('clientsaverageage', MARCH)).json()
    expect(body).toMatchObject({
      total_clients: 0,
      unknown_count: 0,
      with_age_count: 0,
      average_age: null,
      median_age: null,
    })
    expect(body.age_groups).toHaveLength(7)
    expect(body.age_groups[0]).toEqual({ range: 'under 18', count: 0, percentage: null })
  })
})

describe('genderdistribution', () => {
  it('with a community, covers its members at `to` whatever the window, and lists every gender', async () => {
    const a = await tenant()
    const community = await addCommunity(app, a.id)
    const elsewhere = await addCommunity(app, a.id)
    const member = async (profile: Profile, joined: string, left: string | null = null, where = community) => {
      const id = await addClient(app, profile)
      await addMembership(app, a.id, where, id, joined, left)
      return id
    }
    await member({ gender: 'Male' }, '2026-01-01T00:00:00Z')
    await member({ gender: 'Male' }, '2026-01-01T00:00:00Z', '2026-03-05T00:00:00Z') // left before `to`
    await member({ gender: 'Female' }, '2026-01-01T00:00:00Z', '2026-03-20T00:00:00Z') // leaves after `to`
    await member({ gender: 'Female' }, '2026-03-12T00:00:00Z') // joins after `to`
    await member({}, '2026-01-01T00:00:00Z') // no gender
    const rejoined = await member({ gender: 'Other' }, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')
    await addMembership(app, a.id, community, rejoined, '2026-02-10T00:00:00Z')
    await member({ gender: 'Female' }, '2026-01-01T00:00:00Z', null, elsewhere) // another community

    const body = (await a.api.get('genderdistribution', { ...MARCH, community: String(community) })).json()
    expect(body).toMatchObject({ total_clients: 4, unknown_count: 1 })
    expect(body.gender).toEqual([
      { gender: 'Male', count: 1, percentage: 33.33 },
      { gender: 'Female', count: 1, percentage: 33.33 },
      { gender: 'Other', count: 1, percentage: 33.33 },
    ])
    expect(body.meta.filters).toEqual({ from: '2026-03-01', to: '2026-03-10', timezone: 'UTC', community })
    expect(body.meta.ignored_filters).toEqual([])

    // Without the community the population is the chat one: nobody wrote, so nothing is known.
    const all = (await a.api.get('genderdistribution', MARCH)).json()
    expect(all).toMatchObject({ total_clients: 0, unknown_count: 0 })
    expect(all.gender).toEqual([
      { gender: 'Male', count: 0, percentage: null },
      { gender: 'Female', count: 0, percentage: null },
      { gender: 'Other', count: 0, percentage: null },
    ])
  })

  it("refuses another tenant's community with 404, and ignores the channel filter", async () => {
    const a = await tenant()
    const b = await tenant()
    const theirs = await addCommunity(app, b.id)
    for (const name of ['genderdistribution', 'clientsaverageage', 'clientcitydistribution']) {
      expect((await a.api.get(name, { community_id: String(theirs) })).statusCode).toBe(404)
      expect((await a.api.post(name, { community: theirs })).statusCode).toBe(404)
    }
    await talker(a.id, { gender: 'Female' })
    const res = await a.api.get('genderdistribution', { ...MARCH, channel: 'email' })
    expect(res.json().meta.ignored_filters).toEqual(['channel'])
    expect(res.json().meta.filters).toEqual({ from: '2026-03-01', to: '2026-03-10', timezone: 'UTC' })
    expect(res.json().gender[1]).toEqual({ gender: 'Female', count: 1, percentage: 100 })
  })
})

describe('city, country and state distributions', () => {
  // city, country, state of twelve clients who wrote in March.
  const PROFILES: [string | null, string | null, string | null][] = [
    ['Paris', 'France', 'Ile-de-France'],
    ['Paris', 'France', 'Ile-de-France'],
    ['paris', 'france', null],
    [' PARIS ', 'FRANCE', null],
    ['Lyon', 'France', 'Rhone'],
    ['lyon', 'France', 'Rhone'],
    ['Nice', 'France', null],
    ['Nice', 'France', null],
    ['Berlin', 'Germany', 'Berlin'],
    ['Zurich', 'Switzerland', 'Zurich'],
    [null, null, null],
    ['  ', 'Germany', ''],
  ]

  let a: Awaited<ReturnType<typeof tenant>>
  beforeAll(async () => {
    a = await tenant()
    for (const [city, country, state] of PROFILES) await talker(a.id, { city, country, state })
    // Another tenant's client in Paris never counts for A.
    const b = await tenant()
    await talker(b.id, { city: 'Paris', country: 'France' })
  })

  it('groups cities ignoring case and spaces, shows the most common spelling, and ranks by count then name', async () => {
    const body = (await a.api.get('clientcitydistribution', MARCH)).json()
    expect(body).toMatchObject({ total_clients: 12, unknown_count: 2, other_count: 0 })
    expect(body.cities).toEqual([
      { city: 'Paris', count: 4, percentage: 40 },
      { city: 'Lyon', count: 2, percentage: 20 }, // "Lyon" and "lyon" tie: the first by character code
      { city: 'Nice', count: 2, percentage: 20 },
      { city: 'Berlin', count: 1, percentage: 10 },
      { city: 'Zurich', count: 1, percentage: 10 },
    ])
  })

  it('keeps the top `limit` and counts the other known clients, GET and POST alike', async () => {
    const get = await a.api.get('clientcitydistribution', { ...MARCH, limit: '3' })
    const post = await a.api.post('clientcitydistribution', { ...MARCH, limit: 3 })
    expect(get.statusCode).toBe(200)
    expect(post.json()).toEqual(get.json())
    expect(get.json()).toMatchObject({ total_clients: 12, unknown_count: 2, other_count: 2 })
    expect(get.json().cities.map((c: { city: string }) => c.city)).toEqual(['Paris', 'Lyon', 'Nice'])
    expect(get.json().meta.filters).toEqual({ ...MARCH, limit: 3 })
  })

  it('gives a batch of the five demographics, which reads their population once, the replies each gives alone', async () => {
    const names = [
      'clientsaverageage',
      'genderdistribution',
      'clientcitydistribution',
      'countrydistribution',
      'statedistribution',
    ]
    for (const filter of [MARCH, { ...MARCH, limit: 2 }, { ...MARCH, from: '2026-03-06' }]) {
      const batch = await app.inject({
        method: 'POST',
        url: '/api/analytics/batch/',
        headers: auth(a.token),
        payload: { metrics: names, filter },
      })
      expect(batch.statusCode).toBe(200)
      expect(batch.json().errors).toEqual({})
      for (const name of names) {
        const alone = (await a.api.post(name, filter)).json()
        const { generated_at: _a, ...aloneMeta } = alone.meta
        const { generated_at: _b, ...batchMeta } = batch.json().results[name].meta
        expect({ ...batch.json().results[name], meta: batchMeta }, `${name} ${JSON.stringify(filter)}`).toEqual({
          ...alone,
          meta: aloneMeta,
        })
      }
    }
  })

  it('ranks countries and states the same way', async () => {
    const countries = (await a.api.post('countrydistribution', { ...MARCH, limit: 2 })).json()
    expect(countries).toMatchObject({ total_clients: 12, unknown_count: 1, other_count: 1 })
    expect(countries.countries).toEqual([
      { country: 'France', count: 8, percentage: 72.73 },
      { country: 'Germany', count: 2, percentage: 18.18 },
    ])
    const states = (await a.api.post('statedistribution', MARCH)).json()
    expect(states).toMatchObject({ total_clients: 12, unknown_count: 6, other_count: 0 })
    expect(states.state).toEqual([
      { state: 'Ile-de-France', count: 2, percentage: 33.33 },
      { state: 'Rhone', count: 2, percentage: 33.33 },
      { state: 'Berlin', count: 1, percentage: 16.67 },
      { state: 'Zurich', count: 1, percentage: 16.67 },
    ])
  })
})

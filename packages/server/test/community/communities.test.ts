import type { Community } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createVisitor } from '../chat/helpers.js'
import { createClient, createEmployee, createTenant, unique } from '../factories.js'
import {
  COMMUNITY_URL,
  addIssue,
  archiveCommunity,
  calls,
  communityWorld,
  createCommunity,
  memberOf,
} from './community-helpers.js'

let app: TestApp
let get: ReturnType<typeof calls>['get']
let post: ReturnType<typeof calls>['post']
let patch: ReturnType<typeof calls>['patch']
beforeAll(async () => {
  app = await buildTestApp()
  ;({ get, post, patch } = calls(app))
})
afterAll(async () => {
  await app.shutdown()
})

const names = (res: { json: () => { data: Community[] } }) => res.json().data.map((c) => c.community_name)

describe('/api/community/community/ reading', () => {
  it('requires a token for the list, one community and its members', async () => {
    expect((await get(COMMUNITY_URL)).statusCode).toBe(401)
    expect((await get(`${COMMUNITY_URL}1/`)).statusCode).toBe(401)
    expect((await get(`${COMMUNITY_URL}1/members/`)).json().code).toBe('auth.required')
  })

  it('rejects each invalid filter with a field error', async () => {
    const w = await communityWorld(app)
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['is_member=maybe', 'is_member'],
      ['include_archived=yes', 'include_archived'],
      ['community_id=abc', 'community_id'],
      ['tenant_id=0', 'tenant_id'],
    ]) {
      const res = await get(`${COMMUNITY_URL}?${query}`, w.adminToken)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code).toBe('validation.failed')
      expect(Object.keys(res.json().errors), query).toEqual([field])
    }
    const members = await get(`${COMMUNITY_URL}${w.communityId}/members/?search=${'y'.repeat(101)}`, w.adminToken)
    expect(members.json().errors.search).toEqual(['Search must be at most 100 characters.'])
  })

  it('answers 404 to a stranger admin for another tenant’s community, its members and its tenant id', async () => {
    const w = await communityWorld(app)
    const stranger = await communityWorld(app)
    expect((await get(`${COMMUNITY_URL}${w.communityId}/`, stranger.adminToken)).statusCode).toBe(404)
    const members = await get(`${COMMUNITY_URL}${w.communityId}/members/`, stranger.adminToken)
    expect(members.statusCode).toBe(404)
    expect(members.json()).toMatchObject({ code: 'not_found', message: 'Not found.' })
    expect((await get(`${COMMUNITY_URL}?tenant_id=${w.tenantId}`, stranger.adminToken)).statusCode).toBe(404)
    expect((await get(`${COMMUNITY_URL}999999999/`, w.adminToken)).statusCode).toBe(404)
    const legacy = await get(`${COMMUNITY_URL}?community_id=${w.communityId}`, stranger.adminToken)
    expect(legacy.json().data).toEqual([])
  })

  it('refuses visitors everything and clients the member list', async () => {
    const w = await communityWorld(app)
    const visitor = await createVisitor(app, w.adminToken)
    const client = await createClient(app)
    expect((await get(COMMUNITY_URL, visitor.token)).json().code).toBe('auth.forbidden')
    expect((await get(`${COMMUNITY_URL}${w.communityId}/`, visitor.token)).statusCode).toBe(403)
    expect((await get(`${COMMUNITY_URL}${w.communityId}/members/`, client.token)).statusCode).toBe(403)
  })

  it('shows staff their own tenant’s communities with counts, members and no caller flags', async () => {
    const w = await communityWorld(app)
    const other = await communityWorld(app)
    const a = await memberOf(app, w.communityId, { first_name: 'Amy', last_name: 'First' })
    const b = await memberOf(app, w.communityId)
    const gone = await memberOf(app, w.communityId)
    await addIssue(app, w, a.id)
    await addIssue(app, w, a.id, true)
    for (const [token, rating] of [
      [a.token, 5],
      [b.token, 4],
      [gone.token, 4],
    ] as const) {
      await post('/api/community/rating/', token, { community_id: w.communityId, rating })
    }
    // A rating stays after its author leaves; the member count does not.
    await post('/api/community/leavecommunity/', gone.token, { community_id: w.communityId })
    await createCommunity(app, other.adminToken)
    const res = await get(COMMUNITY_URL, w.adminToken)
    expect(res.statusCode).toBe(200)
    expect(names(res)).toEqual([w.communityName])
    expect(res.json().pagination).toEqual({ limit: 25, offset: 0, total: 1, next_offset: null })
    const c = res.json().data[0]
    expect(c).toMatchObject({
      community_id: w.communityId,
      tenant_id: { tenant_id: w.tenantId, tenant_name: w.tenantName },
      description: null,
      member_count: 2,
      is_member: false,
      is_favourite: false,
      rating_average: 4.33,
      rating_count: 3,
      issue_count: 2,
      open_issue_count: 1,
      is_archived: false,
    })
    expect(c.members).toHaveLength(2)
    expect(c.members[0]).toMatchObject({ id: a.id, email: a.email, first_name: 'Amy', last_name: 'First' })
    expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('gives staff at most 50 members by join date in a community, with the full count', async () => {
    const w = await communityWorld(app)
    const base = Date.now() - 3_600_000
    const users = await app.db
      .insertInto('users')
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          user_type: 'client' as const,
          username: unique(`bulk${i}_`),
          email: `${unique('bulk')}@example.com`,
          first_name: 'Bulk',
          last_name: `Member${i}`,
        })),
      )
      .returning('id')
      .execute()
    await app.db
      .insertInto('community_memberships')
      .values(
        users.map((u, i) => ({
          tenant_id: w.tenantId,
          community_id: w.communityId,
          client_id: u.id,
          joined_at: new Date(base + (51 - i) * 1000),
        })),
      )
      .execute()
    const c = (await get(`${COMMUNITY_URL}${w.communityId}/`, w.adminToken)).json<Community>()
    expect(c.member_count).toBe(51)
    expect(c.members).toHaveLength(50)
    // Inserted with falling join times: the earliest joiner is the last inserted, and the first inserted is left out.
    expect(c.members?.[0]?.id).toBe(users[50]?.id)
    expect(c.members?.map((m) => m.id)).not.toContain(users[0]?.id)
  })

  it('hides archived communities from staff lists unless asked, and still lets staff open them', async () => {
    const w = await communityWorld(app)
    const archived = await createCommunity(app, w.adminToken, { community_name: unique('Old ') })
    await archiveCommunity(app, w.adminToken, archived.community_id)
    expect(names(await get(COMMUNITY_URL, w.adminToken))).toEqual([w.communityName])
    const all = await get(`${COMMUNITY_URL}?include_archived=true`, w.adminToken)
    expect(all.json().pagination.total).toBe(2)
    const one = await get(`${COMMUNITY_URL}${archived.community_id}/`, w.adminToken)
    expect(one.json()).toMatchObject({ is_archived: true })
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    expect((await get(`${COMMUNITY_URL}${archived.community_id}/`, employeeToken)).statusCode).toBe(200)
  })

  it('lists for clients every community that is not archived, of active tenants only', async () => {
    const w = await communityWorld(app)
    const second = await createCommunity(app, w.adminToken, { community_name: unique('Second ') })
    const archived = await createCommunity(app, w.adminToken, { community_name: unique('Archived ') })
    await archiveCommunity(app, w.adminToken, archived.community_id)
    const pending = await createTenant(app)
    const { token } = await createClient(app)
    const mine = await get(`${COMMUNITY_URL}?tenant_id=${w.tenantId}`, token)
    expect(mine.statusCode).toBe(200)
    expect(names(mine).sort()).toEqual([w.communityName, second.community_name].sort())
    expect(mine.json().data[0].members).toBeNull()
    // `include_archived` is a staff filter: clients never see archived communities.
    const asked = await get(`${COMMUNITY_URL}?tenant_id=${w.tenantId}&include_archived=true`, token)
    expect(asked.json().pagination.total).toBe(2)
    const everything = await get(`${COMMUNITY_URL}?limit=100&search=${encodeURIComponent(w.tenantName)}`, token)
    expect(names(everything)).toEqual([w.communityName])
    expect((await get(`${COMMUNITY_URL}?tenant_id=${pending.tenant_id}`, token)).json().data).toEqual([])
    expect((await get(`${COMMUNITY_URL}${archived.community_id}/`, token)).statusCode).toBe(404)
    const legacy = await get(`${COMMUNITY_URL}?community_id=${archived.community_id}`, token)
    expect(legacy.json()).toMatchObject({ error: false, data: [], pagination: { total: 0 } })
    await app.db.updateTable('tenants').set({ status: 'suspended' }).where('id', '=', w.tenantId).execute()
    expect((await get(`${COMMUNITY_URL}?tenant_id=${w.tenantId}`, token)).json().data).toEqual([])
    expect((await get(`${COMMUNITY_URL}${w.communityId}/`, token)).statusCode).toBe(404)
  })

  it('filters a client’s list by membership and by a search of name and description', async () => {
    const w = await communityWorld(app)
    const tag = unique('zebra')
    const described = await createCommunity(app, w.adminToken, { description: `All about ${tag} stripes` })
    const member = await memberOf(app, w.communityId)
    const q = `${COMMUNITY_URL}?tenant_id=${w.tenantId}`
    expect(names(await get(`${q}&is_member=true`, member.token))).toEqual([w.communityName])
    expect(names(await get(`${q}&is_member=0`, member.token))).toEqual([described.community_name])
    expect(names(await get(`${COMMUNITY_URL}?search=${tag.toUpperCase()}`, member.token))).toEqual([
      described.community_name,
    ])
    // LIKE wildcards are matched literally.
    expect((await get(`${q}&search=%25`, member.token)).json().data).toEqual([])
    const legacy = await get(`${COMMUNITY_URL}?community_id=${w.communityId}`, member.token)
    expect(legacy.json().data).toHaveLength(1)
    expect(legacy.json().data[0]).toMatchObject({ is_member: true, is_favourite: false, members: null })
  })

  it('never shows a client other members’ contact data', async () => {
    const w = await communityWorld(app)
    const other = await memberOf(app, w.communityId, { phonenumber: '+254712345678' })
    const { token } = await createClient(app)
    for (const url of [`${COMMUNITY_URL}${w.communityId}/`, `${COMMUNITY_URL}?community_id=${w.communityId}`]) {
      const res = await get(url, token)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain(other.email)
      expect(res.body).not.toContain('+254712345678')
    }
  })
})

describe('/api/community/community/{id}/members/', () => {
  it('pages the current members first joined first, searchable by name, username and email', async () => {
    const w = await communityWorld(app)
    const ann = await memberOf(app, w.communityId, { first_name: 'Ann', last_name: 'Archer' })
    const bob = await memberOf(app, w.communityId, { first_name: 'Bob', last_name: 'Baker' })
    const gone = await memberOf(app, w.communityId)
    await post('/api/community/leavecommunity/', gone.token, { community_id: w.communityId })
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    const url = `${COMMUNITY_URL}${w.communityId}/members/`
    const all = await get(url, employeeToken)
    expect(all.statusCode).toBe(200)
    expect(all.json().data.map((m: { id: number }) => m.id)).toEqual([ann.id, bob.id])
    expect(all.json().data[0]).toMatchObject({ email: ann.email, phonenumber: null, DOB: null })
    expect(all.json().data[0].joined_at).toMatch(/Z$/)
    const paged = await get(`${url}?limit=1&offset=1`, w.adminToken)
    expect(paged.json().data.map((m: { id: number }) => m.id)).toEqual([bob.id])
    expect(paged.json().pagination).toEqual({ limit: 1, offset: 1, total: 2, next_offset: null })
    for (const search of ['bob baker', 'BAKER', bob.username, bob.email.toUpperCase()]) {
      const found = await get(`${url}?search=${encodeURIComponent(search)}`, w.adminToken)
      expect(
        found.json().data.map((m: { id: number }) => m.id),
        search,
      ).toEqual([bob.id])
    }
  })
})

describe('POST and PATCH /api/community/community/', () => {
  it('requires a token to create or change a community', async () => {
    expect((await post(COMMUNITY_URL, undefined, { community_name: 'x' })).statusCode).toBe(401)
    expect((await patch(`${COMMUNITY_URL}1/`, undefined, { community_name: 'x' })).statusCode).toBe(401)
  })

  it('rejects a missing, blank, too long or non-text name and a too long description', async () => {
    const w = await communityWorld(app)
    const missing = await post(COMMUNITY_URL, w.adminToken, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({ community_name: ['Community name is required.'] })
    expect((await post(COMMUNITY_URL, w.adminToken, { community_name: '   ' })).json().errors.community_name).toEqual([
      'Community name is required.',
    ])
    expect((await post(COMMUNITY_URL, w.adminToken, { community_name: 'x'.repeat(121) })).json().errors).toEqual({
      community_name: ['Community name must be at most 120 characters.'],
    })
    expect((await post(COMMUNITY_URL, w.adminToken, { community_name: 42 })).json().errors.community_name).toEqual([
      'Community name must be text.',
    ])
    const long = await post(COMMUNITY_URL, w.adminToken, { community_name: 'Ok', description: 'd'.repeat(2001) })
    expect(long.json().errors).toEqual({ description: ['Description must be at most 2000 characters.'] })
    const badArchive = await patch(`${COMMUNITY_URL}${w.communityId}/`, w.adminToken, { is_archived: 'soon' })
    expect(Object.keys(badArchive.json().errors)).toEqual(['is_archived'])
    expect((await patch(`${COMMUNITY_URL}${w.communityId}/`, w.adminToken, { community_name: '' })).statusCode).toBe(
      400,
    )
  })

  it('answers 404 when a stranger admin changes another tenant’s community', async () => {
    const w = await communityWorld(app)
    const stranger = await communityWorld(app)
    const res = await patch(`${COMMUNITY_URL}${w.communityId}/`, stranger.adminToken, { community_name: 'Mine' })
    expect(res.statusCode).toBe(404)
    const row = await app.db.selectFrom('communities').select('name').where('id', '=', w.communityId).executeTakeFirst()
    expect(row?.name).toBe(w.communityName)
  })

  it('lets only admins create and change communities', async () => {
    const w = await communityWorld(app)
    const { token: employeeToken } = await createEmployee(app, w.adminToken)
    const { token: clientToken } = await createClient(app)
    for (const token of [employeeToken, clientToken]) {
      expect((await post(COMMUNITY_URL, token, { community_name: unique('N') })).json().code).toBe('auth.forbidden')
      expect((await patch(`${COMMUNITY_URL}${w.communityId}/`, token, { is_archived: true })).statusCode).toBe(403)
    }
  })

  it('creates a community with a Location, trimming the name, and counts it in the subscription usage', async () => {
    const w = await communityWorld(app)
    const name = unique('  Makers ')
    const res = await post(COMMUNITY_URL, w.adminToken, { community_name: name, description: ' Build things ' })
    expect(res.statusCode).toBe(201)
    const c = res.json<Community>()
    expect(res.headers.location).toBe(`/api/community/community/${c.community_id}/`)
    expect(c).toMatchObject({
      community_name: name.trim(),
      description: 'Build things',
      member_count: 0,
      members: [],
      rating_average: null,
      rating_count: 0,
      issue_count: 0,
      is_archived: false,
    })
    const sub = await get('/api/tenantmanagement/subscription/', w.adminToken)
    expect(sub.json().usage.communities).toBe(2)
  })

  it('refuses a name already used in the tenant, in any case, but allows it in another tenant', async () => {
    const w = await communityWorld(app)
    const other = await communityWorld(app)
    const dup = await post(COMMUNITY_URL, w.adminToken, { community_name: w.communityName.toUpperCase() })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toEqual({
      message: 'A community with this name already exists.',
      code: 'community.name_taken',
      errors: { community_name: ['A community with this name already exists.'] },
    })
    const elsewhere = await post(COMMUNITY_URL, other.adminToken, { community_name: w.communityName })
    expect(elsewhere.statusCode).toBe(201)
    const second = await createCommunity(app, w.adminToken)
    const rename = await patch(`${COMMUNITY_URL}${second.community_id}/`, w.adminToken, {
      community_name: ` ${w.communityName.toLowerCase()} `,
    })
    expect(rename.statusCode).toBe(409)
    expect(rename.json().code).toBe('community.name_taken')
  })

  it('refuses a community beyond the plan’s limit, archived ones included', async () => {
    const basic = await communityWorld(app, 'basic')
    const res = await post(COMMUNITY_URL, basic.adminToken, { community_name: unique('Extra ') })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      message: 'Your plan allows at most 1 community.',
      code: 'plan.limit_reached',
      errors: { limit: ['max_communities'] },
    })
    const pro = await communityWorld(app, 'professional')
    const extra = []
    for (let i = 0; i < 4; i++) extra.push(await createCommunity(app, pro.adminToken))
    await archiveCommunity(app, pro.adminToken, extra[0]!.community_id)
    const sixth = await post(COMMUNITY_URL, pro.adminToken, { community_name: unique('Sixth ') })
    expect(sixth.json()).toMatchObject({
      code: 'plan.limit_reached',
      message: 'Your plan allows at most 5 communities.',
    })
    const count = await app.db
      .selectFrom('communities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', pro.tenantId)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(5)
  })

  it('renames, redescribes, clears the description, archives and restores a community', async () => {
    const w = await communityWorld(app)
    const { token } = await createClient(app)
    const url = `${COMMUNITY_URL}${w.communityId}/`
    const renamed = await patch(url, w.adminToken, { community_name: 'Acme Circle', description: 'Talk' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ community_name: 'Acme Circle', description: 'Talk' })
    const sameName = await patch(url, w.adminToken, { community_name: 'ACME circle', description: null })
    expect(sameName.json()).toMatchObject({ community_name: 'ACME circle', description: null })
    expect((await patch(url, w.adminToken, {})).json().community_name).toBe('ACME circle')
    const archived = await patch(url, w.adminToken, { is_archived: true })
    expect(archived.json().is_archived).toBe(true)
    expect((await get(url, token)).statusCode).toBe(404)
    await patch(url, w.adminToken, { is_archived: false })
    expect((await get(url, token)).json()).toMatchObject({ community_name: 'ACME circle', is_archived: false })
  })
})

describe('OpenAPI', () => {
  it('documents every community, membership, favourite, event and rating route with a tag and summary', async () => {
    const doc = (await get('/api/openapi.json')).json()
    const routes: [string, string][] = [
      ['/api/community/community/', 'get'],
      ['/api/community/community/', 'post'],
      ['/api/community/community/{id}/', 'get'],
      ['/api/community/community/{id}/', 'patch'],
      ['/api/community/community/{id}/members/', 'get'],
      ['/api/community/joincommunity/', 'post'],
      ['/api/community/leavecommunity/', 'post'],
      ['/api/community/favoritecommunities/', 'get'],
      ['/api/community/favoritecommunities/', 'post'],
      ['/api/community/events/', 'get'],
      ['/api/community/rating/', 'get'],
      ['/api/community/rating/', 'post'],
    ]
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op.tags.length, path).toBe(1)
      expect(op.summary, path).toMatch(/\w/)
    }
    const alias = doc.paths['/api/community/favouritecommunities/']
    expect(alias.post['x-alias-of']).toBe('/api/community/favoritecommunities/')
    expect(alias.get['x-alias-of']).toBe('/api/community/favoritecommunities/')
  })
})

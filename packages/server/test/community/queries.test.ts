import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { listMembers, listMembersPreview } from '../../src/features/community/membership.queries.js'
import { findAuthor, listAuthors, listAuthorsWithEmail } from '../../src/features/community/people.queries.js'
import { listRatings } from '../../src/features/community/ratings.queries.js'
import { listCommunityEvents } from '../../src/features/community/community-events.queries.js'
import { calls, communityWorld, memberOf } from './community-helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const PUBLIC = ['first_name', 'id', 'last_name', 'profile_photo', 'username']
const CLIENT_DETAIL = [...PUBLIC, 'city', 'country', 'dob', 'email', 'gender', 'phonenumber', 'state']
const keys = (row: object | undefined) => Object.keys(row ?? {}).sort()

/** A community with one member who has a password, a rating and a join event. */
async function world() {
  const w = await communityWorld(app)
  const m = await memberOf(app, w.communityId)
  const rated = await calls(app).post('/api/community/rating/', m.token, { community_id: w.communityId, rating: 4 })
  expect(rated.statusCode).toBe(201)
  const hash = await app.db.selectFrom('users').select('password_hash').where('id', '=', m.id).executeTakeFirst()
  expect(hash?.password_hash).toBeTruthy()
  return { ...w, member: m }
}

describe('community queries load only the columns they show', () => {
  it('gives staff member lists the ClientDetail fields, never the password hash or sign-in state', async () => {
    const w = await world()
    const page = await listMembers(app.db, w.tenantId, w.communityId, { limit: 10, offset: 0 })
    expect(page.total).toBe(1)
    expect(keys(page.members[0])).toEqual([...CLIENT_DETAIL, 'joined_at'].sort())
    const preview = await listMembersPreview(app.db, w.tenantId, [w.communityId], 50)
    expect(preview.map((r) => r.id)).toEqual([w.member.id])
    expect(keys(preview[0])).toEqual([...CLIENT_DETAIL, 'community_id', 'joined_at'].sort())
  })

  it('loads authors with public fields, the email only where staff see it', async () => {
    const w = await world()
    expect(keys((await listAuthors(app.db, [w.member.id]))[0])).toEqual([...PUBLIC, 'user_type'].sort())
    expect(keys((await listAuthorsWithEmail(app.db, [w.member.id]))[0])).toEqual(
      [...PUBLIC, 'email', 'user_type'].sort(),
    )
    expect(keys(await findAuthor(app.db, w.member.id))).toEqual([...PUBLIC, 'user_type'].sort())
  })

  it('joins ratings and events to their authors’ public fields only', async () => {
    const w = await world()
    const { ratings } = await listRatings(app.db, w.tenantId, w.communityId, { limit: 10, offset: 0 })
    expect(ratings).toHaveLength(1)
    expect(keys(ratings[0])).not.toContain('email')
    expect(keys(ratings[0])).not.toContain('password_hash')
    const { rows } = await listCommunityEvents(app.db, w.tenantId, { communityId: w.communityId }, { limit: 10 })
    expect(rows).toHaveLength(1)
    expect(keys(rows[0])).not.toContain('email')
    expect(keys(rows[0])).not.toContain('password_hash')
  })

  it('keeps a tenant’s lists to that tenant', async () => {
    const w = await world()
    const stranger = await communityWorld(app)
    expect((await listMembers(app.db, stranger.tenantId, w.communityId, { limit: 10, offset: 0 })).total).toBe(0)
    expect(await listMembersPreview(app.db, stranger.tenantId, [w.communityId], 50)).toEqual([])
    expect((await listRatings(app.db, stranger.tenantId, w.communityId, { limit: 10, offset: 0 })).total).toBe(0)
    const events = await listCommunityEvents(app.db, stranger.tenantId, { communityId: w.communityId }, { limit: 10 })
    expect(events.rows).toEqual([])
  })
})

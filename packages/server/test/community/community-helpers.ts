import type { Community } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin, unique } from '../factories.js'

export const COMMUNITY_URL = '/api/community/community/'

/** A tenant (Professional plan unless told: Basic allows only the default community) with its admin. */
export async function communityWorld(app: TestApp, plan: 'basic' | 'professional' | 'business' = 'professional') {
  const org = await createTenantWithAdmin(app, { plan })
  const tenantId = org.tenant.tenant_id
  const community = await app.db
    .selectFrom('communities')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return {
    org,
    tenantId,
    tenantName: org.tenant.tenant_name,
    adminToken: org.token,
    communityId: community.id,
    communityName: community.name,
  }
}
export type CommunityWorld = Awaited<ReturnType<typeof communityWorld>>

export function calls(app: TestApp) {
  return {
    get: (url: string, token?: string) =>
      app.inject({ method: 'GET', url, ...(token ? { headers: auth(token) } : {}) }),
    post: (url: string, token: string | undefined, payload: unknown) =>
      app.inject({ method: 'POST', url, ...(token ? { headers: auth(token) } : {}), payload: payload as object }),
    patch: (url: string, token: string | undefined, payload: unknown) =>
      app.inject({ method: 'PATCH', url, ...(token ? { headers: auth(token) } : {}), payload: payload as object }),
  }
}

export async function createCommunity(app: TestApp, token: string, payload: Record<string, unknown> = {}) {
  const res = await calls(app).post(COMMUNITY_URL, token, { community_name: unique('Guild '), ...payload })
  if (res.statusCode !== 201) throw new Error(`createCommunity: ${res.statusCode} ${res.body}`)
  return res.json<Community>()
}

export async function joinCommunity(app: TestApp, token: string, communityId: number) {
  const res = await calls(app).post('/api/community/joincommunity/', token, { community_id: communityId })
  if (res.statusCode !== 200) throw new Error(`join: ${res.statusCode} ${res.body}`)
  return res.json<{ data: { member_count: number } }>()
}

/** A client who has joined the community through the API. */
export async function memberOf(app: TestApp, communityId: number, overrides: Record<string, unknown> = {}) {
  const c = await createClient(app, overrides)
  await joinCommunity(app, c.token, communityId)
  return { token: c.token, id: c.client.id, username: c.client.username, email: c.client.email }
}

/** An issue row written directly (issues have their own endpoints and tests). */
export async function addIssue(app: TestApp, w: CommunityWorld, clientId: number, solved = false) {
  const now = new Date()
  await app.db
    .insertInto('community_issues')
    .values({
      tenant_id: w.tenantId,
      community_id: w.communityId,
      client_id: clientId,
      title: 'Broken',
      description: 'It broke.',
      solved,
      solved_at: solved ? now : null,
      last_activity_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute()
}

export async function archiveCommunity(app: TestApp, token: string, communityId: number, isArchived = true) {
  const res = await calls(app).patch(`${COMMUNITY_URL}${communityId}/`, token, { is_archived: isArchived })
  if (res.statusCode !== 200) throw new Error(`archive: ${res.statusCode} ${res.body}`)
}

export async function membershipsOf(app: TestApp, communityId: number, clientId: number) {
  return app.db
    .selectFrom('community_memberships')
    .selectAll()
    .where('community_id', '=', communityId)
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute()
}

export async function eventsOf(app: TestApp, communityId: number, clientId: number) {
  return app.db
    .selectFrom('community_events')
    .selectAll()
    .where('community_id', '=', communityId)
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute()
}

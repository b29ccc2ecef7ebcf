import type { TestApp } from '../app.js'
import { auth, createClient, unique } from '../factories.js'
import { communityWorld } from '../community/community-helpers.js'

/*
 * Community rows written directly with exact timestamps, for the community analytics tests (contract §7.9): the
 * endpoints that create them stamp "now", and these tests need stays, issues and comments at chosen instants.
 */

export const at = (iso: string) => new Date(iso)

/** A tenant with its admin, its default community and a second one. */
export async function analyticsWorld(app: TestApp) {
  const w = await communityWorld(app)
  const second = await app.db
    .insertInto('communities')
    .values({ tenant_id: w.tenantId, name: unique('Second '), description: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
  return { ...w, adminId: w.org.admin.id, secondId: second.id, secondName: second.name }
}
export type AnalyticsWorld = Awaited<ReturnType<typeof analyticsWorld>>

/** A platform-wide client account. */
export async function client(app: TestApp, overrides: Record<string, unknown> = {}) {
  const c = await createClient(app, overrides)
  return { id: c.client.id, username: c.client.username, token: c.token }
}

/** One stay of a client in a community. */
export async function stay(
  app: TestApp,
  w: AnalyticsWorld,
  communityId: number,
  clientId: number,
  joinedAt: string,
  leftAt: string | null = null,
) {
  await app.db
    .insertInto('community_memberships')
    .values({
      tenant_id: w.tenantId,
      community_id: communityId,
      client_id: clientId,
      joined_at: at(joinedAt),
      left_at: leftAt === null ? null : at(leftAt),
    })
    .execute()
}

export type IssueRef = { issueId: number; threadId: number; communityId: number }

/** An issue raised by a client at an instant, with its thread. */
export async function issue(
  app: TestApp,
  w: AnalyticsWorld,
  communityId: number,
  clientId: number,
  createdAt: string,
  solved = false,
): Promise<IssueRef> {
  const t = at(createdAt)
  const row = await app.db
    .insertInto('community_issues')
    .values({
      tenant_id: w.tenantId,
      community_id: communityId,
      client_id: clientId,
      title: 'Broken',
      description: 'It broke.',
      solved,
      solved_at: solved ? t : null,
      last_activity_at: t,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const thread = await app.db
    .insertInto('community_threads')
    .values({ tenant_id: w.tenantId, issue_id: row.id, created_at: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { issueId: row.id, threadId: thread.id, communityId }
}

/** A comment on an issue's thread: a client's, or a staff reply (`{ staff: id }`); `deleted` soft-deletes it. */
export async function comment(
  app: TestApp,
  w: AnalyticsWorld,
  on: IssueRef,
  author: { client: number } | { staff: number },
  createdAt: string,
  deleted = false,
) {
  const t = at(createdAt)
  const row = await app.db
    .insertInto('community_comments')
    .values({
      tenant_id: w.tenantId,
      community_id: on.communityId,
      issue_id: on.issueId,
      thread_id: on.threadId,
      client_id: 'client' in author ? author.client : null,
      staff_user_id: 'staff' in author ? author.staff : null,
      body: 'A comment',
      deleted_at: deleted ? t : null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A client's reaction to a comment. */
export async function reaction(app: TestApp, w: AnalyticsWorld, commentId: number, clientId: number, when: string) {
  await app.db
    .insertInto('comment_reactions')
    .values({
      tenant_id: w.tenantId,
      comment_id: commentId,
      client_id: clientId,
      reaction: 'like',
      created_at: at(when),
      updated_at: at(when),
    })
    .execute()
}

/** A client's current rating of a community, given at `createdAt` and last changed at `updatedAt`. */
export async function rating(
  app: TestApp,
  w: AnalyticsWorld,
  communityId: number,
  clientId: number,
  value: number,
  createdAt: string,
  updatedAt = createdAt,
) {
  await app.db
    .insertInto('community_ratings')
    .values({
      tenant_id: w.tenantId,
      community_id: communityId,
      client_id: clientId,
      rating: value,
      comment: null,
      created_at: at(createdAt),
      updated_at: at(updatedAt),
    })
    .execute()
}

/** GET /api/analytics/<name>/ with the filter as query parameters; the reply's status and body. */
export async function getMetric(app: TestApp, token: string, name: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
  const res = await app.inject({ method: 'GET', url: `/api/analytics/${name}/?${qs}`, headers: auth(token) })
  return { status: res.statusCode, body: res.json() }
}

/** POST /api/analytics/<name>/ with the filter as a JSON body. */
export async function postMetric(app: TestApp, token: string, name: string, filter: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/analytics/${name}/`,
    headers: auth(token),
    payload: filter,
  })
  return { status: res.statusCode, body: res.json() }
}

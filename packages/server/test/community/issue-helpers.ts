import type { Comment, Issue } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'

/** The default community every tenant gets at creation. */
export async function defaultCommunity(app: TestApp, tenantId: number) {
  return app.db
    .selectFrom('communities')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow()
}

/** Makes a client a member, written directly so these tests do not depend on the join endpoint. */
export async function join(app: TestApp, tenantId: number, communityId: number, clientId: number) {
  await app.db
    .insertInto('community_memberships')
    .values({ tenant_id: tenantId, community_id: communityId, client_id: clientId, joined_at: new Date() })
    .execute()
}

/** A tenant with its admin and default community, one member client (the author) and another member. */
export async function issueWorld(app: TestApp) {
  const org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const community = await defaultCommunity(app, tenantId)
  const author = await createClient(app, { first_name: 'Jane', last_name: 'Doe' })
  const other = await createClient(app, { first_name: 'Omar', last_name: 'Other' })
  await join(app, tenantId, community.id, author.client.id)
  await join(app, tenantId, community.id, other.client.id)
  return {
    org,
    tenantId,
    adminToken: org.token,
    adminId: org.admin.id,
    communityId: community.id,
    communityName: community.name,
    authorToken: author.token,
    authorId: author.client.id,
    authorEmail: author.client.email,
    otherToken: other.token,
    otherId: other.client.id,
  }
}

export type IssueWorld = Awaited<ReturnType<typeof issueWorld>>

export async function raiseIssue(
  app: TestApp,
  token: string,
  communityId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/community/issue/',
    headers: auth(token),
    payload: { community_id: communityId, issue: 'Printer on fire', description: 'It smokes.', ...overrides },
  })
  if (res.statusCode !== 201) throw new Error(`raiseIssue: ${res.statusCode} ${res.body}`)
  return res.json<Issue>()
}

export async function addComment(app: TestApp, token: string, threadId: number, text = 'Same here.') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/community/comment/',
    headers: auth(token),
    payload: { thread_id: threadId, comment_description: text },
  })
  if (res.statusCode !== 201) throw new Error(`addComment: ${res.statusCode} ${res.body}`)
  return res.json<Comment>()
}

/** Archives a community directly (the community endpoints are written elsewhere). */
export async function archive(app: TestApp, communityId: number) {
  await app.db.updateTable('communities').set({ is_archived: true }).where('id', '=', communityId).execute()
}

import type { TestApp } from '../app.js'
import { auth } from '../factories.js'

export type Result = {
  type: string
  id: number
  title: string
  snippet: string
  highlights: [number, number][]
  score: number
  ref: Record<string, number | null>
}

export const searchAs = (app: TestApp, token: string, payload: unknown, url = '/api/search') =>
  app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object })

export const resultsAs = async (app: TestApp, token: string, payload: unknown) =>
  (await searchAs(app, token, payload)).json().results as Result[]

/** The highlighted words of a result, lower-cased. */
export const marked = (r: Result) => r.highlights.map(([a, b]) => r.snippet.slice(a, b).toLowerCase())

/** An issue with its thread (and optional comments) written straight to the tables, in the tenant's community. */
export async function writeIssue(
  app: TestApp,
  at: Date,
  tenantId: number,
  clientId: number,
  title: string,
  description: string,
  comments: string[] = [],
) {
  const community = await app.db
    .selectFrom('communities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  const row = await app.db
    .insertInto('community_issues')
    .values({
      tenant_id: tenantId,
      community_id: community.id,
      client_id: clientId,
      title,
      description,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const thread = await app.db
    .insertInto('community_threads')
    .values({ tenant_id: tenantId, issue_id: row.id, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow()
  const commentIds: number[] = []
  for (const body of comments) {
    const c = await app.db
      .insertInto('community_comments')
      .values({
        tenant_id: tenantId,
        community_id: community.id,
        issue_id: row.id,
        thread_id: thread.id,
        client_id: clientId,
        body,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    commentIds.push(c.id)
  }
  return { issueId: row.id, threadId: thread.id, communityId: community.id, commentIds }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Issue, Thread } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { createVisitor } from '../chat/helpers.js'
import { addComment, issueWorld, join, raiseIssue } from './issue-helpers.js'

let app: TestApp
const clock = testClock(new Date('2026-11-20T10:00:00.000Z'))
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
const ids = (body: { data: Issue[] }) => body.data.map((i) => i.issue_id)

describe('GET /api/community/issue/', () => {
  it('requires a token', async () => {
    expect((await get('/api/community/issue/')).statusCode).toBe(401)
  })

  it('requires community_id from clients and rejects unknown sorts and malformed filters', async () => {
    const w = await issueWorld(app)
    const res = await get('/api/community/issue/', w.authorToken)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { community_id: ['Choose a community.'] } })
    const bad = await get(
      '/api/community/issue/?community_id=x&sort=title&solved=maybe&from=yesterday&limit=0',
      w.adminToken,
    )
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['community_id', 'from', 'limit', 'solved', 'sort'])
    expect(bad.json().errors.sort).toEqual(['Sort must be -created_at, -last_activity_at or -like_count.'])
  })

  it('answers 404 for another tenant’s community and never lists a stranger’s issues', async () => {
    const w = await issueWorld(app)
    await raiseIssue(app, w.authorToken, w.communityId)
    const stranger = await createTenantWithAdmin(app)
    const res = await get(`/api/community/issue/?community_id=${w.communityId}`, stranger.token)
    expect(res.statusCode).toBe(404)
    const own = await get('/api/community/issue/', stranger.token)
    expect(own.json()).toMatchObject({ error: false, data: [], pagination: { total: 0, next_offset: null } })
  })

  it('refuses visitors', async () => {
    const w = await issueWorld(app)
    const visitor = await createVisitor(app, w.adminToken)
    expect((await get(`/api/community/issue/?community_id=${w.communityId}`, visitor.token)).statusCode).toBe(403)
  })

  it('lists every community of the tenant to staff, newest first, with paging', async () => {
    const w = await issueWorld(app)
    const second = await app.db
      .insertInto('communities')
      .values({ tenant_id: w.tenantId, name: 'Second' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await join(app, w.tenantId, second.id, w.authorId)
    const a = await raiseIssue(app, w.authorToken, w.communityId)
    clock.advance(1_000)
    const b = await raiseIssue(app, w.authorToken, second.id)
    clock.advance(1_000)
    const c = await raiseIssue(app, w.otherToken, w.communityId)
    const all = (await get('/api/community/issue/', w.adminToken)).json()
    expect(ids(all)).toEqual([c.issue_id, b.issue_id, a.issue_id])
    expect(all.data[0].client_id.email).toEqual(expect.stringContaining('@'))
    const paged = (await get('/api/community/issue/?limit=2&offset=1', w.adminToken)).json()
    expect(ids(paged)).toEqual([b.issue_id, a.issue_id])
    expect(paged.pagination).toEqual({ limit: 2, offset: 1, total: 3, next_offset: null })
    const first = (await get('/api/community/issue/?limit=1', w.adminToken)).json()
    expect(first.pagination.next_offset).toBe(1)
    const one = (await get(`/api/community/issue/?community_id=${second.id}`, w.adminToken)).json()
    expect(ids(one)).toEqual([b.issue_id])
  })

  it('shows a client one community’s issues with public author fields only', async () => {
    const w = await issueWorld(app)
    const a = await raiseIssue(app, w.authorToken, w.communityId)
    const outsider = await createClient(app)
    const res = await get(`/api/community/issue/?community_id=${w.communityId}`, outsider.token)
    expect(ids(res.json())).toEqual([a.issue_id])
    expect(res.json().data[0].client_id).toEqual({
      id: w.authorId,
      username: expect.any(String),
      first_name: 'Jane',
      last_name: 'Doe',
      profile_photo: null,
    })
  })

  it('filters by solved, author, text, creation time and the legacy issue_id', async () => {
    const w = await issueWorld(app)
    const from = clock.now().toISOString()
    const a = await raiseIssue(app, w.authorToken, w.communityId, { issue: 'Refund 100% please' })
    clock.advance(60_000)
    const b = await raiseIssue(app, w.otherToken, w.communityId, { description: 'The app crashes on login' })
    await app.inject({
      method: 'PATCH',
      url: `/api/community/issue/${b.issue_id}/`,
      headers: auth(w.adminToken),
      payload: { solved: true },
    })
    const q = (query: string) => get(`/api/community/issue/?community_id=${w.communityId}&${query}`, w.adminToken)
    expect(ids((await q('solved=true')).json())).toEqual([b.issue_id])
    expect(ids((await q('solved=0')).json())).toEqual([a.issue_id])
    expect(ids((await q(`client_id=${w.authorId}`)).json())).toEqual([a.issue_id])
    expect(ids((await q('search=CRASHES')).json())).toEqual([b.issue_id])
    expect(ids((await q('search=100%25')).json())).toEqual([a.issue_id])
    expect(ids((await q('search=%25')).json())).toEqual([a.issue_id])
    expect(ids((await q("search=' or 1=1 --")).json())).toEqual([])
    expect(ids((await q(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(from)}`)).json())).toEqual([
      a.issue_id,
    ])
    expect(ids((await q(`issue_id=${a.issue_id}`)).json())).toEqual([a.issue_id])
    expect(ids((await q('issue_id=99999999')).json())).toEqual([])
  })

  it('sorts by last activity when asked, a new comment moving its issue up', async () => {
    const w = await issueWorld(app)
    const a = await raiseIssue(app, w.authorToken, w.communityId)
    clock.advance(1_000)
    const b = await raiseIssue(app, w.authorToken, w.communityId)
    clock.advance(1_000)
    const comment = await addComment(app, w.otherToken, a.thread_id)
    const url = `/api/community/issue/?community_id=${w.communityId}`
    expect(ids((await get(url, w.otherToken)).json())).toEqual([b.issue_id, a.issue_id])
    const byActivity = (await get(`${url}&sort=-last_activity_at`, w.otherToken)).json()
    expect(ids(byActivity)).toEqual([a.issue_id, b.issue_id])
    expect(byActivity.data[0]).toMatchObject({ last_activity_at: comment.created_at, comment_count: 1 })
  })
})

describe('most liked first', () => {
  it('orders issues by the likes on their comments, deleted comments not counting', async () => {
    const w = await issueWorld(app)
    const like = (token: string, commentId: number) =>
      app.inject({
        method: 'POST',
        url: '/api/community/likecomment/',
        headers: auth(token),
        payload: { comment_id: commentId },
      })
    const quiet = await raiseIssue(app, w.authorToken, w.communityId)
    const popular = await raiseIssue(app, w.authorToken, w.communityId)
    const once = await raiseIssue(app, w.authorToken, w.communityId)
    const c1 = await addComment(app, w.otherToken, popular.thread_id)
    const c2 = await addComment(app, w.authorToken, popular.thread_id)
    const c3 = await addComment(app, w.otherToken, once.thread_id)
    const removed = await addComment(app, w.otherToken, quiet.thread_id)
    for (const [token, comment] of [
      [w.authorToken, c1],
      [w.otherToken, c2],
      [w.authorToken, c3],
      [w.authorToken, removed],
      [w.otherToken, removed],
    ] as const)
      expect((await like(token, comment.comment_id)).statusCode).toBe(200)
    // A dislike is not a like.
    await app.inject({
      method: 'POST',
      url: '/api/community/dislikecomment/',
      headers: auth(w.otherToken),
      payload: { comment_id: c3.comment_id },
    })
    await app.inject({
      method: 'DELETE',
      url: `/api/community/comment/${removed.comment_id}/`,
      headers: auth(w.otherToken),
    })
    const url = `/api/community/issue/?community_id=${w.communityId}&sort=-like_count`
    const body = (await get(url, w.adminToken)).json()
    expect(body.data.map((i: Issue) => [i.issue_id, i.like_count])).toEqual([
      [popular.issue_id, 2],
      [once.issue_id, 1],
      [quiet.issue_id, 0],
    ])
  })
})

describe('threads', () => {
  it('require a token', async () => {
    expect((await get('/api/community/thread/?issue_id=1')).statusCode).toBe(401)
    expect((await get('/api/community/thread/1/')).statusCode).toBe(401)
    expect((await app.inject({ method: 'POST', url: '/api/community/thread/', payload: {} })).statusCode).toBe(401)
  })

  it('need an issue_id or a thread_id', async () => {
    const w = await issueWorld(app)
    const res = await get('/api/community/thread/', w.authorToken)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.issue_id).toEqual(['Send issue_id or thread_id.'])
    const post = await app.inject({
      method: 'POST',
      url: '/api/community/thread/',
      headers: auth(w.authorToken),
      payload: { issue_id: 'one' },
    })
    expect(post.statusCode).toBe(400)
    expect(post.json().errors.issue_id).toHaveLength(1)
  })

  it('look absent to a stranger', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const stranger = await createTenantWithAdmin(app)
    const listed = await get(`/api/community/thread/?issue_id=${issue.issue_id}`, stranger.token)
    expect(listed.json()).toMatchObject({ error: false, data: [], pagination: { total: 0 } })
    expect((await get(`/api/community/thread/?thread_id=${issue.thread_id}`, stranger.token)).json().data).toEqual([])
    expect((await get(`/api/community/thread/${issue.thread_id}/`, stranger.token)).statusCode).toBe(404)
    const post = await app.inject({
      method: 'POST',
      url: '/api/community/thread/',
      headers: auth(stranger.token),
      payload: { issue_id: issue.issue_id },
    })
    expect(post.statusCode).toBe(404)
  })

  it('refuse visitors', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const visitor = await createVisitor(app, w.adminToken)
    expect((await get(`/api/community/thread/${issue.thread_id}/`, visitor.token)).statusCode).toBe(403)
  })

  it('are found by issue or thread id and carry the full issue', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const byIssue = (await get(`/api/community/thread/?issue_id=${issue.issue_id}`, w.otherToken)).json()
    expect(byIssue.data).toHaveLength(1)
    const thread = byIssue.data[0] as Thread
    expect(thread).toEqual({ thread_id: issue.thread_id, issue, created_at: issue.created_at })
    expect(
      (await get(`/api/community/thread/?thread_id=${issue.thread_id}`, w.adminToken)).json().data[0],
    ).toMatchObject({
      thread_id: issue.thread_id,
      issue: { issue: 'Printer on fire', description: 'It smokes.', client_id: { email: w.authorEmail } },
    })
    const mismatch = await get(`/api/community/thread/?thread_id=${issue.thread_id}&issue_id=99999999`, w.adminToken)
    expect(mismatch.json().data).toEqual([])
    expect((await get(`/api/community/thread/${issue.thread_id}/`, w.otherToken)).json()).toEqual(thread)
  })

  it('POST answers the existing thread and never creates a second one', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/community/thread/',
        headers: auth(w.adminToken),
        payload: { issue_id: issue.issue_id },
      })
    const first = await post()
    expect(first.statusCode).toBe(200)
    expect(first.json().thread_id).toBe(issue.thread_id)
    expect((await post()).json().thread_id).toBe(issue.thread_id)
    const rows = await app.db
      .selectFrom('community_threads')
      .select('id')
      .where('issue_id', '=', issue.issue_id)
      .execute()
    expect(rows).toHaveLength(1)
  })
})

describe('documentation', () => {
  it('lists the issue, thread, comment and reaction routes in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(doc.paths['/api/community/issue/']).toHaveProperty('post')
    expect(doc.paths['/api/community/issue/{id}/']).toHaveProperty('patch')
    expect(doc.paths['/api/community/thread/']).toHaveProperty('get')
    expect(doc.paths['/api/community/comment/']).toHaveProperty('delete')
    expect(doc.paths['/api/community/likeordislikecomment/'].post.tags).toEqual(['community comments'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommunityTexts, type Comment } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { captureBus, createVisitor } from '../chat/helpers.js'
import { addComment, archive, issueWorld, raiseIssue } from './issue-helpers.js'

let app: TestApp
const clock = testClock(new Date('2026-11-20T10:00:00.000Z'))
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) })
const commentUrl = (id: number) => `/api/community/comment/${id}/`
const listUrl = (threadId: number, query = '') => `/api/community/comment/?thread_id=${threadId}${query}`

/** An issue world with one issue raised by the author. */
async function thread() {
  const w = await issueWorld(app)
  const issue = await raiseIssue(app, w.authorToken, w.communityId)
  return { ...w, issue, threadId: issue.thread_id }
}

describe('POST /api/community/comment/', () => {
  it('requires a token', async () => {
    expect((await call('POST', '/api/community/comment/', undefined, {})).statusCode).toBe(401)
  })

  it('rejects a missing thread, an empty and a too long text with field errors', async () => {
    const t = await thread()
    const missing = await call('POST', '/api/community/comment/', t.otherToken, {})
    expect(missing.json().errors).toEqual({
      comment_description: ['Comment is required.'],
      thread_id: ['Thread is required.'],
    })
    const empty = await call('POST', '/api/community/comment/', t.otherToken, {
      thread_id: t.threadId,
      comment_description: '  ',
    })
    expect(empty.json().errors.comment_description).toEqual(['Comment is required.'])
    const long = await call('POST', '/api/community/comment/', t.otherToken, {
      thread_id: t.threadId,
      comment_description: 'x'.repeat(5001),
    })
    expect(long.json().errors.comment_description).toEqual(['Comment must be at most 5000 characters.'])
  })

  it('answers 404 for an unknown thread, a stranger and clients of an archived community', async () => {
    const t = await thread()
    const payload = { comment_description: 'Hi' }
    expect(
      (await call('POST', '/api/community/comment/', t.otherToken, { ...payload, thread_id: 99_999_999 })).statusCode,
    ).toBe(404)
    const stranger = await createTenantWithAdmin(app)
    expect(
      (await call('POST', '/api/community/comment/', stranger.token, { ...payload, thread_id: t.threadId })).statusCode,
    ).toBe(404)
    await archive(app, t.communityId)
    expect(
      (await call('POST', '/api/community/comment/', t.otherToken, { ...payload, thread_id: t.threadId })).statusCode,
    ).toBe(404)
    const staff = await call('POST', '/api/community/comment/', t.adminToken, { ...payload, thread_id: t.threadId })
    expect(staff.statusCode).toBe(409)
    expect(staff.json().code).toBe('community.archived')
  })

  it('refuses visitors, non-members and a client_id that is not the caller', async () => {
    const t = await thread()
    const payload = { thread_id: t.threadId, comment_description: 'Hi' }
    const visitor = await createVisitor(app, t.adminToken)
    expect((await call('POST', '/api/community/comment/', visitor.token, payload)).statusCode).toBe(403)
    const outsider = await createClient(app)
    const res = await call('POST', '/api/community/comment/', outsider.token, payload)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: CommunityTexts.notMemberToTakePart, code: 'community.not_member' })
    const forged = await call('POST', '/api/community/comment/', t.otherToken, { ...payload, client_id: t.authorId })
    expect(forged.statusCode).toBe(403)
  })

  it('creates a client comment and a staff reply, moving the issue’s activity and counts', async () => {
    const t = await thread()
    const bus = captureBus(app, t.tenantId)
    clock.advance(60_000)
    const res = await call('POST', '/api/community/comment/', t.otherToken, {
      thread_id: t.threadId,
      comment_description: ' Same here. ',
      client_id: t.otherId,
    })
    expect(res.statusCode).toBe(201)
    const comment = res.json<Comment>()
    expect(res.headers.location).toBe(commentUrl(comment.comment_id))
    expect(comment).toEqual({
      comment_id: expect.any(Number),
      thread: t.threadId,
      thread_id: t.threadId,
      client: {
        id: t.otherId,
        username: expect.any(String),
        first_name: 'Omar',
        last_name: 'Other',
        profile_photo: null,
      },
      author: { kind: 'client', id: t.otherId, name: 'Omar Other', username: expect.any(String) },
      is_staff_reply: false,
      comment_description: 'Same here.',
      likes: [],
      dislikes: [],
      like_count: 0,
      dislike_count: 0,
      my_reaction: null,
      edited_at: null,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    })
    clock.advance(60_000)
    const employee = await createEmployee(app, t.adminToken)
    const reply = await addComment(app, employee.token, t.threadId, 'We are on it.')
    expect(reply).toMatchObject({
      client: null,
      author: { kind: 'staff', id: employee.employee.id, name: 'Eli Employee' },
      is_staff_reply: true,
    })
    const issue = (await call('GET', `/api/community/issue/${t.issue.issue_id}/`, t.authorToken)).json()
    expect(issue).toMatchObject({
      comment_count: 2,
      staff_reply_count: 1,
      last_activity_at: clock.now().toISOString(),
      updated_at: t.issue.updated_at,
    })
    bus.stop()
    const base = { tenantId: t.tenantId, communityId: t.communityId, issueId: t.issue.issue_id, threadId: t.threadId }
    expect(bus.events).toEqual([
      { type: 'comment.created', ...base, commentId: comment.comment_id, issueAuthorId: t.authorId, staffReply: false },
      { type: 'issue.updated', tenantId: t.tenantId, communityId: t.communityId, issueId: t.issue.issue_id },
      { type: 'comment.created', ...base, commentId: reply.comment_id, issueAuthorId: t.authorId, staffReply: true },
      { type: 'issue.updated', tenantId: t.tenantId, communityId: t.communityId, issueId: t.issue.issue_id },
    ])
  })
})

describe('GET /api/community/comment/', () => {
  it('requires a token', async () => {
    expect((await call('GET', listUrl(1))).statusCode).toBe(401)
  })

  it('requires a valid thread_id', async () => {
    const t = await thread()
    expect((await call('GET', '/api/community/comment/', t.authorToken)).json().errors.thread_id).toHaveLength(1)
    expect((await call('GET', '/api/community/comment/?thread_id=-3', t.authorToken)).statusCode).toBe(400)
  })

  it('answers 404 to a stranger and for an unknown thread; refuses visitors', async () => {
    const t = await thread()
    const stranger = await createTenantWithAdmin(app)
    expect((await call('GET', listUrl(t.threadId), stranger.token)).statusCode).toBe(404)
    expect((await call('GET', listUrl(99_999_999), t.adminToken)).statusCode).toBe(404)
    const visitor = await createVisitor(app, t.adminToken)
    expect((await call('GET', listUrl(t.threadId), visitor.token)).statusCode).toBe(403)
  })

  it('lists oldest first with paging and an author filter, without anyone’s email', async () => {
    const t = await thread()
    const a = await addComment(app, t.otherToken, t.threadId, 'one')
    const b = await addComment(app, t.authorToken, t.threadId, 'two')
    const c = await addComment(app, t.adminToken, t.threadId, 'three')
    const outsider = await createClient(app)
    const all = await call('GET', listUrl(t.threadId), outsider.token)
    expect(all.json().data.map((x: Comment) => x.comment_id)).toEqual([a.comment_id, b.comment_id, c.comment_id])
    expect(all.body).not.toContain('@example.com')
    const staffView = await call('GET', listUrl(t.threadId), t.adminToken)
    expect(staffView.body).not.toContain('@example.com')
    const paged = (await call('GET', listUrl(t.threadId, '&limit=1&offset=1'), t.adminToken)).json()
    expect(paged.data.map((x: Comment) => x.comment_id)).toEqual([b.comment_id])
    expect(paged.pagination).toEqual({ limit: 1, offset: 1, total: 3, next_offset: 2 })
    const mine = (await call('GET', listUrl(t.threadId, `&client_id=${t.authorId}`), t.adminToken)).json()
    expect(mine.data.map((x: Comment) => x.comment_id)).toEqual([b.comment_id])
  })
})

describe('GET /api/community/comment/{id}/', () => {
  it('requires a token', async () => {
    expect((await call('GET', commentUrl(1))).statusCode).toBe(401)
  })

  it('answers 404 to a stranger and for an unknown id; refuses visitors', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    const stranger = await createTenantWithAdmin(app)
    expect((await call('GET', commentUrl(c.comment_id), stranger.token)).statusCode).toBe(404)
    expect((await call('GET', commentUrl(99_999_999), t.adminToken)).statusCode).toBe(404)
    const visitor = await createVisitor(app, t.adminToken)
    expect((await call('GET', commentUrl(c.comment_id), visitor.token)).statusCode).toBe(403)
  })

  it('shows the comment as it was created', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    expect((await call('GET', commentUrl(c.comment_id), t.authorToken)).json()).toEqual(c)
  })
})

describe('PATCH /api/community/comment/{id}/', () => {
  it('requires a token', async () => {
    expect((await call('PATCH', commentUrl(1), undefined, { comment_description: 'x' })).statusCode).toBe(401)
  })

  it('rejects an empty text', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    const res = await call('PATCH', commentUrl(c.comment_id), t.otherToken, { comment_description: '' })
    expect(res.json().errors.comment_description).toEqual(['Comment is required.'])
  })

  it('answers 404 to a stranger', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    const stranger = await createTenantWithAdmin(app)
    expect(
      (await call('PATCH', commentUrl(c.comment_id), stranger.token, { comment_description: 'x' })).statusCode,
    ).toBe(404)
  })

  it('refuses another customer, staff on a customer’s comment and a colleague on a staff reply', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId, 'original')
    const customer = await call('PATCH', commentUrl(c.comment_id), t.authorToken, { comment_description: 'hacked' })
    expect(customer.statusCode).toBe(403)
    expect((await call('PATCH', commentUrl(c.comment_id), t.adminToken, { comment_description: 'x' })).statusCode).toBe(
      403,
    )
    const reply = await addComment(app, t.adminToken, t.threadId, 'staff')
    const colleague = await createEmployee(app, t.adminToken)
    expect(
      (await call('PATCH', commentUrl(reply.comment_id), colleague.token, { comment_description: 'x' })).statusCode,
    ).toBe(403)
    expect((await call('GET', commentUrl(c.comment_id), t.authorToken)).json().comment_description).toBe('original')
  })

  it('lets the author edit, recording edited_at', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    clock.advance(5_000)
    const res = await call('PATCH', commentUrl(c.comment_id), t.otherToken, { comment_description: 'Fixed typo' })
    expect(res.json()).toMatchObject({
      comment_description: 'Fixed typo',
      edited_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      created_at: c.created_at,
    })
    const reply = await addComment(app, t.adminToken, t.threadId, 'staff')
    const own = await call('PATCH', commentUrl(reply.comment_id), t.adminToken, { comment_description: 'edited' })
    expect(own.json()).toMatchObject({ comment_description: 'edited', is_staff_reply: true })
  })
})

describe('DELETE /api/community/comment/', () => {
  it('requires a token', async () => {
    expect((await call('DELETE', commentUrl(1))).statusCode).toBe(401)
    expect((await call('DELETE', '/api/community/comment/?comment_id=1')).statusCode).toBe(401)
  })

  it('needs a comment_id in the query form', async () => {
    const t = await thread()
    const res = await call('DELETE', '/api/community/comment/?thread_id=1', t.adminToken)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.comment_id).toHaveLength(1)
  })

  it('answers 404 to a stranger and for a thread_id that does not hold the comment', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    const stranger = await createTenantWithAdmin(app)
    expect((await call('DELETE', commentUrl(c.comment_id), stranger.token)).statusCode).toBe(404)
    const wrong = `/api/community/comment/?comment_id=${c.comment_id}&thread_id=${t.threadId + 100_000}`
    expect((await call('DELETE', wrong, t.adminToken)).statusCode).toBe(404)
  })

  it('refuses a customer deleting another customer’s comment', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    const res = await call('DELETE', commentUrl(c.comment_id), t.authorToken)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
    expect((await call('GET', commentUrl(c.comment_id), t.authorToken)).statusCode).toBe(200)
  })

  it('hides a comment its author deleted everywhere and leaves it out of the counts', async () => {
    const t = await thread()
    const kept = await addComment(app, t.otherToken, t.threadId, 'kept')
    const gone = await addComment(app, t.otherToken, t.threadId, 'gone')
    const bus = captureBus(app, t.tenantId)
    expect((await call('DELETE', commentUrl(gone.comment_id), t.otherToken)).statusCode).toBe(204)
    bus.stop()
    expect(bus.events.map((e) => e.type)).toEqual(['comment.deleted', 'issue.updated'])
    const list = (await call('GET', listUrl(t.threadId), t.adminToken)).json()
    expect(list.data.map((x: Comment) => x.comment_id)).toEqual([kept.comment_id])
    expect(list.pagination.total).toBe(1)
    expect((await call('GET', commentUrl(gone.comment_id), t.adminToken)).statusCode).toBe(404)
    expect(
      (await call('PATCH', commentUrl(gone.comment_id), t.otherToken, { comment_description: 'x' })).statusCode,
    ).toBe(404)
    expect((await call('DELETE', commentUrl(gone.comment_id), t.otherToken)).statusCode).toBe(404)
    const issue = (await call('GET', `/api/community/issue/${t.issue.issue_id}/`, t.adminToken)).json()
    expect(issue).toMatchObject({ comment_count: 1, staff_reply_count: 0 })
    const row = await app.db
      .selectFrom('community_comments')
      .select(['deleted_at', 'deleted_by_user_id'])
      .where('id', '=', gone.comment_id)
      .executeTakeFirstOrThrow()
    expect(row.deleted_by_user_id).toBe(t.otherId)
  })

  it('lets staff delete any comment of the tenant, also by the query form', async () => {
    const t = await thread()
    const c = await addComment(app, t.otherToken, t.threadId)
    const reply = await addComment(app, t.adminToken, t.threadId, 'staff')
    const employee = await createEmployee(app, t.adminToken)
    const url = `/api/community/comment/?comment_id=${c.comment_id}&thread_id=${t.threadId}`
    expect((await call('DELETE', url, employee.token)).statusCode).toBe(204)
    expect((await call('DELETE', commentUrl(reply.comment_id), employee.token)).statusCode).toBe(204)
    const issue = (await call('GET', `/api/community/issue/${t.issue.issue_id}/`, t.adminToken)).json()
    expect(issue).toMatchObject({ comment_count: 0, staff_reply_count: 0 })
  })
})

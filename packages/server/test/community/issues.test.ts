import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommunityTexts, type Issue } from '@proxima/contracts'
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
const issueUrl = (id: number) => `/api/community/issue/${id}/`

describe('POST /api/community/issue/', () => {
  it('requires a token', async () => {
    expect((await call('POST', '/api/community/issue/', undefined, {})).statusCode).toBe(401)
  })

  it('rejects missing, empty, too long and mistyped fields with field errors', async () => {
    const w = await issueWorld(app)
    const missing = await call('POST', '/api/community/issue/', w.authorToken, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('validation.failed')
    expect(Object.keys(missing.json().errors).sort()).toEqual(['community_id', 'description', 'issue'])
    const bad = await call('POST', '/api/community/issue/', w.authorToken, {
      community_id: 'abc',
      issue: 'x'.repeat(201),
      description: '   ',
    })
    expect(bad.json().errors.issue).toEqual(['Title must be at most 200 characters.'])
    expect(bad.json().errors.description).toEqual(['Description is required.'])
    expect(bad.json().errors.community_id).toHaveLength(1)
    const typed = await call('POST', '/api/community/issue/', w.authorToken, {
      community_id: w.communityId,
      issue: 42,
      description: ['a'],
    })
    expect(typed.statusCode).toBe(400)
  })

  it('answers 404 for an unknown or archived community', async () => {
    const w = await issueWorld(app)
    const other = await createTenantWithAdmin(app)
    const archived = await app.db
      .selectFrom('communities')
      .select('id')
      .where('tenant_id', '=', other.tenant.tenant_id)
      .executeTakeFirstOrThrow()
    await archive(app, archived.id)
    const payload = { issue: 'Hello', description: 'World' }
    expect(
      (await call('POST', '/api/community/issue/', w.authorToken, { ...payload, community_id: 99_999_999 })).statusCode,
    ).toBe(404)
    expect(
      (await call('POST', '/api/community/issue/', w.authorToken, { ...payload, community_id: archived.id }))
        .statusCode,
    ).toBe(404)
  })

  it('refuses staff, visitors, non-members and a client_id that is not the caller', async () => {
    const w = await issueWorld(app)
    const payload = { community_id: w.communityId, issue: 'Hello', description: 'World' }
    const staff = await call('POST', '/api/community/issue/', w.adminToken, payload)
    expect(staff.statusCode).toBe(403)
    expect(staff.json().code).toBe('auth.forbidden')
    const visitor = await createVisitor(app, w.adminToken)
    expect((await call('POST', '/api/community/issue/', visitor.token, payload)).statusCode).toBe(403)
    const outsider = await createClient(app)
    const notMember = await call('POST', '/api/community/issue/', outsider.token, payload)
    expect(notMember.statusCode).toBe(403)
    expect(notMember.json()).toEqual({ message: CommunityTexts.notMember, code: 'community.not_member' })
    const forged = await call('POST', '/api/community/issue/', w.authorToken, { ...payload, client_id: w.otherId })
    expect(forged.statusCode).toBe(403)
    expect(
      await app.db.selectFrom('community_issues').select('id').where('tenant_id', '=', w.tenantId).execute(),
    ).toEqual([])
  })

  it('creates the issue unsolved with its one thread, shaped for the client without the email', async () => {
    const w = await issueWorld(app)
    const res = await call('POST', '/api/community/issue/', w.authorToken, {
      community_id: w.communityId,
      issue: '  Printer on fire  ',
      description: 'It smokes.',
      client_id: w.authorId,
      solved: true,
    })
    expect(res.statusCode).toBe(201)
    const issue = res.json<Issue>()
    expect(res.headers.location).toBe(`/api/community/issue/${issue.issue_id}/`)
    expect(issue).toEqual({
      issue_id: expect.any(Number),
      issue: 'Printer on fire',
      description: 'It smokes.',
      solved: false,
      solved_at: null,
      solved_by: null,
      client_id: {
        id: w.authorId,
        username: expect.any(String),
        first_name: 'Jane',
        last_name: 'Doe',
        profile_photo: null,
      },
      community_id: { community_id: w.communityId, community_name: w.communityName },
      thread_id: expect.any(Number),
      comment_count: 0,
      staff_reply_count: 0,
      like_count: 0,
      last_activity_at: clock.now().toISOString(),
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    })
    const threads = await app.db
      .selectFrom('community_threads')
      .selectAll()
      .where('issue_id', '=', issue.issue_id)
      .execute()
    expect(threads.map((t) => t.id)).toEqual([issue.thread_id])
  })

  it('notifies every active staff member once and publishes issue.created', async () => {
    const w = await issueWorld(app)
    const employee = await createEmployee(app, w.adminToken)
    const disabled = await createEmployee(app, w.adminToken)
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', disabled.employee.id).execute()
    const bus = captureBus(app, w.tenantId)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    bus.stop()
    const rows = await app.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'title', 'body', 'data'])
      .where('tenant_id', '=', w.tenantId)
      .execute()
    expect(rows.map((r) => r.user_id).sort()).toEqual([w.adminId, employee.employee.id].sort())
    for (const row of rows)
      expect(row).toMatchObject({
        type: 'issue.created',
        title: 'New issue raised',
        body: `Jane Doe just raised an issue on ${w.communityName}`,
        data: { issue_id: issue.issue_id, thread_id: issue.thread_id, community_id: w.communityId },
      })
    expect(bus.events).toEqual([
      { type: 'issue.created', tenantId: w.tenantId, communityId: w.communityId, issueId: issue.issue_id },
    ])
    const listed = await call('GET', '/api/notifications/', employee.token)
    expect(listed.json().data[0]).toMatchObject({ type: 'issue.created', data: { issue_id: issue.issue_id } })
  })
})

describe('GET /api/community/issue/{id}/', () => {
  it('requires a token', async () => {
    expect((await call('GET', issueUrl(1))).statusCode).toBe(401)
  })

  it('answers 404 for a stranger, an unknown id and an archived community’s issue to clients', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const stranger = await createTenantWithAdmin(app)
    expect((await call('GET', issueUrl(issue.issue_id), stranger.token)).json().code).toBe('not_found')
    expect((await call('GET', issueUrl(99_999_999), w.adminToken)).statusCode).toBe(404)
    expect((await call('GET', '/api/community/issue/abc/', w.adminToken)).statusCode).toBe(404)
    await archive(app, w.communityId)
    expect((await call('GET', issueUrl(issue.issue_id), w.authorToken)).statusCode).toBe(404)
    expect((await call('GET', issueUrl(issue.issue_id), w.adminToken)).statusCode).toBe(200)
  })

  it('refuses visitors', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const visitor = await createVisitor(app, w.adminToken)
    expect((await call('GET', issueUrl(issue.issue_id), visitor.token)).statusCode).toBe(403)
  })

  it('shows staff the author’s email and other clients only public fields', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const staff = (await call('GET', issueUrl(issue.issue_id), w.adminToken)).json<Issue>()
    expect(staff.client_id).toMatchObject({ id: w.authorId, email: w.authorEmail })
    const outsider = await createClient(app)
    const seen = await call('GET', issueUrl(issue.issue_id), outsider.token)
    expect(seen.statusCode).toBe(200)
    expect(seen.json().client_id).not.toHaveProperty('email')
    expect(seen.body).not.toContain(w.authorEmail)
  })
})

describe('PATCH /api/community/issue/{id}/', () => {
  it('requires a token', async () => {
    expect((await call('PATCH', issueUrl(1), undefined, { solved: true })).statusCode).toBe(401)
  })

  it('rejects an empty title and a solved value that is not a boolean', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const res = await call('PATCH', issueUrl(issue.issue_id), w.authorToken, { issue: ' ', solved: 'maybe' })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors).sort()).toEqual(['issue', 'solved'])
  })

  it('answers 404 to a stranger', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const stranger = await createTenantWithAdmin(app)
    expect((await call('PATCH', issueUrl(issue.issue_id), stranger.token, { solved: true })).statusCode).toBe(404)
  })

  it('refuses other clients, and staff editing the text', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const other = await call('PATCH', issueUrl(issue.issue_id), w.otherToken, { solved: true })
    expect(other.statusCode).toBe(403)
    const staff = await call('PATCH', issueUrl(issue.issue_id), w.adminToken, { issue: 'Renamed' })
    expect(staff.statusCode).toBe(403)
    expect((await call('GET', issueUrl(issue.issue_id), w.adminToken)).json()).toMatchObject({
      issue: 'Printer on fire',
      solved: false,
    })
  })

  it('lets staff mark it solved and unsolved, recording who and when', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const bus = captureBus(app, w.tenantId)
    clock.advance(60_000)
    const solved = await call('PATCH', issueUrl(issue.issue_id), w.adminToken, { solved: true })
    expect(solved.statusCode).toBe(200)
    expect(solved.json()).toMatchObject({
      solved: true,
      solved_at: clock.now().toISOString(),
      solved_by: { kind: 'staff', id: w.adminId, name: 'Ada Admin' },
      last_activity_at: clock.now().toISOString(),
    })
    // Solving again changes nothing and publishes nothing.
    clock.advance(1_000)
    const again = await call('PATCH', issueUrl(issue.issue_id), w.adminToken, { solved: true })
    expect(again.json().solved_at).toBe(solved.json().solved_at)
    const reopened = await call('PATCH', issueUrl(issue.issue_id), w.adminToken, { solved: false })
    expect(reopened.json()).toMatchObject({ solved: false, solved_at: null, solved_by: null })
    bus.stop()
    expect(bus.events.map((e) => e.type)).toEqual(['issue.updated', 'issue.updated'])
  })

  it('lets the author edit while unsolved, refuses edits once solved, and allows them with a reopening', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const edited = await call('PATCH', issueUrl(issue.issue_id), w.authorToken, { description: 'Now it is out.' })
    expect(edited.json()).toMatchObject({ issue: 'Printer on fire', description: 'Now it is out.' })
    const solved = await call('PATCH', issueUrl(issue.issue_id), w.authorToken, { solved: true })
    expect(solved.json().solved_by).toMatchObject({ kind: 'client', id: w.authorId, name: 'Jane Doe' })
    const locked = await call('PATCH', issueUrl(issue.issue_id), w.authorToken, { issue: 'Changed' })
    expect(locked.statusCode).toBe(409)
    expect(locked.json().code).toBe('issue.solved')
    const both = await call('PATCH', issueUrl(issue.issue_id), w.authorToken, { issue: 'Changed', solved: false })
    expect(both.json()).toMatchObject({ issue: 'Changed', solved: false })
  })

  it('answers 409 to staff when the community is archived', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    await archive(app, w.communityId)
    const res = await call('PATCH', issueUrl(issue.issue_id), w.adminToken, { solved: true })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('community.archived')
  })
})

describe('DELETE /api/community/issue/{id}/', () => {
  it('requires a token', async () => {
    expect((await call('DELETE', issueUrl(1))).statusCode).toBe(401)
  })

  it('answers 404 to a stranger and refuses other clients', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const stranger = await createTenantWithAdmin(app)
    expect((await call('DELETE', issueUrl(issue.issue_id), stranger.token)).statusCode).toBe(404)
    expect((await call('DELETE', issueUrl(issue.issue_id), w.otherToken)).statusCode).toBe(403)
    expect((await call('GET', issueUrl(issue.issue_id), w.adminToken)).statusCode).toBe(200)
  })

  it('lets the author delete only while no comment is left', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const comment = await addComment(app, w.otherToken, issue.thread_id)
    const refused = await call('DELETE', issueUrl(issue.issue_id), w.authorToken)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('issue.has_comments')
    await call('DELETE', `/api/community/comment/${comment.comment_id}/`, w.otherToken)
    expect((await call('DELETE', issueUrl(issue.issue_id), w.authorToken)).statusCode).toBe(204)
    expect((await call('GET', issueUrl(issue.issue_id), w.authorToken)).statusCode).toBe(404)
    expect(
      await app.db.selectFrom('community_threads').select('id').where('id', '=', issue.thread_id).execute(),
    ).toEqual([])
  })

  it('lets staff delete an issue with its thread and comments', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    await addComment(app, w.otherToken, issue.thread_id)
    await addComment(app, w.adminToken, issue.thread_id, 'We are on it.')
    expect((await call('DELETE', issueUrl(issue.issue_id), w.adminToken)).statusCode).toBe(204)
    const left = await app.db
      .selectFrom('community_comments')
      .select('id')
      .where('issue_id', '=', issue.issue_id)
      .execute()
    expect(left).toEqual([])
  })
})

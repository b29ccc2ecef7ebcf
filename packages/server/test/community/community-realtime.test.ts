import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { createVisitor } from '../chat/helpers.js'
import { listen, sleep, WsClient, type Frame } from '../realtime/ws-client.js'
import { addComment, archive, issueWorld, raiseIssue } from './issue-helpers.js'

let app: TestApp
let url: string
const sockets: WsClient[] = []
beforeAll(async () => {
  app = await buildTestApp()
  url = await listen(app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await app.shutdown()
})

async function socket(token: string, ...channels: string[]) {
  const s = await WsClient.ready(url, token)
  sockets.push(s)
  for (const channel of channels) s.send({ type: 'subscribe', channel })
  await s.roundTrip()
  return s
}
const get = async (path: string, token: string) =>
  (await app.inject({ method: 'GET', url: path, headers: auth(token) })).json()
const ofType = (type: string, id?: number) => (f: Frame) =>
  f.type === type && (id === undefined || f.data?.issue_id === id || f.data?.comment_id === id)

describe('community realtime', () => {
  it('refuses community and thread channels to a stranger, a visitor and clients of an archived community', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const stranger = await createTenantWithAdmin(app)
    const visitor = await createVisitor(app, w.adminToken)
    for (const token of [stranger.token, visitor.token]) {
      const s = await socket(token, `community:${w.communityId}`, `thread:${issue.thread_id}`)
      expect(s.frames.filter((f) => f.type === 'error').map((f) => f.data?.code)).toEqual(['not_found', 'not_found'])
    }
    const unknown = await socket(w.adminToken, 'community:99999999', 'thread:99999999')
    expect(unknown.frames.filter((f) => f.type === 'error')).toHaveLength(2)
    await archive(app, w.communityId)
    const client = await socket(w.otherToken, `community:${w.communityId}`, `thread:${issue.thread_id}`)
    expect(client.frames.filter((f) => f.type === 'error')).toHaveLength(2)
    const staff = await socket(w.adminToken, `community:${w.communityId}`, `thread:${issue.thread_id}`)
    expect(staff.frames.filter((f) => f.type === 'error')).toEqual([])
  })

  it('sends issue.created to staff on tenant shaped for staff, and to community subscribers shaped for clients', async () => {
    const w = await issueWorld(app)
    const stranger = await createTenantWithAdmin(app)
    const staff = await socket(w.adminToken)
    const strangerSocket = await socket(stranger.token)
    const watcher = await createClient(app)
    const client = await socket(watcher.token, `community:${w.communityId}`)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)

    const staffFrame = await staff.next(ofType('issue.created'))
    expect(staffFrame).toMatchObject({
      channel: 'tenant',
      event_id: expect.any(String),
      occurred_at: expect.any(String),
    })
    const staffView = await get(`/api/community/issue/${issue.issue_id}/`, w.adminToken)
    expect(staffFrame.data).toEqual(staffView)
    expect(staffView.client_id.email).toBe(w.authorEmail)

    const clientFrame = await client.next(ofType('issue.created'))
    expect(clientFrame.channel).toBe(`community:${w.communityId}`)
    expect(clientFrame.data).toEqual(issue)
    expect(JSON.stringify(clientFrame)).not.toContain(w.authorEmail)

    // The staff member also gets the notification on `user`; the stranger gets nothing.
    await staff.next((f) => f.type === 'notification.created')
    await strangerSocket.roundTrip()
    await sleep(50)
    expect(strangerSocket.frames.filter((f) => f.type.startsWith('issue.'))).toEqual([])
  })

  it('sends issue.updated to staff when an issue is solved and when a comment changes its counts', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const staff = await socket(w.adminToken)
    await app.inject({
      method: 'PATCH',
      url: `/api/community/issue/${issue.issue_id}/`,
      headers: auth(w.adminToken),
      payload: { solved: true },
    })
    const solved = await staff.next(ofType('issue.updated'))
    expect(solved.data).toMatchObject({ issue_id: issue.issue_id, solved: true, comment_count: 0 })
    await addComment(app, w.otherToken, issue.thread_id)
    const counted = await staff.next((f) => f.type === 'issue.updated' && f.data?.comment_count === 1)
    expect(counted.data).toEqual(await get(`/api/community/issue/${issue.issue_id}/`, w.adminToken))
  })

  it('tells staff and community subscribers which issue was deleted, and no stranger', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const staff = await socket(w.adminToken)
    const member = await socket(w.otherToken, `community:${w.communityId}`)
    const stranger = await createTenantWithAdmin(app)
    const outsider = await socket(stranger.token)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/community/issue/${issue.issue_id}/`,
      headers: auth(w.authorToken),
    })
    expect(res.statusCode).toBe(204)
    const expected = { issue_id: issue.issue_id, community_id: w.communityId }
    expect((await staff.next(ofType('issue.deleted', issue.issue_id))).data).toEqual(expected)
    const heard = await member.next(ofType('issue.deleted', issue.issue_id))
    expect(heard).toMatchObject({ channel: `community:${w.communityId}`, data: expected })
    await sleep(100)
    await outsider.roundTrip()
    expect(outsider.frames.filter((f) => f.type === 'issue.deleted')).toEqual([])
  })

  it('sends comment events to thread subscribers, shaped for each of them as the REST get', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const watcher = await socket(w.otherToken, `thread:${issue.thread_id}`)
    const staff = await socket(w.adminToken, `thread:${issue.thread_id}`)
    const author = await socket(w.authorToken, `thread:${issue.thread_id}`)
    const comment = await addComment(app, w.authorToken, issue.thread_id, 'Still broken')

    const created = await watcher.next(ofType('comment.created', comment.comment_id))
    expect(created.channel).toBe(`thread:${issue.thread_id}`)
    expect(created.data).toEqual(await get(`/api/community/comment/${comment.comment_id}/`, w.otherToken))
    expect((await staff.next(ofType('comment.created'))).data).toEqual(comment)

    await app.inject({
      method: 'POST',
      url: '/api/community/likecomment/',
      headers: auth(w.otherToken),
      payload: { comment_id: comment.comment_id },
    })
    const liked = await watcher.next(ofType('comment.updated'))
    expect(liked.data).toMatchObject({ likes: [w.otherId], like_count: 1, my_reaction: 'like' })
    expect((await staff.next(ofType('comment.updated'))).data).toMatchObject({ like_count: 1, my_reaction: null })
    // Each client sees their own reaction: the author has none.
    expect((await author.next(ofType('comment.updated'))).data).toMatchObject({ like_count: 1, my_reaction: null })

    await app.inject({
      method: 'DELETE',
      url: `/api/community/comment/${comment.comment_id}/`,
      headers: auth(w.authorToken),
    })
    const deleted = await watcher.next(ofType('comment.deleted'))
    expect(deleted.data).toEqual({ comment_id: comment.comment_id })
  })

  it('sends a staff reply to the issue author on user, and a customer’s comment only to subscribers', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const author = await socket(w.authorToken)
    const bystander = await socket(w.otherToken)
    const fromCustomer = await addComment(app, w.otherToken, issue.thread_id, 'Me too')
    const reply = await addComment(app, w.adminToken, issue.thread_id, 'A fix is on its way.')

    const frame = await author.next(ofType('comment.created'))
    expect(frame).toMatchObject({ channel: 'user', data: { comment_id: reply.comment_id, is_staff_reply: true } })
    expect(frame.data).toEqual(await get(`/api/community/comment/${reply.comment_id}/`, w.authorToken))
    await author.roundTrip()
    await bystander.roundTrip()
    await sleep(50)
    expect(author.frames.filter((f) => f.data?.comment_id === fromCustomer.comment_id)).toEqual([])
    expect(bystander.frames.filter((f) => f.type.startsWith('comment.'))).toEqual([])
  })

  it('sends a subscribed issue author the staff reply once, on the thread channel', async () => {
    const w = await issueWorld(app)
    const issue = await raiseIssue(app, w.authorToken, w.communityId)
    const author = await socket(w.authorToken, `thread:${issue.thread_id}`)
    const reply = await addComment(app, w.adminToken, issue.thread_id, 'Looking into it.')
    const frame = await author.next(ofType('comment.created'))
    expect(frame).toMatchObject({ channel: `thread:${issue.thread_id}`, data: { comment_id: reply.comment_id } })
    await author.roundTrip()
    await sleep(50)
    expect(author.frames.filter((f) => f.type === 'comment.created')).toHaveLength(1)
  })
})

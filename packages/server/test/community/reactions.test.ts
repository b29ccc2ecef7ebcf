import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommunityTexts } from '@proxima/contracts'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { captureBus, createVisitor } from '../chat/helpers.js'
import { addComment, archive, issueWorld, join, raiseIssue } from './issue-helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

type Path = 'likecomment' | 'dislikecomment' | 'likeordislikecomment'
const react = (path: Path, token: string | undefined, payload?: object, query = '') =>
  app.inject({
    method: 'POST',
    url: `/api/community/${path}/${query}`,
    headers: token ? auth(token) : {},
    ...(payload ? { payload } : {}),
  })
const PATHS: Path[] = ['likecomment', 'dislikecomment', 'likeordislikecomment']

/** A thread with one comment by the issue's author; both world clients are members. */
async function commented() {
  const w = await issueWorld(app)
  const issue = await raiseIssue(app, w.authorToken, w.communityId)
  const comment = await addComment(app, w.authorToken, issue.thread_id, 'Any news?')
  return { ...w, issue, commentId: comment.comment_id }
}

const reactionRows = (commentId: number) =>
  app.db.selectFrom('comment_reactions').select(['client_id', 'reaction']).where('comment_id', '=', commentId).execute()

describe('reactions', () => {
  it('require a token', async () => {
    for (const path of PATHS) expect((await react(path, undefined, { comment_id: 1 })).statusCode).toBe(401)
  })

  it('need a comment_id and a known reaction', async () => {
    const t = await commented()
    for (const path of PATHS) {
      const res = await react(path, t.otherToken)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.comment_id).toEqual(['Comment is required.'])
    }
    expect((await react('likecomment', t.otherToken, { comment_id: 'abc' })).json().errors.comment_id).toHaveLength(1)
    const bad = await react('likeordislikecomment', t.otherToken, { comment_id: t.commentId, reaction: 'love' })
    expect(bad.json().errors.reaction).toEqual(['Reaction must be like or dislike.'])
    const flag = await react('likecomment', t.otherToken, { comment_id: true })
    expect(flag.json().errors.comment_id).toEqual(['Must be a positive whole number.'])
  })

  it('answer 404 for unknown, deleted and archived-community comments', async () => {
    const t = await commented()
    expect((await react('likecomment', t.otherToken, { comment_id: 99_999_999 })).statusCode).toBe(404)
    const gone = await addComment(app, t.otherToken, t.issue.thread_id, 'bye')
    await app.inject({
      method: 'DELETE',
      url: `/api/community/comment/${gone.comment_id}/`,
      headers: auth(t.otherToken),
    })
    expect((await react('likecomment', t.otherToken, { comment_id: gone.comment_id })).statusCode).toBe(404)
    await archive(app, t.communityId)
    expect((await react('dislikecomment', t.otherToken, { comment_id: t.commentId })).statusCode).toBe(404)
  })

  it('refuse staff (their own tenant’s or a stranger), visitors and clients who are not members', async () => {
    const t = await commented()
    const stranger = await createTenantWithAdmin(app)
    const visitor = await createVisitor(app, t.adminToken)
    for (const path of PATHS) {
      const staff = await react(path, t.adminToken, { comment_id: t.commentId })
      expect(staff.statusCode).toBe(403)
      expect(staff.json().code).toBe('auth.forbidden')
      expect((await react(path, stranger.token, { comment_id: t.commentId })).statusCode).toBe(403)
      expect((await react(path, visitor.token, { comment_id: t.commentId })).statusCode).toBe(403)
    }
    const outsider = await createClient(app)
    const res = await react('likecomment', outsider.token, { comment_id: t.commentId })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: CommunityTexts.notMemberToTakePart, code: 'community.not_member' })
    expect(await reactionRows(t.commentId)).toEqual([])
  })

  it('like is idempotent and dislike replaces it', async () => {
    const t = await commented()
    const bus = captureBus(app, t.tenantId)
    const first = await react('likecomment', t.otherToken, { comment_id: t.commentId })
    expect(first.statusCode).toBe(200)
    const liked = {
      message: CommunityTexts.likeAdded,
      comment_id: t.commentId,
      my_reaction: 'like',
      like_count: 1,
      dislike_count: 0,
    }
    expect(first.json()).toEqual(liked)
    expect((await react('likecomment', t.otherToken, { comment_id: t.commentId })).json()).toEqual(liked)
    expect(await reactionRows(t.commentId)).toEqual([{ client_id: t.otherId, reaction: 'like' }])
    const disliked = await react('dislikecomment', t.otherToken, { comment_id: t.commentId })
    expect(disliked.json()).toEqual({
      message: CommunityTexts.dislikeAdded,
      comment_id: t.commentId,
      my_reaction: 'dislike',
      like_count: 0,
      dislike_count: 1,
    })
    expect((await react('dislikecomment', t.otherToken, { comment_id: t.commentId })).json().dislike_count).toBe(1)
    bus.stop()
    // Only the two changes are published; repeating a set changes nothing.
    expect(bus.events.map((e) => e.type)).toEqual(['comment.updated', 'comment.updated'])
  })

  it('the toggle removes an equal reaction, replaces the other one and defaults to like', async () => {
    const t = await commented()
    const toggle = (payload: object, query = '') => react('likeordislikecomment', t.otherToken, payload, query)
    expect((await toggle({ comment_id: t.commentId })).json()).toMatchObject({
      message: CommunityTexts.likeAdded,
      my_reaction: 'like',
      like_count: 1,
    })
    expect((await toggle({ comment_id: t.commentId, reaction: 'like' })).json()).toMatchObject({
      message: CommunityTexts.likeRemoved,
      my_reaction: null,
      like_count: 0,
      dislike_count: 0,
    })
    await react('likecomment', t.otherToken, { comment_id: t.commentId })
    expect((await toggle({ comment_id: t.commentId, reaction: 'Dislike' })).json()).toMatchObject({
      message: CommunityTexts.dislikeAdded,
      my_reaction: 'dislike',
      like_count: 0,
      dislike_count: 1,
    })
    expect((await toggle({}, `?comment_id=${t.commentId}&reaction=dislike`)).json()).toEqual({
      message: CommunityTexts.dislikeRemoved,
      comment_id: t.commentId,
      my_reaction: null,
      like_count: 0,
      dislike_count: 0,
    })
    expect(await reactionRows(t.commentId)).toEqual([])
  })

  it('take comment_id from the query when the body has none', async () => {
    const t = await commented()
    const res = await react('likecomment', t.otherToken, undefined, `?comment_id=${t.commentId}`)
    expect(res.json()).toMatchObject({ comment_id: t.commentId, my_reaction: 'like' })
    const bodyWins = await react('dislikecomment', t.otherToken, { comment_id: t.commentId }, '?comment_id=99999999')
    expect(bodyWins.json()).toMatchObject({ comment_id: t.commentId, my_reaction: 'dislike' })
  })

  it('allow reacting to one’s own comment and to staff replies', async () => {
    const t = await commented()
    expect((await react('likecomment', t.authorToken, { comment_id: t.commentId })).json().my_reaction).toBe('like')
    const reply = await addComment(app, t.adminToken, t.issue.thread_id, 'Fixed.')
    expect((await react('likecomment', t.authorToken, { comment_id: reply.comment_id })).json().like_count).toBe(1)
  })

  it('show on comments as client ids and counts, with each caller’s own reaction', async () => {
    const t = await commented()
    const third = await createClient(app)
    await join(app, t.tenantId, t.communityId, third.client.id)
    await react('likecomment', t.authorToken, { comment_id: t.commentId })
    await react('likecomment', t.otherToken, { comment_id: t.commentId })
    await react('dislikecomment', third.token, { comment_id: t.commentId })
    const seenBy = async (token: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/community/comment/?thread_id=${t.issue.thread_id}`,
          headers: auth(token),
        })
      ).json().data[0]
    const shape = {
      likes: [t.authorId, t.otherId],
      dislikes: [third.client.id],
      like_count: 2,
      dislike_count: 1,
    }
    expect(await seenBy(t.otherToken)).toMatchObject({ ...shape, my_reaction: 'like' })
    expect(await seenBy(third.token)).toMatchObject({ ...shape, my_reaction: 'dislike' })
    expect(await seenBy(t.adminToken)).toMatchObject({ ...shape, my_reaction: null })
    const outsider = await createClient(app)
    expect(await seenBy(outsider.token)).toMatchObject({ ...shape, my_reaction: null })
  })
})

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import {
  Comment,
  CommentCreate,
  CommentDeleteQuery,
  CommentListQuery,
  CommentUpdate,
  IdParams,
  ReactionReply,
  ReactionRequest,
  listEnvelope,
} from '@proxima/contracts'
import { STAFF_OR_CLIENT, accountOf, clientOf, type Role } from '../../http/actor.js'
import type { CommentService } from './comments.service.js'

const tags = ['community comments']
const readers = { roles: STAFF_OR_CLIENT }
const CLIENT: readonly Role[] = ['client']

/** `comment_id` may come in the body or the query (contract §5.2): the query fills what the body leaves out. */
async function queryIntoBody(req: FastifyRequest) {
  const body = req.body
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return
  req.body = { ...(req.query as object), ...(body ?? {}) }
}

const LikeRequest = ReactionRequest.pick({ comment_id: true })

/** Comments of issue threads (staff replies included) and reactions to them (contract §5.2). */
export const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentService }> = async (app, { comments }) => {
  app.get(
    '/api/community/comment/',
    {
      schema: {
        tags,
        summary: "A thread's comments, oldest first",
        querystring: CommentListQuery,
        response: { 200: listEnvelope(Comment) },
      },
      config: readers,
    },
    (req) => comments.list(accountOf(req), req.query),
  )
  app.get(
    '/api/community/comment/:id/',
    { schema: { tags, summary: 'Get a comment', params: IdParams, response: { 200: Comment } }, config: readers },
    (req) => comments.get(accountOf(req), req.params.id),
  )
  app.post(
    '/api/community/comment/',
    {
      schema: {
        tags,
        summary: 'Comment on a thread (member clients) or reply as staff',
        body: CommentCreate,
        response: { 201: Comment },
      },
      config: readers,
    },
    async (req, reply) => {
      const comment = await comments.create(accountOf(req), req.body)
      return reply.status(201).header('Location', `/api/community/comment/${comment.comment_id}/`).send(comment)
    },
  )
  app.patch(
    '/api/community/comment/:id/',
    {
      schema: {
        tags,
        summary: 'Edit a comment (its author)',
        params: IdParams,
        body: CommentUpdate,
        response: { 200: Comment },
      },
      config: readers,
    },
    (req) => comments.update(accountOf(req), req.params.id, req.body),
  )
  app.delete(
    '/api/community/comment/:id/',
    {
      schema: { tags, summary: 'Delete a comment (its author, or staff)', params: IdParams },
      config: readers,
    },
    async (req, reply) => {
      await comments.remove(accountOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
  app.delete(
    '/api/community/comment/',
    {
      schema: { tags, summary: 'Delete the comment named by ?comment_id=', querystring: CommentDeleteQuery },
      config: readers,
    },
    async (req, reply) => {
      await comments.remove(accountOf(req), req.query.comment_id, req.query.thread_id)
      return reply.status(204).send()
    },
  )

  for (const reaction of ['like', 'dislike'] as const) {
    app.post(
      `/api/community/${reaction}comment/`,
      {
        schema: {
          tags,
          summary: `Set the caller's reaction to ${reaction} (idempotent; replaces the other one)`,
          body: LikeRequest,
          querystring: LikeRequest.partial(),
          response: { 200: ReactionReply },
        },
        config: { roles: CLIENT },
        preValidation: queryIntoBody,
      },
      (req) => comments.react(clientOf(req), req.body.comment_id, reaction, 'set'),
    )
  }
  app.post(
    '/api/community/likeordislikecomment/',
    {
      schema: {
        tags,
        summary: 'Toggle a like or dislike on a comment',
        body: ReactionRequest,
        querystring: ReactionRequest.partial(),
        response: { 200: ReactionReply },
      },
      config: { roles: CLIENT },
      preValidation: queryIntoBody,
    },
    (req) => comments.react(clientOf(req), req.body.comment_id, req.body.reaction ?? 'like', 'toggle'),
  )
}

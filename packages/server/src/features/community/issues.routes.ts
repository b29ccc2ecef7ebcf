import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParams,
  Issue,
  IssueCreate,
  IssueListQuery,
  IssueUpdate,
  Thread,
  ThreadCreate,
  ThreadListQuery,
  listEnvelope,
} from '@proxima/contracts'
import { STAFF_OR_CLIENT, accountOf, clientOf, type Role } from '../../http/actor.js'
import type { IssueService } from './issues.service.js'
import type { CommentService } from './comments.service.js'
import { commentRoutes } from './comments.routes.js'

const tags = ['community issues']
const readers = { roles: STAFF_OR_CLIENT }
const CLIENT: readonly Role[] = ['client']

/** `/api/community/` issues, threads, comments and reactions (contract §5.2). */
export const issueRoutes: FastifyPluginAsyncZod<{ issues: IssueService; comments: CommentService }> = async (
  app,
  { issues, comments },
) => {
  app.get(
    '/api/community/issue/',
    {
      schema: {
        tags,
        summary: "List issues (staff: the tenant's; clients: one community's)",
        querystring: IssueListQuery,
        response: { 200: listEnvelope(Issue) },
      },
      config: readers,
    },
    (req) => issues.list(accountOf(req), req.query),
  )
  app.get(
    '/api/community/issue/:id/',
    { schema: { tags, summary: 'Get an issue', params: IdParams, response: { 200: Issue } }, config: readers },
    (req) => issues.get(accountOf(req), req.params.id),
  )
  app.post(
    '/api/community/issue/',
    {
      schema: {
        tags,
        summary: 'Raise an issue in a community (member clients); its thread is created with it',
        body: IssueCreate,
        response: { 201: Issue },
      },
      config: { roles: CLIENT },
    },
    async (req, reply) => {
      const issue = await issues.create(clientOf(req), req.body)
      return reply.status(201).header('Location', `/api/community/issue/${issue.issue_id}/`).send(issue)
    },
  )
  app.patch(
    '/api/community/issue/:id/',
    {
      schema: {
        tags,
        summary: 'Mark solved or unsolved (staff, author); edit the title and description (author, while unsolved)',
        params: IdParams,
        body: IssueUpdate,
        response: { 200: Issue },
      },
      config: readers,
    },
    (req) => issues.update(accountOf(req), req.params.id, req.body),
  )
  app.delete(
    '/api/community/issue/:id/',
    {
      schema: {
        tags,
        summary: 'Delete an issue with its thread and comments (staff; the author while it has no comments)',
        params: IdParams,
      },
      config: readers,
    },
    async (req, reply) => {
      await issues.remove(accountOf(req), req.params.id)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/community/thread/',
    {
      schema: {
        tags,
        summary: 'The thread of an issue, by issue_id or thread_id (0 or 1 item)',
        querystring: ThreadListQuery,
        response: { 200: listEnvelope(Thread) },
      },
      config: readers,
    },
    (req) => issues.listThreads(accountOf(req), req.query),
  )
  app.get(
    '/api/community/thread/:id/',
    { schema: { tags, summary: 'Get a thread', params: IdParams, response: { 200: Thread } }, config: readers },
    (req) => issues.getThread(accountOf(req), req.params.id),
  )
  app.post(
    '/api/community/thread/',
    {
      schema: {
        tags,
        summary: "The issue's existing thread (legacy; never creates a second one)",
        body: ThreadCreate,
        response: { 200: Thread },
      },
      config: readers,
    },
    (req) => issues.ensureThread(accountOf(req), req.body.issue_id),
  )

  await app.register(commentRoutes, { comments })
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { IssueService } from './issues.service.js'
import type { CommentService } from './comments.service.js'

/** `/api/community/` issues, threads, comments and reactions (contract §5.2). */
export const issueRoutes: FastifyPluginAsyncZod<{ issues: IssueService; comments: CommentService }> = async (
  app,
  deps,
) => {
  void app
  void deps
}

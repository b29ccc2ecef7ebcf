import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { OverviewQuery, OverviewSummary } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { OverviewService } from './overview.service.js'

/** `GET /api/overview/summary/`: the counts on the dashboard's overview page (staff only). */
export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (app, { overview }) => {
  app.get(
    '/api/overview/summary/',
    {
      schema: {
        tags: ['overview'],
        summary: 'Chats and issues that need attention now',
        description:
          'Chats: `open` have status open; of the chats not resolved, `waiting` await a human reply to the ' +
          "customer's latest message, `mine` are assigned to the caller and `unassigned` to nobody. An employee " +
          'limited to assigned chats counts only those and unassigned ones. Issues: `new_today` were raised since ' +
          "midnight in the organisation's time zone, `unsolved` are not marked solved.",
        querystring: OverviewQuery,
        response: { 200: OverviewSummary },
      },
      config: { roles: STAFF },
    },
    (req) => overview.summary(staffOf(req)),
  )
}

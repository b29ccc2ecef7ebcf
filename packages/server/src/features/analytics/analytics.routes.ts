import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ANALYTICS_METRICS,
  ANALYTICS_REPLIES,
  AnalyticsBatchInput,
  AnalyticsBatchReply,
  AnalyticsFilterInput,
} from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { AnalyticsService } from './analytics.service.js'

const tags = ['analytics']

/**
 * A POST body that may be absent: Fastify hands a missing body to validation as null, which `.optional()` refuses,
 * so an absent (or empty) body is read as the empty filter here.
 */
const OptionalFilterBody = z.preprocess((body) => body ?? {}, AnalyticsFilterInput)

/**
 * The 33 descriptive metrics (contract §7.1): each answers GET with the filter as query parameters and POST with it
 * as a JSON body (an empty POST is the default filter), with the same reply; and the batch the dashboard loads a
 * page with.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  for (const name of ANALYTICS_METRICS) {
    const path = `/api/analytics/${name}/`
    const response = { 200: ANALYTICS_REPLIES[name] }
    const summary = `The "${name}" metric`
    app.get(
      path,
      { schema: { tags, summary, querystring: AnalyticsFilterInput, response }, config: { roles: STAFF } },
      (req) => analytics.run(staffOf(req), name, req.query),
    )
    app.post(
      path,
      {
        schema: { tags, summary, body: OptionalFilterBody, response },
        config: { roles: STAFF },
      },
      (req) => analytics.run(staffOf(req), name, req.body),
    )
  }
  app.post(
    '/api/analytics/batch/',
    {
      schema: {
        tags,
        summary: 'Several metrics for one filter; each metric succeeds or fails on its own',
        body: AnalyticsBatchInput,
        response: { 200: AnalyticsBatchReply },
      },
      config: { roles: STAFF },
    },
    (req) => analytics.batch(staffOf(req), req.body),
  )
}

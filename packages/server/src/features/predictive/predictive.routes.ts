import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PREDICTIVE_ENDPOINTS, PREDICTIVE_REPLIES, PredictiveInput } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { PredictiveService } from './predictive.service.js'

const tags = ['predictive']

/** An absent POST body is the default parameters (Fastify hands it to validation as null). */
const OptionalBody = z.preprocess((body) => body ?? {}, PredictiveInput)

/**
 * The seven forecasts (contract §8): GET with the parameters as a query, POST with them as a JSON body, the same
 * reply. Forecasts are computed, never stored: no other method is allowed.
 */
export const predictiveRoutes: FastifyPluginAsyncZod<{ predictive: PredictiveService }> = async (
  app,
  { predictive },
) => {
  for (const endpoint of PREDICTIVE_ENDPOINTS) {
    const path = `/api/predictive/${endpoint}/`
    const response = { 200: PREDICTIVE_REPLIES[endpoint] }
    const summary = `Forecast: ${endpoint}`
    app.get(
      path,
      { schema: { tags, summary, querystring: PredictiveInput, response }, config: { roles: STAFF } },
      (req) => predictive.run(staffOf(req), endpoint, req.query),
    )
    app.post(path, { schema: { tags, summary, body: OptionalBody, response }, config: { roles: STAFF } }, (req) =>
      predictive.run(staffOf(req), endpoint, req.body),
    )
  }
}

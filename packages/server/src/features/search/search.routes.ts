import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SearchReply, SearchRequest } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import { limitPerTenant, type Limits } from '../../http/rate-limit.js'
import type { SearchService } from './search.service.js'

/** `POST /api/search` and its root alias `/search` (contract §1.1, §10.5): staff only, the AI rate bucket. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService; limits: Limits | null }> = async (
  app,
  { search, limits },
) => {
  for (const url of ['/api/search', '/search']) {
    app.post(
      url,
      {
        schema: {
          tags: ['search'],
          summary: url === '/search' ? 'Alias of /api/search' : "Search the organization's content by words",
          body: SearchRequest,
          response: { 200: SearchReply },
        },
        config: { roles: STAFF, rateLimit: limitPerTenant(limits, 'ai') },
      },
      (req) => search.search(staffOf(req), req.body),
    )
  }
}

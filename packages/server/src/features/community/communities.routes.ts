import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CommunityService } from './communities.service.js'

/** `/api/community/` communities, membership, favourites, events and ratings (contract §5.2). */
export const communityRoutes: FastifyPluginAsyncZod<{ communities: CommunityService }> = async (app, deps) => {
  void app
  void deps
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  Community,
  CommunityCreate,
  CommunityListQuery,
  CommunityMember,
  CommunityMembersQuery,
  CommunityUpdate,
  IdParams,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, STAFF, STAFF_OR_CLIENT, accountOf, adminOf, staffOf } from '../../http/actor.js'
import type { CommunityService } from './communities.service.js'
import { membershipRoutes } from './membership.routes.js'

const tags = ['communities']
const base = '/api/community/community'

/** `/api/community/` communities, membership, favourites, events and ratings (contract §5.2). */
export const communityRoutes: FastifyPluginAsyncZod<{ communities: CommunityService }> = async (app, deps) => {
  const { communities } = deps
  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'List communities (staff: own tenant; clients: every community that is not archived)',
        querystring: CommunityListQuery,
        response: { 200: listEnvelope(Community) },
      },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => communities.list(accountOf(req), req.query),
  )
  app.get(
    `${base}/:id/`,
    {
      schema: { tags, summary: 'Get a community', params: IdParams, response: { 200: Community } },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => communities.get(accountOf(req), req.params.id),
  )
  app.post(
    `${base}/`,
    {
      schema: { tags, summary: 'Create a community', body: CommunityCreate, response: { 201: Community } },
      config: { roles: ADMIN },
    },
    async (req, reply) => {
      const community = await communities.create(adminOf(req), req.body)
      return reply.status(201).header('Location', `${base}/${community.community_id}/`).send(community)
    },
  )
  app.patch(
    `${base}/:id/`,
    {
      schema: {
        tags,
        summary: 'Rename, describe, archive or restore a community',
        params: IdParams,
        body: CommunityUpdate,
        response: { 200: Community },
      },
      config: { roles: ADMIN },
    },
    (req) => communities.update(adminOf(req), req.params.id, req.body),
  )
  app.get(
    `${base}/:id/members/`,
    {
      schema: {
        tags,
        summary: 'List the current members of a community, first joined first',
        params: IdParams,
        querystring: CommunityMembersQuery,
        response: { 200: listEnvelope(CommunityMember) },
      },
      config: { roles: STAFF },
    },
    (req) => communities.members(staffOf(req), req.params.id, req.query),
  )

  await app.register(membershipRoutes, deps)
}

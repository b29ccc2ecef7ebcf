import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  Community,
  CommunityEventPage,
  CommunityEventQuery,
  CommunityRating,
  FavouriteReply,
  FavouriteRequest,
  MembershipReply,
  MembershipRequest,
  OffsetQuery,
  RatingCreate,
  RatingListQuery,
  listEnvelope,
} from '@proxima/contracts'
import { STAFF_OR_CLIENT, accountOf, clientOf, type Role } from '../../http/actor.js'
import type { CommunityService } from './communities.service.js'

const CLIENT: readonly Role[] = ['client']

/** Joining and leaving, favourites, the join and leave history, and ratings (contract §5.2). */
export const membershipRoutes: FastifyPluginAsyncZod<{ communities: CommunityService }> = async (
  app,
  { communities },
) => {
  let tags = ['community membership']
  app.post(
    '/api/community/joincommunity/',
    {
      schema: {
        tags,
        summary: 'Join a community (a member joining again changes nothing)',
        body: MembershipRequest,
        response: { 200: MembershipReply },
      },
      config: { roles: CLIENT },
    },
    (req) => communities.join(clientOf(req), req.body),
  )
  app.post(
    '/api/community/leavecommunity/',
    {
      schema: {
        tags,
        summary: 'Leave a community (leaving when not a member changes nothing)',
        body: MembershipRequest,
        response: { 200: MembershipReply },
      },
      config: { roles: CLIENT },
    },
    (req) => communities.leave(clientOf(req), req.body),
  )
  app.get(
    '/api/community/events/',
    {
      schema: {
        tags,
        summary: 'Join and leave history, oldest first (clients: their own)',
        querystring: CommunityEventQuery,
        response: { 200: CommunityEventPage },
      },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => communities.events(accountOf(req), req.query),
  )

  tags = ['community favourites']
  for (const path of ['favoritecommunities', 'favouritecommunities']) {
    const alias = path === 'favouritecommunities' ? { 'x-alias-of': '/api/community/favoritecommunities/' } : {}
    app.get(
      `/api/community/${path}/`,
      {
        schema: {
          tags,
          summary: 'List the caller’s favourite communities, latest first',
          querystring: OffsetQuery,
          response: { 200: listEnvelope(Community) },
          ...alias,
        },
        config: { roles: CLIENT },
      },
      (req) => communities.favourites(clientOf(req), req.query),
    )
    app.post(
      `/api/community/${path}/`,
      {
        schema: {
          tags,
          summary: 'Add a community to the caller’s favourites, or remove it (toggle)',
          body: FavouriteRequest,
          response: { 200: FavouriteReply },
          ...alias,
        },
        config: { roles: CLIENT },
      },
      (req) => communities.toggleFavourite(clientOf(req), req.body),
    )
  }

  tags = ['community ratings']
  app.get(
    '/api/community/rating/',
    {
      schema: {
        tags,
        summary: 'Ratings of a community (clients: their own)',
        querystring: RatingListQuery,
        response: { 200: listEnvelope(CommunityRating) },
      },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => communities.ratings(accountOf(req), req.query),
  )
  app.post(
    '/api/community/rating/',
    {
      schema: {
        tags,
        summary: 'Rate a community as a member (201 first time, 200 when replacing the earlier rating)',
        body: RatingCreate,
        response: { 200: CommunityRating, 201: CommunityRating },
      },
      config: { roles: CLIENT },
    },
    async (req, reply) => {
      const { created, rating } = await communities.rate(clientOf(req), req.body)
      if (created) void reply.header('Location', `/api/community/rating/?community_id=${rating.community_id}`)
      return reply.status(created ? 201 : 200).send(rating)
    },
  )
}

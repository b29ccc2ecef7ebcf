import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  IdParams,
  PublicKey,
  PublicResponseCreate,
  PublicResponseReply,
  PublicSurvey,
  PublicSurveyQuery,
  ResponseCreate,
  ResponseListQuery,
  SurveyResponse,
  listEnvelope,
} from '@proxima/contracts'
import { ANY_ACTOR, STAFF_OR_CLIENT, accountOf, clientOf } from '../../http/actor.js'
import { acceptedLimiter, limitSharedByIp, type Limits } from '../../http/rate-limit.js'
import type { ResponseService } from './responses.service.js'

const tags = ['surveys']
const PublicParams = z.object({ public_key: PublicKey })

/** Survey responses and the public survey link (contract §6.3). */
export const surveyResponseRoutes: FastifyPluginAsyncZod<{
  responses: ResponseService
  limits: Limits | null
}> = async (app, { responses, limits }) => {
  app.get(
    '/api/survey/response/',
    {
      schema: {
        tags,
        summary: "List survey responses (staff: the tenant's; clients: their own)",
        querystring: ResponseListQuery,
        response: { 200: listEnvelope(SurveyResponse) },
      },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => responses.list(accountOf(req), req.query),
  )
  app.get(
    '/api/survey/response/:id/',
    {
      schema: { tags, summary: 'Get a survey response', params: IdParams, response: { 200: SurveyResponse } },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => responses.get(accountOf(req), req.params.id),
  )
  app.post(
    '/api/survey/response/',
    {
      schema: {
        tags,
        summary: 'Answer a survey (clients)',
        body: ResponseCreate,
        response: { 201: SurveyResponse },
      },
      config: { roles: ['client'] },
    },
    async (req, reply) => {
      const response = await responses.respond(clientOf(req), req.body)
      return reply.status(201).header('Location', `/api/survey/response/${response.response_id}/`).send(response)
    },
  )

  // The public link: anyone may call it; a client's token, when sent, names the respondent.
  const accepted = acceptedLimiter(limits, 'publicSurveyAccepted')
  const publicLimit = limitSharedByIp(limits, 'publicSurvey')
  app.get(
    '/api/survey/public/:public_key/',
    {
      schema: {
        tags,
        summary: 'A published survey by its public key (records an impression)',
        params: PublicParams,
        querystring: PublicSurveyQuery,
        response: { 200: PublicSurvey },
      },
      config: { public: true, optionalActor: true, roles: ANY_ACTOR, rateLimit: publicLimit },
    },
    (req) => responses.publicSurvey(req.params.public_key, req.actor, req.query.invite),
  )
  app.post(
    '/api/survey/public/:public_key/response/',
    {
      schema: {
        tags,
        summary: 'Answer a survey through its public link',
        params: PublicParams,
        body: PublicResponseCreate,
        response: { 201: PublicResponseReply },
      },
      config: { public: true, optionalActor: true, roles: ANY_ACTOR, rateLimit: publicLimit },
    },
    async (req, reply) => {
      const key = `${req.params.public_key}:${req.ip}`
      accepted.check(key)
      const result = await responses.respondPublic(req.params.public_key, req.actor, req.body)
      accepted.record(key)
      return reply.status(201).send(result)
    },
  )
}

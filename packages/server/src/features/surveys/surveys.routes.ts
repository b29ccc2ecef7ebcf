import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  IdParams,
  InvitationListQuery,
  InvitationsCreate,
  InvitationsReply,
  Survey,
  SurveyClientView,
  SurveyCreate,
  SurveyInvitation,
  SurveyListQuery,
  SurveyPublish,
  SurveyUpdate,
  listEnvelope,
} from '@proxima/contracts'
import { STAFF, STAFF_OR_CLIENT, accountOf, staffOf } from '../../http/actor.js'
import { rawJsonBodyOf } from '../../http/raw-body.js'
import { questionInputs } from './questions.js'
import type { SubgroupService } from './subgroups.service.js'
import { subgroupRoutes } from './subgroups.routes.js'
import type { SurveyService } from './surveys.service.js'

const tags = ['surveys']
const base = '/api/survey/survey'

/** Staff see the whole survey; a client sees the client view (contract §6.2). */
const SurveyView = z.union([Survey, SurveyClientView])

/** `/api/survey/survey/` and its subgroups (contract §6.3): staff manage surveys, clients read those they may see. */
export const surveyRoutes: FastifyPluginAsyncZod<{ surveys: SurveyService; subgroups: SubgroupService }> = async (
  app,
  deps,
) => {
  const { surveys } = deps
  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'List surveys (staff: own tenant; clients: the surveys they may answer or have answered)',
        querystring: SurveyListQuery,
        response: { 200: listEnvelope(SurveyView) },
      },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => surveys.list(accountOf(req), req.query),
  )
  app.get(
    `${base}/:id/`,
    {
      schema: { tags, summary: 'Get a survey', params: IdParams, response: { 200: SurveyView } },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => surveys.get(accountOf(req), req.params.id),
  )
  app.post(
    `${base}/`,
    {
      schema: { tags, summary: 'Create a survey (a draft)', body: SurveyCreate, response: { 201: Survey } },
      config: { roles: STAFF },
    },
    async (req, reply) => {
      const input = { ...req.body, survey_questions: questionInputs(req.body.survey_questions, rawJsonBodyOf(req)) }
      const survey = await surveys.create(staffOf(req), input)
      return reply.status(201).header('Location', `${base}/${survey.survey_id}/`).send(survey)
    },
  )
  app.patch(
    `${base}/:id/`,
    {
      schema: {
        tags,
        summary: 'Change a survey (drafts: everything; published: topic, description, end day, audience additions)',
        params: IdParams,
        body: SurveyUpdate,
        response: { 200: Survey },
      },
      config: { roles: STAFF },
    },
    (req) => {
      const input = { ...req.body, survey_questions: questionInputs(req.body.survey_questions, rawJsonBodyOf(req)) }
      return surveys.update(staffOf(req), req.params.id, input)
    },
  )
  app.delete(
    `${base}/:id/`,
    {
      schema: { tags, summary: 'Delete a draft survey', params: IdParams },
      config: { roles: STAFF },
    },
    async (req, reply) => {
      await surveys.remove(staffOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
  app.post(
    `${base}/:id/publish/`,
    {
      schema: {
        tags,
        summary: 'Publish a draft survey, optionally inviting respondents',
        params: IdParams,
        body: SurveyPublish.nullish(),
        response: { 200: Survey },
      },
      config: { roles: STAFF },
    },
    (req) => surveys.publish(staffOf(req), req.params.id, req.body ?? {}),
  )
  app.post(
    `${base}/:id/close/`,
    {
      schema: { tags, summary: 'Close a published survey', params: IdParams, response: { 200: Survey } },
      config: { roles: STAFF },
    },
    (req) => surveys.close(staffOf(req), req.params.id),
  )
  app.post(
    `${base}/:id/invitations/`,
    {
      schema: {
        tags,
        summary: 'Invite respondents to a published survey by email address or client',
        params: IdParams,
        body: InvitationsCreate,
        response: { 202: InvitationsReply },
      },
      config: { roles: STAFF },
    },
    async (req, reply) => {
      const reply202 = await surveys.invite(staffOf(req), req.params.id, {
        emails: req.body.emails ?? [],
        clientIds: req.body.client_ids ?? [],
        message: req.body.message ?? null,
      })
      return reply.status(202).send(reply202)
    },
  )
  app.get(
    `${base}/:id/invitations/`,
    {
      schema: {
        tags,
        summary: 'List the invitations of a survey with their delivery',
        params: IdParams,
        querystring: InvitationListQuery,
        response: { 200: listEnvelope(SurveyInvitation) },
      },
      config: { roles: STAFF },
    },
    (req) => surveys.invitations(staffOf(req), req.params.id, req.query),
  )

  await app.register(subgroupRoutes, deps)
}

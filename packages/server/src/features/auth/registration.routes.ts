import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminRegistration,
  AnonymousUserRequest,
  ClientRegistration,
  ClientSession,
  IdParams,
  LegacyErrorBody,
  StaffSession,
  Visitor,
  VisitorListQuery,
  VisitorSession,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, adminOf, staffOf } from '../../http/actor.js'
import { limit, type Limits } from '../../http/rate-limit.js'
import { blankPersonFieldsAbsent } from './account-rules.js'
import type { RegistrationService } from './registration.service.js'

const tags = ['auth']

/** Admin (onboarding), customer and widget-visitor registration; the staff view of visitors. */
export const registrationRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService
  limits: Limits | null
}> = async (app, { registration, limits }) => {
  app.post(
    '/api/auth/admin/',
    {
      schema: {
        tags,
        summary: "Register an organization's first admin (needs the onboarding token)",
        body: AdminRegistration,
        response: { 201: StaffSession, 400: LegacyErrorBody, 409: LegacyErrorBody },
      },
      config: { public: true, legacyErrors: true, rateLimit: limit(limits, 'registration') },
      preValidation: blankPersonFieldsAbsent,
    },
    async (req, reply) => {
      const session = await registration.registerAdmin(req.body)
      return reply.status(201).header('Location', '/api/auth/me/').header('Cache-Control', 'no-store').send(session)
    },
  )

  app.post(
    '/api/auth/client/',
    {
      schema: {
        tags,
        summary: 'Register a customer account (mobile app)',
        body: ClientRegistration,
        response: { 201: ClientSession },
      },
      config: { public: true, idempotent: true, rateLimit: limit(limits, 'registration') },
      preValidation: blankPersonFieldsAbsent,
    },
    async (req, reply) => {
      const session = await registration.registerClient(req.body)
      return reply.status(201).header('Location', '/api/auth/me/').header('Cache-Control', 'no-store').send(session)
    },
  )

  app.post(
    '/api/auth/anonymoususer/',
    {
      schema: {
        tags,
        summary: 'Start an anonymous web-widget visitor session',
        body: AnonymousUserRequest,
        response: { 201: VisitorSession },
      },
      config: { public: true, rateLimit: limit(limits, 'visitors') },
    },
    async (req, reply) => {
      const session = await registration.startVisitor(req.body, req.headers.origin)
      return reply.status(201).header('Cache-Control', 'no-store').send(session)
    },
  )

  app.get(
    '/api/auth/anonymoususer/',
    {
      schema: {
        tags,
        summary: "List the organization's visitors",
        querystring: VisitorListQuery,
        response: { 200: listEnvelope(Visitor) },
      },
    },
    (req) => registration.listVisitors(staffOf(req), req.query),
  )

  app.delete(
    '/api/auth/anonymoususer/:id/',
    { schema: { tags, summary: "Erase a visitor's personal data", params: IdParams }, config: { roles: ADMIN } },
    async (req, reply) => {
      await registration.eraseVisitor(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AcceptInvitationRequest,
  IdParams,
  Invitation,
  InvitationPreview,
  InvitationRequest,
  InvitationStatus,
  StaffSession,
  TokenQuery,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, adminOf } from '../../http/actor.js'
import { limit, type Limits } from '../../http/rate-limit.js'
import { AppError } from '../../lib/errors.js'
import { blankPersonFieldsAbsent } from './account-rules.js'
import type { InvitationService } from './invitations.service.js'

const tags = ['staff']
// Inviting is exempt from the expired-subscription block under /api/auth/ (contract §3.3), so its /api/staff/ twins are too.
const admin = { roles: ADMIN, allowWhenExpired: true }
const ListQuery = z.object({
  status: InvitationStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})

/** Inviting staff, previewing and accepting an invitation, managing pending ones. */
export const invitationRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationService
  limits: Limits | null
}> = async (app, { invitations, limits }) => {
  for (const url of ['/api/auth/employee/', '/api/staff/invitations/']) {
    app.post(
      url,
      {
        schema: { tags, summary: 'Invite a staff member', body: InvitationRequest, response: { 201: Invitation } },
        config: admin,
      },
      async (req, reply) => {
        const inv = await invitations.invite(adminOf(req), req.body)
        return reply.status(201).header('Location', `/api/staff/invitations/${inv.invitation_id}/`).send(inv)
      },
    )
  }

  app.get(
    '/api/auth/employee/invitation/',
    {
      schema: { tags, summary: 'Preview an invitation', querystring: TokenQuery, response: { 200: InvitationPreview } },
      config: { public: true, rateLimit: limit(limits, 'tokenUse') },
    },
    (req) => {
      if (!req.query.token)
        throw new AppError(400, 'auth.invitation_invalid', 'This invitation is invalid or has expired.')
      return invitations.preview(req.query.token)
    },
  )

  app.post(
    '/api/auth/employee/accept/',
    {
      schema: {
        tags,
        summary: 'Accept an invitation and create the staff account',
        body: AcceptInvitationRequest,
        response: { 201: StaffSession },
      },
      config: { public: true, rateLimit: limit(limits, 'tokenUse') },
      preValidation: blankPersonFieldsAbsent,
    },
    async (req, reply) => {
      const session = await invitations.accept(req.body)
      return reply.status(201).header('Cache-Control', 'no-store').send(session)
    },
  )

  app.get(
    '/api/staff/invitations/',
    {
      schema: {
        tags,
        summary: 'List invitations',
        querystring: ListQuery,
        response: { 200: listEnvelope(Invitation) },
      },
      config: admin,
    },
    (req) => invitations.list(adminOf(req), req.query),
  )

  app.post(
    '/api/staff/invitations/:id/resend/',
    {
      schema: {
        tags,
        summary: 'Resend an invitation with a new link',
        params: IdParams,
        response: { 200: Invitation },
      },
      config: admin,
    },
    (req) => invitations.resend(adminOf(req), req.params.id),
  )

  app.delete(
    '/api/staff/invitations/:id/',
    { schema: { tags, summary: 'Revoke a pending invitation', params: IdParams }, config: admin },
    async (req, reply) => {
      await invitations.revoke(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
}

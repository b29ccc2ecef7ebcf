import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParams,
  Staff,
  StaffListQuery,
  StaffMember,
  StaffUpdate,
  TenantScope,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, adminOf, staffOf } from '../../http/actor.js'
import type { StaffService } from './staff.service.js'

const tags = ['staff']

/** The organization's members (invitations live in the auth feature). */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.get(
    '/api/staff/',
    {
      schema: {
        tags,
        summary: 'List staff members',
        querystring: StaffListQuery,
        response: { 200: listEnvelope(StaffMember) },
      },
    },
    (req) => staff.list(staffOf(req), req.query),
  )
  app.get(
    '/api/staff/:id/',
    {
      schema: {
        tags,
        summary: 'Get a staff member',
        params: IdParams,
        querystring: TenantScope,
        response: { 200: StaffMember },
      },
    },
    (req) => staff.get(staffOf(req), req.params.id),
  )
  app.patch(
    '/api/staff/:id/',
    {
      schema: {
        tags,
        summary: "Change a member's role or activity",
        params: IdParams,
        body: StaffUpdate,
        response: { 200: Staff },
      },
      config: { roles: ADMIN },
    },
    (req) => staff.update(adminOf(req), req.params.id, req.body),
  )
  app.post(
    '/api/staff/:id/disable/',
    {
      schema: {
        tags,
        summary: 'Disable a member (signs them out everywhere)',
        params: IdParams,
        response: { 200: Staff },
      },
      config: { roles: ADMIN },
    },
    (req) => staff.update(adminOf(req), req.params.id, { is_active: false }),
  )
  app.post(
    '/api/staff/:id/enable/',
    {
      schema: { tags, summary: 'Enable a member again', params: IdParams, response: { 200: Staff } },
      config: { roles: ADMIN },
    },
    (req) => staff.update(adminOf(req), req.params.id, { is_active: true }),
  )
}

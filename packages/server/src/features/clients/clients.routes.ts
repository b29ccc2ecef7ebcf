import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ClientActivity, ClientListQuery, IdParams, StaffClient, listEnvelope } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { ClientService } from './clients.service.js'

const tags = ['clients']
const base = '/api/clients'

/** `/api/clients/` (contract §13.2): the clients related to the tenant, to pick survey respondents among others. */
export const clientRoutes: FastifyPluginAsyncZod<{ clients: ClientService }> = async (app, { clients }) => {
  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'List the clients related to the organization',
        querystring: ClientListQuery,
        response: { 200: listEnvelope(StaffClient) },
      },
      config: { roles: STAFF },
    },
    (req) => clients.list(staffOf(req), req.query),
  )
  app.get(
    `${base}/:id/`,
    {
      schema: { tags, summary: 'Get a related client', params: IdParams, response: { 200: StaffClient } },
      config: { roles: STAFF },
    },
    (req) => clients.get(staffOf(req), req.params.id),
  )
  app.get(
    `${base}/:id/activity/`,
    {
      schema: {
        tags,
        summary: "A related client's chats, issues, comments and survey responses in this organization",
        params: IdParams,
        response: { 200: ClientActivity },
      },
      config: { roles: STAFF },
    },
    (req) => clients.activity(staffOf(req), req.params.id),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams, Subgroup, SubgroupCreate, SubgroupListQuery, SubgroupUpdate, listEnvelope } from '@proxima/contracts'
import { STAFF, staffOf } from '../../http/actor.js'
import type { SubgroupService } from './subgroups.service.js'

const tags = ['surveys']
const base = '/api/survey/surveysubgroup'

/** `/api/survey/surveysubgroup/` (contract §6.3): named groups of a survey's clients. */
export const subgroupRoutes: FastifyPluginAsyncZod<{ subgroups: SubgroupService }> = async (app, { subgroups }) => {
  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'List the subgroups of a survey',
        querystring: SubgroupListQuery,
        response: { 200: listEnvelope(Subgroup) },
      },
      config: { roles: STAFF },
    },
    (req) => subgroups.list(staffOf(req), req.query),
  )
  app.post(
    `${base}/`,
    {
      schema: { tags, summary: 'Create a subgroup of a survey', body: SubgroupCreate, response: { 201: Subgroup } },
      config: { roles: STAFF },
    },
    async (req, reply) => {
      const subgroup = await subgroups.create(staffOf(req), req.body)
      return reply.status(201).header('Location', `${base}/${subgroup.subgroup_id}/`).send(subgroup)
    },
  )
  app.patch(
    `${base}/:id/`,
    {
      schema: {
        tags,
        summary: 'Rename, describe or change the clients of a subgroup',
        params: IdParams,
        body: SubgroupUpdate,
        response: { 200: Subgroup },
      },
      config: { roles: STAFF },
    },
    (req) => subgroups.update(staffOf(req), req.params.id, req.body),
  )
  app.delete(
    `${base}/:id/`,
    {
      schema: { tags, summary: 'Delete a subgroup', params: IdParams },
      config: { roles: STAFF },
    },
    async (req, reply) => {
      await subgroups.remove(staffOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
}

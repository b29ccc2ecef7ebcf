import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  Category,
  CategoryCreate,
  CategoryListQuery,
  CategoryUpdate,
  IdParams,
  Topic,
  TopicCreate,
  TopicListQuery,
  TopicUpdate,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, ANY_ACTOR, actorOf, adminOf } from '../../http/actor.js'
import type { CategoryService } from './categories.service.js'
import type { TopicService } from './topics.service.js'

const admin = { roles: ADMIN }

/** Categories ("service types") and topics; customers read them to pick a subject. */
export const categoryRoutes: FastifyPluginAsyncZod<{ categories: CategoryService; topics: TopicService }> = async (
  app,
  { categories, topics },
) => {
  let tags = ['chat categories']
  app.get(
    '/api/chat/categories/',
    {
      schema: {
        tags,
        summary: 'List categories',
        querystring: CategoryListQuery,
        response: { 200: listEnvelope(Category) },
      },
      config: { roles: ANY_ACTOR },
    },
    (req) => categories.list(actorOf(req), req.query),
  )
  app.post(
    '/api/chat/categories/',
    {
      schema: { tags, summary: 'Create a category', body: CategoryCreate, response: { 201: Category } },
      config: admin,
    },
    async (req, reply) => reply.status(201).send(await categories.create(adminOf(req), req.body)),
  )
  app.patch(
    '/api/chat/categories/:id/',
    {
      schema: {
        tags,
        summary: 'Update a category',
        params: IdParams,
        body: CategoryUpdate,
        response: { 200: Category },
      },
      config: admin,
    },
    (req) => categories.update(adminOf(req), req.params.id, req.body),
  )
  app.delete(
    '/api/chat/categories/:id/',
    { schema: { tags, summary: 'Delete a category (its topics keep no category)', params: IdParams }, config: admin },
    async (req, reply) => {
      await categories.remove(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )

  tags = ['chat topics']
  app.get(
    '/api/chat/topics/',
    {
      schema: { tags, summary: 'List topics', querystring: TopicListQuery, response: { 200: listEnvelope(Topic) } },
      config: { roles: ANY_ACTOR },
    },
    (req) => topics.list(actorOf(req), req.query),
  )
  app.post(
    '/api/chat/topics/',
    { schema: { tags, summary: 'Create a topic', body: TopicCreate, response: { 201: Topic } }, config: admin },
    async (req, reply) => reply.status(201).send(await topics.create(adminOf(req), req.body)),
  )
  app.patch(
    '/api/chat/topics/:id/',
    {
      schema: { tags, summary: 'Update a topic', params: IdParams, body: TopicUpdate, response: { 200: Topic } },
      config: admin,
    },
    (req) => topics.update(adminOf(req), req.params.id, req.body),
  )
  app.delete(
    '/api/chat/topics/:id/',
    { schema: { tags, summary: 'Delete a topic (chats and messages lose the link)', params: IdParams }, config: admin },
    async (req, reply) => {
      await topics.remove(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
}

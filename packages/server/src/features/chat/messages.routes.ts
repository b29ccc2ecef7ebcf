import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Id, IdParams, Message, MessageCreate, MessageListQuery, MessagePage } from '@proxima/contracts'
import { ADMIN, ANY_ACTOR, actorOf, adminOf } from '../../http/actor.js'
import type { MessageService } from './messages.service.js'
import { anyoneAnswering } from './chat-routes.config.js'

const tags = ['messages']
const anyone = { roles: ANY_ACTOR }

/** Text messages; voice uploads are a separate route. */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (app, { messages }) => {
  app.get(
    '/api/chat/message/',
    {
      schema: {
        tags,
        summary: "A chat's messages, oldest first, cursor-paged",
        querystring: MessageListQuery,
        response: { 200: MessagePage },
      },
      config: anyone,
    },
    (req) => messages.list(actorOf(req), req.query),
  )
  app.get(
    '/api/chat/message/:id/',
    { schema: { tags, summary: 'Get a message', params: IdParams, response: { 200: Message } }, config: anyone },
    (req) => messages.get(actorOf(req), req.params.id),
  )
  app.post(
    '/api/chat/message/',
    {
      schema: { tags, summary: 'Send a text message', body: MessageCreate, response: { 200: Message, 201: Message } },
      config: { ...anyoneAnswering, idempotent: true },
    },
    async (req, reply) => {
      const { created, message } = await messages.create(actorOf(req), req.body)
      return reply.status(created ? 201 : 200).send(message)
    },
  )
  app.delete(
    '/api/chat/message/:id/',
    { schema: { tags, summary: "Remove a message's content", params: IdParams }, config: { roles: ADMIN } },
    async (req, reply) => {
      await messages.remove(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
  app.delete(
    '/api/chat/message/',
    {
      schema: {
        tags,
        summary: 'Remove the message named by ?message_id=',
        querystring: z.object({ message_id: Id, chat_id: Id.optional() }),
      },
      config: { roles: ADMIN },
    },
    async (req, reply) => {
      await messages.remove(adminOf(req), req.query.message_id, req.query.chat_id)
      return reply.status(204).send()
    },
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AssignRequest,
  Chat,
  ChatCreate,
  ChatListQuery,
  ChatUpdate,
  EscalateRequest,
  Id,
  IdParams,
  RatingRequest,
  ReadReply,
  ReadRequest,
  TypingRequest,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, ANY_ACTOR, actorOf, adminOf, customerOf, staffOf, type Role } from '../../http/actor.js'
import type { ChatActionService } from './chat-actions.service.js'
import { anyoneAnswering, keepsAnswering } from './chat-routes.config.js'
import type { ChatService } from './chats.service.js'

const tags = ['chats']
const anyone = { roles: ANY_ACTOR }
const OWNERS: readonly Role[] = ['client', 'visitor']

/** Conversations between a tenant's staff and a customer (client or widget visitor). */
export const chatRoutes: FastifyPluginAsyncZod<{ chats: ChatService; actions: ChatActionService }> = async (
  app,
  { chats, actions },
) => {
  app.get(
    '/api/chat/chat/',
    {
      schema: { tags, summary: 'List chats', querystring: ChatListQuery, response: { 200: listEnvelope(Chat) } },
      config: anyone,
    },
    (req) => chats.list(actorOf(req), req.query),
  )
  app.get(
    '/api/chat/chat/:id/',
    { schema: { tags, summary: 'Get a chat', params: IdParams, response: { 200: Chat } }, config: anyone },
    (req) => chats.get(actorOf(req), req.params.id),
  )
  app.post(
    '/api/chat/chat/',
    {
      schema: {
        tags,
        summary: 'Start a chat, or resume the open one',
        body: ChatCreate,
        response: { 200: Chat, 201: Chat },
      },
      config: { roles: OWNERS, idempotent: true },
    },
    async (req, reply) => {
      const { created, chat } = await chats.create(customerOf(req), req.body)
      return reply.status(created ? 201 : 200).send(chat)
    },
  )
  app.patch(
    '/api/chat/chat/:id/',
    {
      schema: {
        tags,
        summary: 'Change status, topic or the assistant switch',
        params: IdParams,
        body: ChatUpdate,
        response: { 200: Chat },
      },
      config: keepsAnswering,
    },
    (req) => chats.update(staffOf(req), req.params.id, req.body),
  )
  app.delete(
    '/api/chat/chat/:id/',
    { schema: { tags, summary: 'Delete a chat and its messages', params: IdParams }, config: { roles: ADMIN } },
    async (req, reply) => {
      await chats.remove(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
  app.delete(
    '/api/chat/chat/',
    {
      schema: { tags, summary: 'Delete the chat named by ?chat_id=', querystring: z.object({ chat_id: Id }) },
      config: { roles: ADMIN },
    },
    async (req, reply) => {
      await chats.remove(adminOf(req), req.query.chat_id)
      return reply.status(204).send()
    },
  )
  app.post(
    '/api/chat/chat/:id/assign/',
    {
      schema: {
        tags,
        summary: 'Assign or unassign a chat',
        params: IdParams,
        body: AssignRequest,
        response: { 200: Chat },
      },
      config: keepsAnswering,
    },
    (req) => actions.assign(staffOf(req), req.params.id, req.body.assignee_id),
  )
  app.post(
    '/api/chat/chat/:id/escalate/',
    {
      schema: {
        tags,
        summary: 'Ask for a human to take over',
        params: IdParams,
        body: EscalateRequest,
        response: { 200: Chat },
      },
      config: anyoneAnswering,
    },
    (req) => actions.escalate(actorOf(req), req.params.id, req.body),
  )
  app.post(
    '/api/chat/chat/:id/rating/',
    {
      schema: {
        tags,
        summary: 'Rate the conversation (owner)',
        params: IdParams,
        body: RatingRequest,
        response: { 200: Chat },
      },
      config: { roles: OWNERS },
    },
    (req) => actions.rate(customerOf(req), req.params.id, req.body),
  )
  app.post(
    '/api/chat/chat/:id/read/',
    {
      schema: {
        tags,
        summary: "Move the caller's side's read marker",
        params: IdParams,
        body: ReadRequest,
        response: { 200: ReadReply },
      },
      config: anyoneAnswering,
    },
    (req) => actions.markRead(actorOf(req), req.params.id, req.body.last_read_message_id),
  )
  app.post(
    '/api/chat/chat/:id/typing/',
    { schema: { tags, summary: 'Signal typing', params: IdParams, body: TypingRequest }, config: anyoneAnswering },
    async (req, reply) => {
      await actions.typing(actorOf(req), req.params.id, req.body.state)
      return reply.status(204).send()
    },
  )
}

import type { TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin, unique } from '../factories.js'

/*
 * Chat analytics fixtures: rows written with exact timestamps (the metrics read `created_at`, `sent_at` and the
 * `escalated` events' `occurred_at`), and the two ways of calling an endpoint.
 */

type Channel = 'mobile' | 'website' | 'facebook' | 'instagram' | 'whatsapp' | 'email'

export async function analyticsTenant(app: TestApp) {
  const org = await createTenantWithAdmin(app)
  return { tenantId: org.tenant.tenant_id, token: org.token }
}

export async function addTopic(app: TestApp, tenantId: number) {
  const row = await app.db
    .insertInto('chat_topics')
    .values({ tenant_id: tenantId, name: unique('Refunds ') })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function addVisitor(app: TestApp, tenantId: number) {
  const row = await app.db
    .insertInto('anonymous_users')
    .values({ tenant_id: tenantId, name: 'Vera Visitor' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function addClient(app: TestApp) {
  return (await createClient(app)).client.id
}

export async function addChat(
  app: TestApp,
  tenantId: number,
  at: string,
  o: {
    channel?: Channel
    status?: 'open' | 'pending' | 'resolved'
    topicId?: number
    clientId?: number
    visitorId?: number
  } = {},
) {
  const row = await app.db
    .insertInto('chats')
    .values({
      tenant_id: tenantId,
      channel: o.channel ?? 'mobile',
      status: o.status ?? 'open',
      topic_id: o.topicId ?? null,
      client_id: o.clientId ?? null,
      visitor_id: o.visitorId ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function addMessage(
  app: TestApp,
  tenantId: number,
  chatId: number,
  at: string,
  o: { sender?: 'client' | 'tenant' | 'tenant_iva'; deletedAt?: string } = {},
) {
  const sender = o.sender ?? 'client'
  await app.db
    .insertInto('chat_messages')
    .values({
      tenant_id: tenantId,
      chat_id: chatId,
      message_sender: sender,
      sender_kind: sender === 'client' ? 'client' : sender === 'tenant' ? 'staff' : 'assistant',
      text_content: 'Hello',
      sent_at: at,
      created_at: at,
      updated_at: at,
      deleted_at: o.deletedAt ?? null,
    })
    .execute()
}

/** An escalation event, as the chat writes it when a human takes over. */
export async function addEscalation(app: TestApp, tenantId: number, chatId: number, at: string) {
  await app.db
    .insertInto('chat_events')
    .values({ tenant_id: tenantId, chat_id: chatId, kind: 'escalated', occurred_at: at })
    .execute()
  await app.db
    .updateTable('chats')
    .set({ escalated: true, escalated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', chatId)
    .execute()
}

type Query = Record<string, string | number>

/** `GET /api/analytics/<name>/?…` as staff; fails the test on anything but 200. */
export async function getMetric<T = Record<string, unknown>>(app: TestApp, token: string, name: string, q: Query = {}) {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()
  const res = await app.inject({ method: 'GET', url: `/api/analytics/${name}/?${qs}`, headers: auth(token) })
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`)
  return res.json<T & { meta: Meta }>()
}

/** `POST /api/analytics/<name>/` with the filter as JSON. */
export async function postMetric<T = Record<string, unknown>>(
  app: TestApp,
  token: string,
  name: string,
  body: Record<string, unknown>,
) {
  const res = await app.inject({ method: 'POST', url: `/api/analytics/${name}/`, headers: auth(token), payload: body })
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`)
  return res.json<T & { meta: Meta }>()
}

export type Meta = {
  from: string
  to: string
  timezone: string
  granularity: string | null
  filters: Record<string, unknown>
  ignored_filters: string[]
}

export type Item = { start_time: string; end_time: string; partial: boolean; count: number }

/** The ISO hours `start`, `start + 1 h`, … (`n` of them). */
export const hoursFrom = (start: string, n: number) =>
  Array.from({ length: n }, (_, i) => new Date(new Date(start).getTime() + i * 3_600_000).toISOString())

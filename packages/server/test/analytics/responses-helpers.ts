import type { ChatEventKind } from '../../src/db/schema.js'
import type { TestApp } from '../app.js'
import { auth } from '../factories.js'

/* Facts at exact instants for the response-time, satisfaction and topic metrics, and calls of their endpoints. */

export const at = (iso: string) => new Date(iso)

export type Channel = 'mobile' | 'website' | 'facebook' | 'instagram' | 'whatsapp' | 'email'

export async function insertChat(
  app: TestApp,
  tenantId: number,
  o: {
    created: string
    channel?: Channel
    topicId?: number | null
    assigneeId?: number | null
    status?: 'open' | 'pending' | 'resolved'
    rating?: { value: number; at: string; first?: string }
  },
): Promise<number> {
  const row = await app.db
    .insertInto('chats')
    .values({
      tenant_id: tenantId,
      channel: o.channel ?? 'mobile',
      status: o.status ?? 'open',
      topic_id: o.topicId ?? null,
      assignee_id: o.assigneeId ?? null,
      satisfaction_rating: o.rating?.value ?? null,
      rated_at: o.rating ? at(o.rating.at) : null,
      first_rated_at: o.rating ? at(o.rating.first ?? o.rating.at) : null,
      created_at: at(o.created),
      updated_at: at(o.created),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function insertMessage(
  app: TestApp,
  tenantId: number,
  chatId: number,
  sender: 'client' | 'tenant' | 'tenant_iva',
  sentAt: string,
  o: { deleted?: boolean } = {},
) {
  await app.db
    .insertInto('chat_messages')
    .values({
      tenant_id: tenantId,
      chat_id: chatId,
      message_sender: sender,
      sender_kind: sender === 'client' ? 'visitor' : sender === 'tenant' ? 'staff' : 'assistant',
      sender_user_id: null,
      sender_visitor_id: null,
      text_content: o.deleted ? null : 'text',
      voice_key: null,
      voice_mime_type: null,
      voice_size_bytes: null,
      voice_duration_ms: null,
      voice_transcript: null,
      topic_id: null,
      topic_name: null,
      client_message_id: null,
      external_id: null,
      delivery_status: null,
      delivery_error: null,
      sent_at: at(sentAt),
      deleted_at: o.deleted ? at(sentAt) : null,
      created_at: at(sentAt),
      updated_at: at(sentAt),
    })
    .execute()
}

export async function insertEvent(
  app: TestApp,
  tenantId: number,
  chatId: number,
  kind: ChatEventKind,
  occurredAt: string,
  o: { wait?: number | null; actor?: number | null } = {},
) {
  await app.db
    .insertInto('chat_events')
    .values({
      tenant_id: tenantId,
      chat_id: chatId,
      kind,
      actor_user_id: o.actor ?? null,
      message_id: null,
      wait_seconds: o.wait ?? null,
      detail: null,
      occurred_at: at(occurredAt),
    })
    .execute()
}

export async function insertTopic(app: TestApp, tenantId: number, name: string, active = true): Promise<number> {
  const row = await app.db
    .insertInto('chat_topics')
    .values({ tenant_id: tenantId, name, is_active: active })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** GET an analytics endpoint with the filter as query parameters; fails on anything but 200. */
export async function getMetric<T = Record<string, unknown>>(
  app: TestApp,
  token: string,
  name: string,
  query: Record<string, string | number | boolean> = {},
): Promise<T & { meta: Record<string, unknown> }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
  const res = await app.inject({ method: 'GET', url: `/api/analytics/${name}/?${qs}`, headers: auth(token) })
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** POST an analytics endpoint with the filter as a JSON body; fails on anything but 200. */
export async function postMetric<T = Record<string, unknown>>(
  app: TestApp,
  token: string,
  name: string,
  body: Record<string, unknown> = {},
): Promise<T & { meta: Record<string, unknown> }> {
  const res = await app.inject({ method: 'POST', url: `/api/analytics/${name}/`, headers: auth(token), payload: body })
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`)
  return res.json()
}

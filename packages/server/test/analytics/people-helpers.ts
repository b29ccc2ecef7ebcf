import type { TestApp } from '../app.js'
import { auth, unique } from '../factories.js'

/* Rows written directly, so the demographics and voice tests control every profile value and timestamp. */

export type Profile = {
  dob?: string | null
  gender?: 'Male' | 'Female' | 'Other' | null
  country?: string | null
  state?: string | null
  city?: string | null
}

/** A registered client account (shared by every tenant) with the given profile values. */
export async function addClient(app: TestApp, profile: Profile = {}): Promise<number> {
  const name = unique('client')
  const row = await app.db
    .insertInto('users')
    .values({
      user_type: 'client',
      username: name,
      email: `${name}@example.com`,
      first_name: 'Cora',
      last_name: 'Client',
      ...profile,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** A widget visitor of one tenant. */
export async function addVisitor(app: TestApp, tenantId: number): Promise<number> {
  const row = await app.db
    .insertInto('anonymous_users')
    .values({ tenant_id: tenantId, name: 'Vera Visitor' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

type ChatOwner = { clientId: number } | { visitorId: number }

/** A resolved chat of a tenant (resolved, so one owner may have several on a channel). */
export async function addChat(
  app: TestApp,
  tenantId: number,
  owner: ChatOwner,
  channel: 'mobile' | 'website' | 'facebook' | 'instagram' | 'whatsapp' | 'email' = 'website',
): Promise<number> {
  const row = await app.db
    .insertInto('chats')
    .values({
      tenant_id: tenantId,
      client_id: 'clientId' in owner ? owner.clientId : null,
      visitor_id: 'visitorId' in owner ? owner.visitorId : null,
      channel,
      status: 'resolved',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export type MessageOptions = {
  voice?: { ms: number | null; bytes: number | null }
  deleted?: boolean
}

/** A message sent at an exact instant: text, or a voice recording with its duration and size. */
export async function addMessage(
  app: TestApp,
  tenantId: number,
  chatId: number,
  sentAt: string,
  options: MessageOptions = {},
): Promise<void> {
  const at = new Date(sentAt)
  await app.db
    .insertInto('chat_messages')
    .values({
      tenant_id: tenantId,
      chat_id: chatId,
      message_sender: 'client',
      sender_kind: 'client',
      text_content: options.voice ? null : 'Hello',
      voice_key: options.voice ? unique('voice/') : null,
      voice_mime_type: options.voice ? 'audio/webm' : null,
      voice_duration_ms: options.voice?.ms ?? null,
      voice_size_bytes: options.voice?.bytes ?? null,
      sent_at: at,
      deleted_at: options.deleted ? at : null,
      created_at: at,
    })
    .execute()
}

/** A community membership with exact join and leave times. */
export async function addMembership(
  app: TestApp,
  tenantId: number,
  communityId: number,
  clientId: number,
  joinedAt: string,
  leftAt: string | null = null,
): Promise<void> {
  await app.db
    .insertInto('community_memberships')
    .values({
      tenant_id: tenantId,
      community_id: communityId,
      client_id: clientId,
      joined_at: new Date(joinedAt),
      left_at: leftAt ? new Date(leftAt) : null,
    })
    .execute()
}

/** A community of a tenant, written directly. */
export async function addCommunity(app: TestApp, tenantId: number): Promise<number> {
  const row = await app.db
    .insertInto('communities')
    .values({ tenant_id: tenantId, name: unique('Guild ') })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** GET and POST callers of one metric for a staff token. */
export function metricCalls(app: TestApp, token: string) {
  return {
    get: (name: string, query: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: `/api/analytics/${name}/?${new URLSearchParams(query).toString()}`,
        headers: auth(token),
      }),
    post: (name: string, body: Record<string, unknown> = {}) =>
      app.inject({ method: 'POST', url: `/api/analytics/${name}/`, headers: auth(token), payload: body }),
  }
}

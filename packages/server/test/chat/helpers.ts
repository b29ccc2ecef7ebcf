import type { BusEvent } from '../../src/features/realtime/bus.js'
import type { TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'

/** A tenant with its admin and a client, ready to chat. */
export async function chatWorld(app: TestApp) {
  const org = await createTenantWithAdmin(app)
  const customer = await createClient(app)
  return {
    org,
    tenantId: org.tenant.tenant_id,
    adminToken: org.token,
    adminId: org.admin.id,
    clientToken: customer.token,
    clientId: customer.client.id,
  }
}

/** A widget visitor of the admin's tenant. */
export async function createVisitor(app: TestApp, adminToken: string, name: string | null = 'Vera Visitor') {
  const settings = await app.inject({
    method: 'GET',
    url: '/api/tenantmanagement/settings/',
    headers: auth(adminToken),
  })
  const key = settings.json<{ widget: { widget_key: string } }>().widget.widget_key
  const res = await app.inject({ method: 'POST', url: '/api/auth/anonymoususer/', payload: { widget_key: key, name } })
  if (res.statusCode !== 201) throw new Error(`visitor: ${res.statusCode} ${res.body}`)
  const v = res.json<{ token: string; anonymous_user_id: number }>()
  return { token: v.token, visitorId: v.anonymous_user_id }
}

export async function startChat(app: TestApp, token: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/chat/chat/', headers: auth(token), payload })
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`startChat: ${res.statusCode} ${res.body}`)
  return res.json<{ chat_id: number; status: string }>()
}

export async function send(
  app: TestApp,
  token: string,
  chatId: number,
  text: string,
  extra: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/message/',
    headers: auth(token),
    payload: { chat_id: chatId, text_content: text, ...extra },
  })
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`)
  return res.json<{ message_id: number }>()
}

/**
 * Collects the chat bus events of one tenant until stopped (other test files share the bus through the database).
 * Notifications are left out: their own tests follow them.
 */
export function captureBus(app: TestApp, tenantId: number) {
  const events: BusEvent[] = []
  const stop = app.services.bus.subscribe((e) => {
    if (e.tenantId === tenantId && e.type !== 'notification.created') events.push(e)
  })
  return { events, stop }
}

export async function setSettings(
  app: TestApp,
  tenantId: number,
  values: { chat_visibility?: 'all' | 'assigned'; auto_assign?: 'none' | 'round_robin'; csat_enabled?: boolean },
) {
  await app.db.updateTable('tenant_settings').set(values).where('tenant_id', '=', tenantId).execute()
}

export async function eventsOf(app: TestApp, chatId: number) {
  return app.db.selectFrom('chat_events').selectAll().where('chat_id', '=', chatId).orderBy('id').execute()
}

import type { TestApp } from '../app.js'
import { auth } from '../factories.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'

export const post = (app: TestApp, token: string | undefined, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, payload: payload as object })

/** A tenant with a chat between a client and the admin: the client asks, the admin answers, the client asks again. */
export async function chatWithTalk(app: TestApp) {
  const w = await chatWorld(app)
  const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
  await send(app, w.clientToken, chat.chat_id, 'Hello, I was charged twice for order 1042.')
  await send(app, w.adminToken, chat.chat_id, 'Sorry about that, I am checking the payment now.')
  await send(app, w.clientToken, chat.chat_id, 'When will the refund arrive?')
  return { ...w, chatId: chat.chat_id }
}

/** A voice message written straight to the table (with or without a transcript). */
export async function addVoiceMessage(
  app: TestApp,
  w: { tenantId: number; clientId: number },
  chatId: number,
  transcript: string | null,
) {
  await app.db
    .insertInto('chat_messages')
    .values({
      tenant_id: w.tenantId,
      chat_id: chatId,
      message_sender: 'client',
      sender_kind: 'client',
      sender_user_id: w.clientId,
      sender_visitor_id: null,
      text_content: null,
      voice_key: `voice/${chatId}/${Math.random().toString(36).slice(2)}.webm`,
      voice_mime_type: 'audio/webm',
      voice_size_bytes: 1000,
      voice_duration_ms: 2000,
      voice_transcript: transcript,
      topic_id: null,
      topic_name: null,
      client_message_id: null,
      external_id: null,
      delivery_status: null,
      delivery_error: null,
      deleted_at: null,
    })
    .execute()
}

/** The tenant's usage row of a month (`YYYY-MM`), set to `requests`. */
export async function setUsage(app: TestApp, tenantId: number, month: string, requests: number) {
  await app.db
    .insertInto('ai_usage')
    .values({ tenant_id: tenantId, month, requests, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['tenant_id', 'month']).doUpdateSet({ requests }))
    .execute()
}

export async function usageOf(app: TestApp, token: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/tenantmanagement/subscription/', headers: auth(token) })
  return res.json<{ usage: { ai_requests_this_month: number } }>().usage.ai_requests_this_month
}

export const META_KEYS = ['provider', 'model', 'fallback', 'generated_at', 'usage']

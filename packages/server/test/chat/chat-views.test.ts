import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChatViews } from '../../src/features/chat/chat-views.js'
import type { Actor } from '../../src/http/actor.js'
import { createVoiceLinks } from '../../src/features/media/voice-links.js'
import { systemClock } from '../../src/lib/clock.js'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { chatWorld, send, setSettings, startChat } from './helpers.js'

let app: TestApp
const links = createVoiceLinks({ key: Buffer.alloc(32, 1), baseUrl: 'http://localhost', clock: systemClock })
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const staff = (tenantId: number, userId: number, userType: 'admin' | 'employee' = 'admin'): Actor => ({
  kind: 'staff',
  tenantId,
  userId,
  userType,
  tokenId: 0,
})
const client = (userId: number): Actor => ({ kind: 'client', userId, tokenId: 0 })

describe('chat realtime views', () => {
  it('lets only those who may read the chat subscribe to it', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const stranger = await createTenantWithAdmin(app)
    const other = await createClient(app)
    const views = createChatViews(app.db, links)
    const channel = `chat:${chat.chat_id}` as const
    expect(await views.canSubscribe(staff(w.tenantId, w.adminId), channel)).toBe(true)
    expect(await views.canSubscribe(client(w.clientId), channel)).toBe(true)
    expect(await views.canSubscribe(staff(stranger.tenant.tenant_id, stranger.admin.id), channel)).toBe(false)
    expect(await views.canSubscribe(client(other.client.id), channel)).toBe(false)
    expect(await views.canSubscribe(staff(w.tenantId, w.adminId), 'community:1')).toBe(false)
  })

  it('renders messages and chats as the REST gets do, per viewer', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const m = await send(app, w.clientToken, chat.chat_id, 'hello')
    const views = createChatViews(app.db, links)
    const event = {
      type: 'message.created' as const,
      tenantId: w.tenantId,
      chatId: chat.chat_id,
      messageId: m.message_id,
    }
    const rest = await app.inject({
      method: 'GET',
      url: `/api/chat/message/${m.message_id}/`,
      headers: auth(w.adminToken),
    })
    expect(await views.render(event, staff(w.tenantId, w.adminId))).toEqual({
      type: 'message.created',
      data: rest.json(),
    })
    const asStaff = await views.render(
      { type: 'chat.updated', tenantId: w.tenantId, chatId: chat.chat_id, changes: ['status'], ratingRequested: true },
      staff(w.tenantId, w.adminId),
    )
    expect(asStaff?.data).toMatchObject({
      chat_id: chat.chat_id,
      changes: ['status'],
      rating_requested: true,
      unread_count: 1,
    })
    expect((asStaff?.data as { chat_owner: { email?: string } }).chat_owner.email).toBeDefined()
    const asOwner = await views.render(
      { type: 'chat.created', tenantId: w.tenantId, chatId: chat.chat_id },
      client(w.clientId),
    )
    expect((asOwner?.data as { chat_owner: { email?: string } }).chat_owner.email).toBeUndefined()
    const other = await createClient(app)
    expect(await views.render(event, client(other.client.id))).toBeNull()
  })

  it('keeps employees limited to assigned chats out of others’ chats', async () => {
    const w = await chatWorld(app)
    const { employee } = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${chat.chat_id}/assign/`,
      headers: auth(w.adminToken),
      payload: { assignee_id: w.adminId },
    })
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    const views = createChatViews(app.db, links)
    const emp = staff(w.tenantId, employee.id, 'employee')
    expect(views.viewerKey(emp, { type: 'chat.created', tenantId: w.tenantId, chatId: chat.chat_id })).not.toBe(
      views.viewerKey(staff(w.tenantId, w.adminId), {
        type: 'chat.created',
        tenantId: w.tenantId,
        chatId: chat.chat_id,
      }),
    )
    expect(await views.render({ type: 'chat.created', tenantId: w.tenantId, chatId: chat.chat_id }, emp)).toBeNull()
    expect(await views.typingOf(emp, chat.chat_id)).toBeNull()
    expect(await views.typingOf(client(w.clientId), chat.chat_id)).toMatchObject({
      tenantId: w.tenantId,
      sender: 'client',
      user: { kind: 'client', id: w.clientId },
    })
  })
})

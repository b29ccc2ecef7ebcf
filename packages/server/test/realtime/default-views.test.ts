import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import type { StaffActor } from '../../src/http/actor.js'
import { createDefaultViews } from '../../src/features/realtime/views.js'
import { insertChat } from './ws-client.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const staff = (session: { id: number }, tenantId: number): StaffActor => ({
  kind: 'staff',
  userId: session.id,
  tenantId,
  userType: 'admin',
  tokenId: 0,
})

describe('the stand-in realtime views', () => {
  it('let staff subscribe and type only in chats of their own tenant, named as the directory shows them', async () => {
    const org = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const chatId = await insertChat(app, org.tenant.tenant_id)
    const views = createDefaultViews(app.db)
    const own = staff(org.admin, org.tenant.tenant_id)
    const other = staff(stranger.admin, stranger.tenant.tenant_id)

    expect(await views.canSubscribe(own, `chat:${chatId}`)).toBe(true)
    expect(await views.canSubscribe(other, `chat:${chatId}`)).toBe(false)
    expect(await views.canSubscribe(own, `community:${chatId}`)).toBe(false)
    expect(await views.typingOf(other, chatId)).toBeNull()
    expect(await views.typingOf(own, chatId)).toEqual({
      tenantId: org.tenant.tenant_id,
      sender: 'tenant',
      user: {
        kind: 'staff',
        id: org.admin.id,
        name: `${org.admin.first_name} ${org.admin.last_name}`,
        username: org.admin.username,
      },
    })
  })
})

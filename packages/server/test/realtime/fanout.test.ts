import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createEmployee, createTenantWithAdmin } from '../factories.js'
import { createDefaultViews, idsOnly, type RealtimeViews } from '../../src/features/realtime/views.js'
import { insertChat, listen, WsClient } from './ws-client.js'

let app: TestApp
let url: string
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
const sockets: WsClient[] = []

beforeAll(async () => {
  app = await buildTestApp()
  url = await listen(app)
  org = await createTenantWithAdmin(app)
})

afterAll(async () => {
  for (const s of sockets) s.close()
  await app.shutdown()
})

describe('realtime fan-out', () => {
  it('renders once per viewer group, whatever the number of sockets, and honours null renders', async () => {
    const { token: employee, employee: session } = await createEmployee(app, org.token)
    const renders: string[] = []
    const base = createDefaultViews(app.db)
    const views: RealtimeViews = {
      ...base,
      // Employees form their own group; admins share one.
      viewerKey: (actor) => {
        if (actor.kind !== 'staff') return `${actor.kind}:${actor.tokenId}`
        return actor.userType === 'employee' ? `staff:${actor.tenantId}:${actor.userId}` : `staff:${actor.tenantId}`
      },
      render: async (event, actor) => {
        renders.push(actor.kind === 'staff' ? actor.userType : actor.kind)
        // e.g. chat_visibility "assigned": this employee does not see the chat.
        if (actor.kind === 'staff' && actor.userId === session.id) return null
        return idsOnly(event)
      },
    }
    app.services.realtime.setViews(views)
    try {
      const admins = await Promise.all(Array.from({ length: 150 }, () => WsClient.ready(url, org.token)))
      const employees = await Promise.all(Array.from({ length: 3 }, () => WsClient.ready(url, employee)))
      sockets.push(...admins, ...employees)
      const chatId = await insertChat(app, org.tenant.tenant_id)
      app.services.bus.publish({ type: 'chat.created', tenantId: org.tenant.tenant_id, chatId })
      const frames = await Promise.all(admins.map((s) => s.next((f) => f.type === 'chat.created')))
      expect(new Set(frames.map((f) => f.event_id)).size).toBe(1)
      await Promise.all(employees.map((s) => s.roundTrip()))
      for (const s of employees) expect(s.frames.some((f) => f.type === 'chat.created')).toBe(false)
      expect(renders.sort()).toEqual(['admin', 'employee'])
    } finally {
      app.services.realtime.setViews(createDefaultViews(app.db))
    }
  })
})

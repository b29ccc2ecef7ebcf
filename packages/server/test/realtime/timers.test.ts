import Fastify from 'fastify'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ResolvedToken } from '../../src/features/auth/sessions.service.js'
import { createLocalBus } from '../../src/features/realtime/bus.js'
import { createRealtimeHub } from '../../src/features/realtime/hub.js'
import { idsOnly, type RealtimeViews } from '../../src/features/realtime/views.js'
import { realtimeRoutes } from '../../src/features/realtime/ws.routes.js'
import { WsClient } from './ws-client.js'

/** The hub with short timers, behind a bare Fastify server and a stand-in token store. */
const live = new Map<string, number>()
const TOKEN = `pxm_${'a'.repeat(43)}`
const SHORT = `pxm_${'b'.repeat(43)}`

async function resolve(token: string): Promise<ResolvedToken> {
  const expiresAt = live.get(token)
  if (expiresAt === undefined) return { status: 'invalid' }
  return {
    status: 'ok',
    actor: { kind: 'staff', userId: 1, tenantId: 1, userType: 'admin', tokenId: 1 },
    expiresAt: new Date(expiresAt),
    userType: 'admin',
    tenant: { status: 'active', subscription: null },
  }
}

const views: RealtimeViews = {
  canSubscribe: async () => true,
  viewerKey: () => 'all',
  render: async (event) => idsOnly(event),
  typingOf: async () => null,
}

const app = Fastify()
const bus = createLocalBus()
const hub = createRealtimeHub({
  bus,
  sessions: { resolve },
  views,
  log: app.log,
  settings: { authTimeoutMs: 150, pingIntervalMs: 60, recheckMs: 80 },
})
let url: string

beforeAll(async () => {
  live.set(TOKEN, Date.now() + 3_600_000)
  await app.register(realtimeRoutes, { hub, bus, isShuttingDown: () => false })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  url = `http://127.0.0.1:${address.port}`
})

afterAll(async () => {
  await app.close()
})

describe('realtime timers', () => {
  it('closes with 4001 when no auth frame arrives in time', async () => {
    const c = await WsClient.open(url)
    expect((await c.closed).code).toBe(4001)
  })

  it('keeps a socket that answers pings, and drops one that misses two pongs', async () => {
    const good = await WsClient.ready(url, TOKEN)
    const silent = new WebSocket(`${url.replace('http', 'ws')}/api/ws?token=${TOKEN}`, { autoPong: false })
    const closed = new Promise<number>((r) => silent.on('close', (code) => r(code)))
    const started = Date.now()
    const code = await closed
    expect(Date.now() - started).toBeGreaterThanOrEqual(100)
    expect(code).toBe(1006)
    expect(good.socket.readyState).toBe(WebSocket.OPEN)
    good.close()
  })

  it('closes with 4001 when the token expires or stops resolving', async () => {
    live.set(SHORT, Date.now() + 200)
    const expiring = await WsClient.ready(url, SHORT)
    expect((await expiring.closed).code).toBe(4001)

    const other = `pxm_${'c'.repeat(43)}`
    live.set(other, Date.now() + 3_600_000)
    const revoked = await WsClient.ready(url, other)
    live.delete(other)
    expect((await revoked.closed).code).toBe(4001)
  })

  it('closes open sockets with 1001 when the app closes', async () => {
    const c = await WsClient.ready(url, TOKEN)
    bus.publish({ type: 'chat.created', tenantId: 1, chatId: 9 })
    await c.next((f) => f.type === 'chat.created')
    await hub.shutdown()
    expect((await c.closed).code).toBe(1001)
    const refused = await WsClient.open(url, `?token=${TOKEN}`)
    expect((await refused.closed).code).toBe(1001)
  })
})

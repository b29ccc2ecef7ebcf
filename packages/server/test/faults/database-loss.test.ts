import pg from 'pg'
import WebSocket from 'ws'
import { describe, expect, it } from 'vitest'
import { startTcpProxy } from './tcp-proxy.js'
import {
  apiClient,
  builtServerExists,
  chatSenders,
  chatTenant,
  freePort,
  freshPostgresDatabase,
  postgresUrl,
  readBack,
  registerClient,
  report,
  startServer,
  tempDataDir,
} from './server-process.js'
import { chatSocket } from './socket.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function readiness(base: string) {
  const res = await fetch(`${base}/readyz`)
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } }
}

/** The close code of a new socket authenticated with `token`. */
function closeCodeOf(base: string, token: string): Promise<number> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws?token=${token}`)
  ws.on('error', () => undefined)
  return new Promise((resolve) => ws.on('close', (code) => resolve(code)))
}

/** Polls `check` until it holds; resolves with the milliseconds it took, rejects after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`)
    await sleep(100)
  }
  return Date.now() - started
}

describe.skipIf(!postgresUrl || !builtServerExists())('the PostgreSQL connection lost for ten seconds', () => {
  it('keeps the process up, answers 503 meanwhile and recovers by itself, losing nothing acknowledged', async () => {
    const database = await freshPostgresDatabase(postgresUrl!)
    const real = new URL(database.url)
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) })
    const viaProxy = new URL(database.url)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    const data = tempDataDir()
    const server = await startServer({ databaseUrl: viaProxy.toString(), dataDir: data.dir, port: await freePort() })
    const api = apiClient(server.url)
    try {
      const world = await chatTenant(server.url, 5)
      const watched = world.chats[0]!
      const socket = await chatSocket(server.url, watched.token, watched.chatId)
      const unusedToken = await registerClient(server.url)
      const senders = chatSenders(server.url, world.chats)
      await within(10_000, async () => senders.acknowledged.size >= 20)

      proxy.cut()
      const cutAt = Date.now()
      await sleep(300)
      expect(server.child.exitCode, server.output()).toBeNull()
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      const down = await readiness(server.url)
      expect(down.status).toBe(503)
      expect(down.body.checks.database).toBe('failing')
      const asked = Date.now()
      const refused = await api.call('GET', '/api/chat/chat/', undefined, world.adminToken)
      expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 503, code: 'service.unavailable' })
      expect(Date.now() - asked).toBeLessThan(3_000)
      const signIn = await api.call('POST', '/api/auth/signin/', { email: 'nobody@example.com', password: 'x' })
      expect(signIn.status).toBe(503)
      // A socket that needs the database to authenticate is asked to come back later (1013)…
      expect(await closeCodeOf(server.url, unusedToken)).toBe(1013)
      // …and one already open is told why its subscription could not be made.
      const subscribing = socket.next((f) => f.type === 'error')
      socket.send({ type: 'subscribe', channel: `chat:${world.chats[1]!.chatId}` })
      expect((await subscribing).data?.code).toBe('service.unavailable')
      while (Date.now() - cutAt < 10_000) {
        expect(server.child.exitCode, server.output()).toBeNull()
        await sleep(250)
      }
      expect(socket.isOpen()).toBe(true)

      proxy.restore()
      const restoredAt = new Date()
      const ackedAtRestore = senders.acknowledged.size
      const readyAfter = await within(15_000, async () => (await readiness(server.url)).status === 200)
      await within(15_000, async () => senders.acknowledged.size >= ackedAtRestore + 20)
      report(`database back: ready again after ${readyAfter} ms`)

      // The socket stayed open through the cut; once the LISTEN connection is back it is closed with 1012, since
      // events other processes published meanwhile were missed: the client reconnects and fetches again.
      await within(15_000, async () => socket.closed() !== null)
      expect(socket.closed()).toEqual({ code: 1012 })
      const again = await chatSocket(server.url, watched.token, watched.chatId)
      const sent = await api.ok(
        'POST',
        '/api/chat/message/',
        { chat_id: watched.chatId, text_content: 'after the cut' },
        watched.token,
      )
      await again.next((f) => f.type === 'message.created' && f.data?.message_id === sent.message_id)
      // Events other processes publish are heard again.
      const other = new pg.Client({ connectionString: database.url })
      await other.connect()
      try {
        const envelope = JSON.stringify({
          v: 1,
          o: 'another-process',
          e: { type: 'message.created', tenantId: world.tenantId, chatId: watched.chatId, messageId: sent.message_id },
        })
        await other.query('select pg_notify($1, $2)', ['proxima_events', envelope])
        await within(
          5_000,
          async () =>
            again.frames.filter((f) => f.type === 'message.created' && f.data?.message_id === sent.message_id).length >=
            2,
        )
        // The job runner is back too: the mail worker's heartbeat moves on.
        await within(15_000, async () => {
          const { rows } = await other.query<{ beat_at: Date }>(
            "select beat_at from worker_heartbeats where name = 'mail'",
          )
          return rows[0] !== undefined && rows[0].beat_at > restoredAt
        })
      } finally {
        await other.end()
      }
      again.close()

      await senders.stop()
      const back = await readBack(server.url, world.chats)
      const missing = [...senders.acknowledged].filter(([id, m]) => back.seen.get(id) !== m.text)
      const duplicated = [...senders.acknowledged.values()].filter((m) => back.texts.get(m.text) !== 1)
      report(
        `database cut for 10 s: ${senders.acknowledged.size} messages acknowledged, ${missing.length} missing, ` +
          `${duplicated.length} duplicated; refused meanwhile: ${JSON.stringify(Object.fromEntries(senders.refused))}`,
      )
      expect(missing).toEqual([])
      expect(duplicated).toEqual([])
      expect([...senders.refused.keys()].filter((s) => s !== 503)).toEqual([])
      expect(server.output()).not.toMatch(/uncaught|unhandled/i)

      const exit = await server.stop()
      expect(exit.code, server.output()).toBe(0)
    } finally {
      server.child.kill('SIGKILL')
      await proxy.close()
      await database.drop()
      data.remove()
    }
  }, 120_000)
})

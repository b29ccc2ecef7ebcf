import http from 'node:http'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/** The built server, as an operator runs it (`npm start` runs this file). */
export const BUILT_SERVER = join(import.meta.dirname, '..', '..', 'dist', 'src', 'main.js')
export const builtServerExists = () => existsSync(BUILT_SERVER)
export const ADMIN_PASSWORD = 'Faults-harbour-2026'

/** The PostgreSQL server the suite runs against, if any. */
export const postgresUrl = process.env.PROXIMA_TEST_DATABASE_URL ?? process.env.DATABASE_URL

/** A fresh PostgreSQL database for one test file, dropped by `drop()`. */
export async function freshPostgresDatabase(url: string) {
  const name = `proxima_faults_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  return {
    url: dbUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export type ServerOptions = {
  /** PostgreSQL URL; without it the server uses the embedded database in `dataDir`. */
  databaseUrl?: string | undefined
  dataDir: string
  port: number
  env?: Record<string, string>
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; ms: number }

/** One run of the built server as a child process; `output()` is what it printed so far. */
export type ServerProcess = {
  url: string
  child: ChildProcess
  output: () => string
  /** Sends `signal` and resolves when the process has exited, with how long that took. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>
  exited: Promise<Exit>
}

export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  }
  const child = spawn(process.execPath, [BUILT_SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  let signalledAt = 0
  const exited = new Promise<Exit>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, ms: signalledAt ? Date.now() - signalledAt : 0 }))
  })
  const url = `http://127.0.0.1:${opts.port}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting:\n${out}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL')
      throw new Error(`the server did not start in 60 s:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        signalledAt = Date.now()
        child.kill(signal)
      }
      return exited
    },
  }
}

export function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'proxima-faults-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

type Json = Record<string, unknown>

/** A small JSON client for the server's API. */
export function apiClient(base: string) {
  async function call(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await res.text()
    let json: Json = {}
    try {
      json = text ? (JSON.parse(text) as Json) : {}
    } catch {
      json = { raw: text }
    }
    return { status: res.status, json }
  }
  async function ok(method: string, path: string, body?: unknown, token?: string) {
    const r = await call(method, path, body, token)
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`)
    return r.json
  }
  return { call, ok }
}

let seq = 0
const unique = (p: string) => `${p}${Date.now().toString(36)}${++seq}${Math.floor(Math.random() * 1e4)}`
const PASSWORD = 'Blue-harbour-71'

/** A new customer account; returns its session token, not yet used. */
export async function registerClient(base: string): Promise<string> {
  const c = unique('client')
  const client = await apiClient(base).ok('POST', '/api/auth/client/', {
    username: c,
    email: `${c}@example.com`,
    first_name: 'Cora',
    last_name: 'Client',
    password: PASSWORD,
    confirm_password: PASSWORD,
  })
  return client.token as string
}

/** A tenant with its admin, and `customers` clients who each have a chat open with it. */
export async function chatTenant(base: string, customers: number) {
  const api = apiClient(base)
  const tenant = await api.ok('POST', '/api/tenantmanagement/tenant/', {
    tenant_name: unique('Org '),
    industry: 'Retail',
    email: `${unique('org')}@example.com`,
  })
  const u = unique('admin')
  const admin = await api.ok('POST', '/api/auth/admin/', {
    tenant_id: tenant.tenant_id,
    onboarding_token: tenant.onboarding_token,
    username: u,
    email: `${u}@example.com`,
    first_name: 'Ada',
    last_name: 'Admin',
    password: PASSWORD,
    confirm_password: PASSWORD,
  })
  const chats: { token: string; chatId: number }[] = []
  for (let i = 0; i < customers; i++) {
    const token = await registerClient(base)
    const chat = await api.ok('POST', '/api/chat/chat/', { tenant_id: tenant.tenant_id }, token)
    chats.push({ token, chatId: chat.chat_id as number })
  }
  return { tenantId: tenant.tenant_id as number, adminToken: admin.token as string, chats }
}

/**
 * Customers posting messages back to back, each to their own chat, until `stop()`: every message the server
 * acknowledged (201 with an id) is recorded with its text; refusals and network errors are counted, not retried.
 */
export function chatSenders(base: string, chats: { token: string; chatId: number }[], label = 'm') {
  const acknowledged = new Map<number, { chatId: number; text: string }>()
  const refused = new Map<number, number>()
  let networkErrors = 0
  let running = true
  let n = 0
  const loops = chats.map(async ({ token, chatId }) => {
    while (running) {
      const text = `${label}-${chatId}-${++n}`
      try {
        const res = await fetch(`${base}/api/chat/message/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body: JSON.stringify({ chat_id: chatId, text_content: text }),
          signal: AbortSignal.timeout(30_000),
        })
        const body = (await res.json().catch(() => ({}))) as Json
        if (res.status === 201 && typeof body.message_id === 'number')
          acknowledged.set(body.message_id, { chatId, text })
        else {
          refused.set(res.status, (refused.get(res.status) ?? 0) + 1)
          await new Promise((r) => setTimeout(r, 20))
        }
      } catch {
        networkErrors++
        await new Promise((r) => setTimeout(r, 50))
      }
    }
  })
  return {
    acknowledged,
    refused,
    networkErrors: () => networkErrors,
    /** Stops the loops and waits for the requests in flight. */
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

/** Every message of the chats, read back through the API by their customers: id → text, with duplicates counted. */
export async function readBack(base: string, chats: { token: string; chatId: number }[]) {
  const api = apiClient(base)
  const seen = new Map<number, string>()
  const texts = new Map<string, number>()
  for (const { token, chatId } of chats) {
    let before: string | null = null
    for (;;) {
      const cursor: string = before ? `&before=${encodeURIComponent(before)}` : ''
      const page = await api.ok('GET', `/api/chat/message/?chat_id=${chatId}&limit=100${cursor}`, undefined, token)
      for (const m of page.data as { message_id: number; text_content: string | null }[]) {
        const text = m.text_content ?? ''
        seen.set(m.message_id, text)
        texts.set(text, (texts.get(text) ?? 0) + 1)
      }
      const pagination = page.pagination as { has_older: boolean; before_cursor: string | null }
      if (!pagination.has_older || !pagination.before_cursor) break
      before = pagination.before_cursor
    }
  }
  return { seen, texts }
}

/**
 * One message per chat, each on its own keep-alive connection that then stays open and quiet (a client that is
 * done for now): a stop that began while they ran must not wait for those connections. Resolves with what was
 * acknowledged once every request has ended; `close()` drops the connections.
 */
export function quietKeepAliveRequests(base: string, chats: { token: string; chatId: number }[], label: string) {
  const { hostname, port } = new URL(base)
  const agent = new http.Agent({ keepAlive: true, maxSockets: chats.length })
  const acknowledged = new Map<number, { chatId: number; text: string }>()
  const done = Promise.all(
    chats.map(
      ({ token, chatId }) =>
        new Promise<void>((resolve) => {
          const text = `${label}-${chatId}`
          const body = JSON.stringify({ chat_id: chatId, text_content: text })
          const req = http.request(
            {
              host: hostname,
              port,
              path: '/api/chat/message/',
              method: 'POST',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                authorization: `Token ${token}`,
              },
            },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () => {
                if (res.statusCode === 201) {
                  const id = (JSON.parse(Buffer.concat(chunks).toString()) as { message_id: number }).message_id
                  acknowledged.set(id, { chatId, text })
                }
                resolve()
              })
              res.on('error', () => resolve())
            },
          )
          req.on('error', () => resolve())
          req.end(body)
        }),
    ),
  )
  return { acknowledged, done, close: () => agent.destroy() }
}

/** Prints a measured figure with the test's output (stop times, counts), for the run's log. */
export const report = (line: string) => process.stdout.write(`${line}\n`)

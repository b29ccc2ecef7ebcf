/**
 * What the benchmarks share: a fresh database (PostgreSQL when DATABASE_URL is set, else embedded PGlite in a
 * temporary data directory), the built-from-source server as a child process, and a light HTTP client.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

export type Json = Record<string, unknown>

export const BENCH_PASSWORD = 'Bench-password-2026'

/** A keep-alive HTTP client for one server: node:http costs the load generator far less CPU than fetch. */
export function httpClient(port: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  return function api(method: string, path: string, body?: unknown, token?: string): Promise<Json> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...(token ? { authorization: `Token ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString()
            if ((res.statusCode ?? 0) >= 300) reject(new Error(`${method} ${path} → ${res.statusCode} ${text}`))
            else resolve(text ? (JSON.parse(text) as Json) : {})
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(payload)
    })
  }
}

/** A new empty PostgreSQL database when DATABASE_URL is set (dropped afterwards); PGlite otherwise. */
export async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) return { url: undefined, drop: async () => undefined }
  const name = `proxima_bench_${randomBytes(4).toString('hex')}`
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
  const u = new URL(url)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: url })
      await d.connect()
      await d.query(`drop database if exists ${name} with (force)`)
      await d.end()
    },
  }
}

/** The server in its own process, rate limits off, with the first admin's password set. */
export function startServer(opts: { port: number; databaseUrl: string | undefined; dataDir: string }) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    NODE_ENV: 'production',
  }
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl
  else delete env.DATABASE_URL
  // BENCH_CPU_PROFILE=<dir> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []
  return spawn(process.execPath, [...profile, '--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

export async function waitReady(port: number) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

/** CPU seconds (user + system) a process has used so far; /proc counts in USER_HZ ticks, 100 a second on Linux. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** The p-th percentile of sorted values. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

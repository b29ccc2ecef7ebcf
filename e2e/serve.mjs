// Starts the built server for the browser journeys on a fresh database: a new PGlite folder, or a new
// database on the PostgreSQL server named by DATABASE_URL (dropped again when the server stops).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'

const port = process.env.E2E_PORT ?? '3210'
const dataDir = mkdtempSync(join(tmpdir(), 'proxima-e2e-'))
let databaseUrl
let dbName
if (process.env.DATABASE_URL) {
  dbName = `proxima_e2e_${randomBytes(4).toString('hex')}`
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await c.connect()
  await c.query(`create database ${dbName}`)
  await c.end()
  const u = new URL(process.env.DATABASE_URL)
  u.pathname = `/${dbName}`
  databaseUrl = u.toString()
}

const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_BASE_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: 'admin@proxima.local',
  ADMIN_PASSWORD: 'First-admin-2026',
  ADMIN_ORGANIZATION: 'Proxima Demo',
  RATE_LIMITS: 'false',
  LOG_LEVEL: 'warn',
}
if (databaseUrl) env.DATABASE_URL = databaseUrl
else delete env.DATABASE_URL

const server = spawn(process.execPath, ['packages/server/dist/src/main.js'], { stdio: 'inherit', env })

async function cleanup() {
  rmSync(dataDir, { recursive: true, force: true })
  if (dbName) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await c.connect()
    await c.query(`drop database if exists ${dbName} with (force)`)
    await c.end()
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', async (code) => {
  await cleanup().catch(() => undefined)
  process.exit(code ?? 0)
})

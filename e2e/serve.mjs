// Starts the built server for the browser journeys on a fresh database: a new PGlite folder, or a new
// database on the PostgreSQL server named by DATABASE_URL (dropped again when the server stops).
//
// The database holds the first organization and admin (ADMIN_*, created by the server on an empty database) and a
// demo organization made by the demo generator (the analytics journey reads it; e2e/demo-organization.mjs). The server makes
// the first admin only while no organization exists, and the embedded database is open in one process at a time,
// so the server starts once on a spare port, stops, the demo is generated, and then it starts for the journeys.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { DEMO } from './demo-organization.mjs'

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

/** Runs a command of the built server to its end; rejects when it fails. */
function run(args, extraEnv = {}) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...env, ...extraEnv } })
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${args[0]} exited with ${code}`))))
  })
}

/** Starts the server on `spare`, waits until it is ready (the database migrated, the first admin made) and stops it. */
async function prepare(spare) {
  const child = spawn(process.execPath, ['packages/server/dist/src/main.js'], {
    stdio: 'inherit',
    env: { ...env, PORT: String(spare), APP_BASE_URL: `http://127.0.0.1:${spare}` },
  })
  const exited = new Promise((done) => child.on('exit', done))
  const deadline = Date.now() + 120_000
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${spare}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (child.exitCode !== null) throw new Error('the server stopped before it was ready')
    if (Date.now() > deadline) throw new Error('the server was not ready within 2 minutes')
    await new Promise((wait) => setTimeout(wait, 250))
  }
  child.kill('SIGTERM')
  await exited
}

const started = Date.now()
try {
  await prepare(Number(port) + 1)
  // Small enough to take seconds; the pictures of docs/ANALYTICS.md show the demo's default 90 days.
  const size = process.env.E2E_DOCS_IMAGES ? [] : ['--days', String(DEMO.days), '--scale', String(DEMO.scale)]
  await run(['packages/server/dist/src/demo/main.js', '--name', DEMO.name, '--password', DEMO.password, ...size])
} catch (err) {
  process.stderr.write(`The database for the journeys could not be prepared: ${err.message}\n`)
  await cleanup().catch(() => undefined)
  process.exit(1)
}
process.stdout.write(`The database for the journeys was ready in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`)

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

import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import { openDatabase, type Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrate.js'
import type { Limits } from '../src/http/rate-limit.js'
import type { Clock } from '../src/lib/clock.js'
import type { GoogleVerifier } from '../src/features/auth/google.js'

/** A clock tests can move forward. */
export function testClock(start = new Date()) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  } satisfies Clock & { advance: (ms: number) => void }
}

let distDir: string | undefined
/** A tiny built-dashboard stand-in, so page-serving tests do not need a real web build. */
function fakeWebDist() {
  if (!distDir) {
    distDir = mkdtempSync(join(tmpdir(), 'proxima-web-'))
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><html><head><!--proxima-config--></head><body><div id="root"></div></body></html>',
    )
    writeFileSync(
      join(distDir, 'auth.html'),
      '<!doctype html><html><head><!--proxima-config--></head><body><div id="root" data-page="auth"></div></body></html>',
    )
    writeFileSync(
      join(distDir, 'survey.html'),
      '<!doctype html><html><head></head><body><div id="root" data-page="survey"></div></body></html>',
    )
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  }
  return distDir
}

export type TestAppOptions = {
  clock?: Clock
  limits?: Limits | null
  mailTransport?: Transporter
  google?: GoogleVerifier
  env?: Record<string, string>
  /**
   * A database of this app's own, empty but migrated (tests of a fresh install, or of work that sweeps every
   * tenant): an embedded one, or on PostgreSQL one copied from the run's template and dropped at shutdown.
   */
  ownDatabase?: boolean
}

let shared: Promise<Database> | undefined

/**
 * A new embedded database with every migration applied: started from the snapshot the global setup
 * made for this run, or migrated here when the file runs without it.
 */
async function freshEmbeddedDatabase(): Promise<Database> {
  const snapshot = process.env.PROXIMA_TEST_PGLITE_SNAPSHOT
  if (snapshot) return openDatabase({ loadDataDir: new Blob([await readFile(snapshot)]) })
  const database = await openDatabase({})
  await migrate(database)
  return database
}

/**
 * PostgreSQL when the suite runs against a server; otherwise one embedded PGlite per worker process,
 * shared by the files it runs one after another (every test creates its own tenants and accounts).
 */
async function testDatabase(): Promise<Database> {
  const url = process.env.PROXIMA_TEST_DATABASE_URL
  if (url) return openDatabase({ url, poolMax: 5 })
  shared ??= freshEmbeddedDatabase()
  return shared
}

/** A new database on the PostgreSQL server, copied from the run's migrated template (global-setup.ts). */
async function ownServerDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL
  const template = process.env.PROXIMA_TEST_DATABASE_TEMPLATE
  if (!server || !template) throw new Error('An own PostgreSQL database needs DATABASE_URL and the run template.')
  const url = new URL(template)
  const source = url.pathname.slice(1)
  // The run's teardown drops every database named after the template, so one left by a crash goes too.
  const name = `${source}_own${randomBytes(4).toString('hex')}`
  const onServer = async (statement: string) => {
    const c = new pg.Client({ connectionString: server })
    await c.connect()
    try {
      await c.query(statement)
    } finally {
      await c.end()
    }
  }
  await onServer(`create database ${name} template ${source}`)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), poolMax: 5 })
  return {
    database,
    drop: async () => {
      await database.close()
      await onServer(`drop database if exists ${name} with (force)`)
    },
  }
}

export async function buildTestApp(opts: TestAppOptions = {}) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    APP_BASE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...opts.env,
  })
  const server = !!process.env.PROXIMA_TEST_DATABASE_URL
  const own = opts.ownDatabase === true
  const ownServer = own && server ? await ownServerDatabase() : undefined
  const database = ownServer?.database ?? (own ? await freshEmbeddedDatabase() : await testDatabase())
  const app = await buildApp({
    config,
    database,
    clock: opts.clock,
    limits: opts.limits ?? null,
    mailTransport: opts.mailTransport,
    google: opts.google,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    webDistDir: fakeWebDist(),
  })
  await app.ready()
  return Object.assign(app, {
    db: database.db,
    database,
    async shutdown() {
      await app.close()
      // The worker's embedded database is shared by its files' apps; a server pool, or an own database, is this app's.
      if (ownServer) await ownServer.drop()
      else if (own || server) await database.close()
    },
  })
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>

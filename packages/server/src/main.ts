import { join, resolve } from 'node:path'
import nodemailer from 'nodemailer'
import { loadConfig } from './config.js'
import { openDatabase } from './db/database.js'
import { migrate } from './db/migrate.js'
import { buildApp } from './app.js'
import { createRollupRoller } from './features/analytics/rollup/roller.js'
import { startJobs } from './features/system/jobs.js'
import { purgeIdempotencyKeys } from './http/idempotency.js'
import { bootstrapFirstAdmin } from './features/tenants/bootstrap.js'
import { serverPackageDir } from './lib/version.js'

const SHUTDOWN_GRACE_MS = 25_000

/** read config → open db → migrate → build the app → listen; graceful shutdown on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
    poolMax: config.databasePoolMax,
    onIdleError: (err) => process.stderr.write(`database connection lost: ${err.message}\n`),
  })
  const applied = await migrate(database)
  const mailTransport = config.systemSmtpUrl ? nodemailer.createTransport(config.systemSmtpUrl) : undefined
  const webDistDir = config.webDistDir ?? join(serverPackageDir(), '..', 'web', 'dist')
  const app = await buildApp({ config, database, mailTransport, webDistDir })
  const log = app.log
  if (applied.length > 0) log.info({ applied }, 'database migrated')
  log.info(
    { database: database.kind === 'pglite' ? `embedded (${resolve(config.dataDir, 'pglite')})` : 'postgresql' },
    'database ready',
  )

  const firstAdmin = await bootstrapFirstAdmin(database.db, app.services, config.firstAdmin)

  const rollups = createRollupRoller(database.adHoc)
  const jobs = startJobs(
    [
      // Seals the analytics rollups hour by hour and rolls again the hours that changed after (reads stay exact
      // meanwhile: an hour not rolled yet is read live).
      { name: 'analytics-rollups', everyMs: 1_000, run: () => rollups.runOnce() },
      { name: 'mail', everyMs: 2_000, run: () => app.services.mailWorker.runOnce() },
      { name: 'abandoned-onboarding', everyMs: 3_600_000, run: () => app.services.tenants.purgeAbandoned() },
      { name: 'session-cleanup', everyMs: 6 * 3_600_000, run: () => app.services.sessions.purge() },
      { name: 'idempotency-cleanup', everyMs: 3_600_000, run: () => purgeIdempotencyKeys(database.db, new Date()) },
      // A survey closes at the end of its end day in its tenant's time zone; reads treat it as closed before this.
      { name: 'survey-close', everyMs: 60_000, run: () => app.services.surveys.closeEnded() },
      { name: 'notification-cleanup', everyMs: 24 * 3_600_000, run: () => app.services.notifications.purgeOld() },
    ],
    log,
  )

  await app.listen({ host: config.host, port: config.port })
  const url = config.appBaseUrl
  const lines = [`Proxima is running: open ${url}/auth/login`]
  if (firstAdmin) {
    lines.push(
      `A first organization ("${firstAdmin.organization}") and its admin were created. Sign in with:`,
      `  email:    ${firstAdmin.email}`,
      firstAdmin.generated
        ? `  password: ${firstAdmin.password}   (shown once: change it under Profile)`
        : '  password: the ADMIN_PASSWORD you set',
    )
  }
  lines.push(`New organizations can sign up at ${url}/auth/onboarding · API docs at ${url}/docs`)
  process.stdout.write(`\n${lines.join('\n')}\n\n`)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    const started = Date.now()
    log.info({ signal }, 'shutting down')
    app.beginShutdown()
    const force = setTimeout(() => {
      // What is still open tells why.
      log.error(
        { open: process.getActiveResourcesInfo(), pool: database.poolStats() },
        'shutdown took too long; exiting',
      )
      process.exit(1)
    }, SHUTDOWN_GRACE_MS + 5_000)
    force.unref()
    try {
      await jobs.stop()
      await app.close()
      await database.close()
      mailTransport?.close()
      log.info({ ms: Date.now() - started }, 'stopped')
      process.exit(0)
    } catch (err) {
      log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((err: unknown) => {
  process.stderr.write(`Proxima could not start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})

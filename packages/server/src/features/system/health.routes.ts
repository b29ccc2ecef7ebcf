import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/database.js'
import { pingDatabase } from '../../db/database.js'
import { migrationsCurrent } from '../../db/migrate.js'
import type { Clock } from '../../lib/clock.js'

export type HealthDeps = {
  db: Db
  clock: Clock
  isShuttingDown: () => boolean
  /** The last time this process's job runner reached the database. */
  lastJobBeat: () => Date | null
  version: { version: string; commit: string | null; built_at: string | null }
}

const BEAT_WINDOW_MS = 60_000

const Ready = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: z.string(), migrations: z.string(), jobs: z.string() }),
})
const noLimit = { public: true, rateLimit: false } as const
const tags = ['operations']

/** Liveness, readiness (database, migrations, job heartbeat) and the version. */
export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  for (const url of ['/healthz', '/api/healthz']) {
    app.get(
      url,
      {
        schema: { tags, summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
        config: noLimit,
      },
      () => ({
        status: 'ok' as const,
      }),
    )
  }

  app.get(
    '/readyz',
    { schema: { tags, summary: 'Readiness', response: { 200: Ready, 503: Ready } }, config: noLimit },
    async (_req, reply) => {
      const checks = { database: 'failing', migrations: 'failing', jobs: 'failing' }
      try {
        await pingDatabase(deps.db)
        checks.database = 'ok'
        checks.migrations = (await migrationsCurrent(deps.db)) ? 'ok' : 'failing'
        // This process's own runner: a row written by another process (or another app on a shared database) says nothing about it.
        const beat = deps.lastJobBeat()
        checks.jobs = beat && Math.abs(deps.clock.now().getTime() - beat.getTime()) < BEAT_WINDOW_MS ? 'ok' : 'failing'
      } catch {
        // the failing checks say enough
      }
      const ok = !deps.isShuttingDown() && Object.values(checks).every((c) => c === 'ok')
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', checks })
    },
  )

  app.get(
    '/api/version',
    {
      schema: {
        tags,
        summary: 'Version',
        response: {
          200: z.object({ version: z.string(), commit: z.string().nullable(), built_at: z.string().nullable() }),
        },
      },
      config: noLimit,
    },
    () => deps.version,
  )
}

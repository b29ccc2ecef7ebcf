import type { FastifyBaseLogger } from 'fastify'
import { isDatabaseUnavailable } from '../../lib/errors.js'

/** Background workers report that they are alive through this module. */
export { recordHeartbeat } from './jobs.queries.js'

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> }

/**
 * Runs each job on its interval, never two runs of one job at once. Durable work lives in tables
 * (the outbox), so a stopped process loses nothing: the next one picks the rows up.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<unknown>>()
  for (const job of jobs) {
    let busy = false
    const tick = () => {
      if (busy) return
      busy = true
      const p = job
        .run()
        .catch((err: unknown) => {
          // The next run after the database is back does the work; one short line per run until then.
          if (isDatabaseUnavailable(err))
            log.warn({ job: job.name, err: (err as Error).message }, 'job skipped: database unavailable')
          else log.error({ err, job: job.name }, 'job failed')
        })
        .finally(() => {
          busy = false
          running.delete(p)
        })
      running.add(p)
    }
    timers.push(setInterval(tick, job.everyMs))
    setImmediate(tick)
  }
  return {
    /** Stops scheduling and waits for runs in progress. */
    async stop() {
      for (const t of timers) clearInterval(t)
      await Promise.allSettled([...running])
    },
  }
}

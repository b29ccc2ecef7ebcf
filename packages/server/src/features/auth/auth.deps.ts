import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import type { GoogleVerifier } from './google.js'
import type { Sessions } from './sessions.service.js'

export type AuthDeps = {
  db: Db
  clock: Clock
  sessions: Sessions
  google: GoogleVerifier
  log: FastifyBaseLogger
  appBaseUrl: string
  publicApiUrl: string
  /** Whether a mail transport is set up (`SYSTEM_SMTP_URL`): without one, mail waits in the outbox and says so. */
  mailConfigured: boolean
}

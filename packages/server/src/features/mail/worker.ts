import type { Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.js'
import { addMinutes, type Clock } from '../../lib/clock.js'
import { recordHeartbeat } from '../system/jobs.js'
import { claimDueMails, markMailNotSent, markMailSent, type RunScope } from './outbox.queries.js'

export type { RunScope } from './outbox.queries.js'

/** Minutes to wait before retry 1…5 (contract §11.6). */
const RETRY_MINUTES = [1, 5, 30, 120, 360]
const BATCH = 20

export type MailWorkerDeps = {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  /** The system mailer; undefined keeps every mail queued in the outbox. */
  transport: Transporter | undefined
  from: string
}

/** SMTP 5xx and rejected recipients do not get better by waiting. */
function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string }
  if (typeof e.responseCode === 'number') return e.responseCode >= 500
  return e.code === 'EENVELOPE'
}

/**
 * Sends due outbox mail of every tenant (and the platform's own); safe to run in several processes at once (rows
 * are claimed with SKIP LOCKED). A scope narrows a pass to some tenants or recipients.
 */
export function createMailWorker({ db, clock, log, transport, from }: MailWorkerDeps) {
  let warned = false
  let lastBeat: Date | null = null

  async function heartbeat() {
    const now = clock.now()
    await recordHeartbeat(db, 'mail', now)
    lastBeat = now
  }

  function claim(scope: RunScope) {
    const now = clock.now()
    // A process that dies mid-send leaves the row to be picked up again later.
    return claimDueMails(db, now, addMinutes(now, 10), BATCH, scope)
  }

  /** One pass: returns how many mails were sent. A scope limits the pass to some tenants or recipients. */
  async function runOnce(scope: RunScope = {}): Promise<number> {
    await heartbeat()
    if (!transport) {
      if (!warned) {
        warned = true
        log.warn('SYSTEM_SMTP_URL is not set: outgoing mail is kept in the outbox until a mail server is configured')
      }
      return 0
    }
    const mails = await claim(scope)
    let sent = 0
    for (const m of mails) {
      try {
        await transport.sendMail({
          from: m.from_name ? { name: m.from_name, address: addressOf(from) } : from,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body ?? '',
          html: m.html_body ?? undefined,
          replyTo: m.reply_to ?? undefined,
        })
        // The bodies may hold single-use links: drop them once delivered.
        await markMailSent(db, m.id, clock.now())
        sent++
        log.info({ mailId: m.id, kind: m.kind }, 'mail sent')
      } catch (err) {
        const message = (err as Error).message.slice(0, 500)
        const retry = !isPermanent(err) && m.attempts <= RETRY_MINUTES.length
        await markMailNotSent(db, m.id, {
          retry,
          error: message,
          nextAttemptAt: addMinutes(clock.now(), RETRY_MINUTES[m.attempts - 1] ?? 0),
        })
        log.warn({ mailId: m.id, kind: m.kind, attempt: m.attempts, retry, err: message }, 'mail not sent')
      }
    }
    return sent
  }

  return {
    runOnce,
    /** When this worker last reached the database (readiness, contract §14). */
    lastBeatAt: () => lastBeat,
  }
}

export type MailWorker = ReturnType<typeof createMailWorker>

function addressOf(from: string): string {
  const m = /<([^>]+)>/.exec(from)
  return m?.[1] ?? from
}

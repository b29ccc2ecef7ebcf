import { sql } from 'kysely'
import type { Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.js'
import { addMinutes, type Clock } from '../../lib/clock.js'

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

/** Sends due outbox mail; safe to run in several processes at once (rows are claimed with SKIP LOCKED). */
export function createMailWorker({ db, clock, log, transport, from }: MailWorkerDeps) {
  let warned = false
  let lastBeat: Date | null = null

  async function heartbeat() {
    const now = clock.now()
    await db
      .insertInto('worker_heartbeats')
      .values({ name: 'mail', beat_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ beat_at: now }))
      .execute()
    lastBeat = now
  }

  async function claim(scope: RunScope) {
    const now = clock.now()
    let due = db
      .selectFrom('outbox_mail as m')
      .leftJoin('users as u', 'u.id', 'm.hold_for_user')
      .select('m.id')
      .where('m.status', 'in', ['queued', 'retrying', 'sending'])
      .where('m.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('m.hold_for_user', 'is', null), eb('u.email_verified', '=', true)]))
    if (scope.tenantIds) due = due.where('m.tenant_id', 'in', scope.tenantIds.length > 0 ? scope.tenantIds : [-1])
    if (scope.to)
      due = due.where('m.to_address', 'in', scope.to.length > 0 ? scope.to.map((a) => a.toLowerCase()) : [''])
    due = due.orderBy('m.id').limit(BATCH).forUpdate('m').skipLocked()
    return db
      .updateTable('outbox_mail')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        // A process that dies mid-send leaves the row to be picked up again later.
        next_attempt_at: addMinutes(now, 10),
      })
      .where('id', 'in', due)
      .returningAll()
      .execute()
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
        await db
          .updateTable('outbox_mail')
          .set({ status: 'sent', sent_at: clock.now(), last_error: null, text_body: null, html_body: null })
          .where('id', '=', m.id)
          .execute()
        sent++
        log.info({ mailId: m.id, kind: m.kind }, 'mail sent')
      } catch (err) {
        const message = (err as Error).message.slice(0, 500)
        const retry = !isPermanent(err) && m.attempts <= RETRY_MINUTES.length
        await db
          .updateTable('outbox_mail')
          .set({
            status: retry ? 'retrying' : 'failed',
            last_error: message,
            next_attempt_at: addMinutes(clock.now(), RETRY_MINUTES[m.attempts - 1] ?? 0),
          })
          .where('id', '=', m.id)
          .execute()
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

/** Limits a pass to some tenants' mail and/or some recipients (dedicated workers; tests sharing a database). */
export type RunScope = { tenantIds?: number[]; to?: string[] }

export type MailWorker = ReturnType<typeof createMailWorker>

function addressOf(from: string): string {
  const m = /<([^>]+)>/.exec(from)
  return m?.[1] ?? from
}

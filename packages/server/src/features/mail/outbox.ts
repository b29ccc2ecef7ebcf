import type { InvitationDelivery } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { deleteUnsentMail, insertOutboxMail, listMailStates } from './outbox.queries.js'

/** Per-address counting lives with the other outbox queries; callers importing it from here get the same function. */
export { countRecentMails } from './outbox.queries.js'

export type OutgoingMail = {
  kind: 'activation' | 'password_reset' | 'staff_invitation' | (string & {})
  to: string
  subject: string
  text: string
  html: string
  tenantId?: number | null
  replyTo?: string | null
  fromName?: string | null
  /** Hold the mail until this user's email address is confirmed (staff invitations, contract §2.5). */
  holdForUser?: number | null
  /** Now, by the app's clock: the mail is created and due at this time. */
  at: Date
}

/** Writes a mail to the durable outbox inside the caller's transaction; the mail worker sends it. */
export function enqueueMail(ex: Executor, mail: OutgoingMail): Promise<number> {
  return insertOutboxMail(ex, {
    tenant_id: mail.tenantId ?? null,
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    reply_to: mail.replyTo ?? null,
    from_name: mail.fromName ?? null,
    hold_for_user: mail.holdForUser ?? null,
    created_at: mail.at,
    next_attempt_at: mail.at,
  })
}

/** What became of a mail, as the person who caused it is told (contract §2.5 `delivery_status`). */
export type MailDelivery = { status: InvitationDelivery; error: string | null }

/**
 * The delivery of some of a tenant's mails, by id. Nothing counts as sent until a mail server accepted it; mail
 * waiting for a transport that is not configured says so, whatever else it waits for. Ids the outbox no longer
 * holds are absent from the map.
 */
export async function mailDeliveries(
  ex: Executor,
  tenantId: number,
  ids: number[],
  transportConfigured: boolean,
): Promise<Map<number, MailDelivery>> {
  const rows = await listMailStates(ex, tenantId, [...new Set(ids)])
  return new Map(
    rows.map((m): [number, MailDelivery] => {
      if (m.status === 'sent') return [m.id, { status: 'sent', error: null }]
      if (m.status === 'failed') return [m.id, { status: 'failed', error: m.last_error }]
      if (!transportConfigured) return [m.id, { status: 'not_configured', error: null }]
      if (m.hold_for_user !== null && m.email_verified !== true) return [m.id, { status: 'held', error: null }]
      // Queued, or retried after a transient failure (whose reason is worth showing), or being sent right now.
      return [m.id, { status: 'queued', error: m.last_error }]
    }),
  )
}

/**
 * Withdraws a tenant's mail that has not started going out, inside the caller's transaction: for a mail whose link
 * no longer works (replaced, used or revoked). A mail already sent, failed or in flight stays as it is.
 */
export function withdrawUnsentMail(ex: Executor, tenantId: number, mailId: number): Promise<boolean> {
  return deleteUnsentMail(ex, tenantId, mailId)
}

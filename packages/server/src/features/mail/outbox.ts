import type { Executor } from '../../db/database.js'
import { insertOutboxMail } from './outbox.queries.js'

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

import type { Invitation } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { mailDeliveries } from '../mail/outbox.js'
import { listInviters, type InvitationRow } from './invitations.queries.js'

/**
 * Invitations as admins see them: with the inviter, `expired` told apart by the clock, and what became of each
 * one's latest mail. Inside a transaction, pass it: a second connection would wait for it (PGlite has only one).
 */
export async function presentInvitations(
  ex: Executor,
  tenantId: number,
  rows: InvitationRow[],
  opts: { now: Date; mailConfigured: boolean },
): Promise<Invitation[]> {
  if (rows.length === 0) return []
  const mailIds = rows.flatMap((r) => (r.mail_id === null ? [] : [r.mail_id]))
  const inviters = await listInviters(ex, tenantId, [...new Set(rows.map((r) => r.invited_by))])
  const deliveries = await mailDeliveries(ex, tenantId, mailIds, opts.mailConfigured)
  const byId = new Map(inviters.map((u) => [u.id, u]))
  const now = opts.now.getTime()
  return rows.map((r) => {
    const u = byId.get(r.invited_by)
    const delivery = r.mail_id === null ? undefined : deliveries.get(r.mail_id)
    return {
      invitation_id: r.id,
      email: r.email,
      user_type: r.user_type,
      first_name: r.first_name,
      last_name: r.last_name,
      status: r.status === 'pending' && r.expires_at.getTime() <= now ? 'expired' : r.status,
      invited_by: {
        id: r.invited_by,
        username: u?.username ?? '',
        first_name: u?.first_name ?? '',
        last_name: u?.last_name ?? '',
        user_type: u?.user_type === 'admin' ? 'admin' : 'employee',
      },
      expires_at: isoRequired(r.expires_at),
      accepted_at: iso(r.accepted_at),
      created_at: isoRequired(r.created_at),
      delivery_status: delivery?.status ?? null,
      delivery_error: delivery?.error ?? null,
    }
  })
}

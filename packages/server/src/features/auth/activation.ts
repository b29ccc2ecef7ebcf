import type { Executor } from '../../db/database.js'
import { addHours } from '../../lib/clock.js'
import { hashToken, newLinkToken } from '../../lib/crypto.js'
import { enqueueMail } from '../mail/outbox.js'
import { activationMail } from '../mail/templates.js'
import { insertOneTimeToken } from './tokens.queries.js'

/** Creates a 48-hour activation link and queues its mail in the caller's transaction. */
export async function queueActivation(
  ex: Executor,
  user: { id: number; email: string; first_name: string; tenant_id: number | null },
  opts: { now: Date; publicApiUrl: string },
) {
  const token = newLinkToken()
  await insertOneTimeToken(ex, {
    kind: 'activation',
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: addHours(opts.now, 48),
  })
  const url = `${opts.publicApiUrl}/api/auth/activate_user/?token=${encodeURIComponent(token)}`
  await enqueueMail(ex, {
    kind: 'activation',
    to: user.email,
    tenantId: user.tenant_id,
    at: opts.now,
    ...activationMail(user.first_name, url),
  })
}

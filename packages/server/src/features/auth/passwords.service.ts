import { Texts } from '@proxima/contracts'
import { addHours, addMinutes } from '../../lib/clock.js'
import { hashPassword, hashToken, newLinkToken, verifyPassword } from '../../lib/crypto.js'
import { AppError, fieldError } from '../../lib/errors.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { countRecentMails, enqueueMail } from '../mail/outbox.js'
import { passwordResetMail } from '../mail/templates.js'
import type { AuthDeps } from './auth.deps.js'
import { assertNewPassword, ownAccountOf } from './account-rules.js'
import {
  findAccountByEmail,
  findCredentials,
  markEmailVerified,
  resetPasswordOf,
  updateOwnPassword,
} from './accounts.queries.js'
import { queueActivation } from './activation.js'
import {
  consumeOneTimeToken,
  expireOneTimeTokens,
  findActivationLink,
  findResetLinkAccount,
  insertOneTimeToken,
} from './tokens.queries.js'

/** Account mails per address per hour; the excess is dropped silently so replies reveal nothing. */
const MAILS_PER_HOUR = 3

export type PasswordDeps = Pick<
  AuthDeps,
  'db' | 'clock' | 'sessions' | 'log' | 'appBaseUrl' | 'publicApiUrl' | 'mailConfigured'
>

/** Password change, forgotten-password reset and email activation. */
export function createPasswordService(deps: PasswordDeps) {
  const { db, clock, sessions } = deps

  async function changePassword(
    actor: StaffActor | ClientActor,
    input: { old_password: string; new_password: string; confirm_password: string },
  ) {
    const own = ownAccountOf(actor)
    const user = await findCredentials(db, own)
    if (!user) throw new AppError(401, 'auth.token_revoked', 'Your session has ended. Sign in again.')
    if (!(await verifyPassword(input.old_password, user.password_hash))) {
      throw new AppError(400, 'auth.wrong_password', Texts.wrongPassword, {
        errors: { old_password: [Texts.wrongPassword] },
      })
    }
    if (input.new_password === input.old_password) {
      throw fieldError('new_password', 'The new password must differ from the current one.')
    }
    assertNewPassword(input.new_password, input.confirm_password, user, 'new_password')
    const hash = await hashPassword(input.new_password)
    await db.transaction().execute(async (trx) => {
      await updateOwnPassword(trx, own, hash, clock.now())
      await sessions.revokeAllForUser(trx, user.id, actor.tokenId)
    })
    return { message: Texts.passwordChanged }
  }

  async function forgotPassword(email: string) {
    const user = await findAccountByEmail(db, email)
    const now = clock.now()
    if (user && user.is_active) {
      const recent = await countRecentMails(db, user.email, ['password_reset'], addHours(now, -1))
      if (recent < MAILS_PER_HOUR) {
        const token = newLinkToken()
        await db.transaction().execute(async (trx) => {
          await expireOneTimeTokens(trx, 'reset', user.id, now)
          await insertOneTimeToken(trx, {
            kind: 'reset',
            user_id: user.id,
            token_hash: hashToken(token),
            expires_at: addMinutes(now, 60),
          })
          const url = `${deps.appBaseUrl}/auth/reset-password/new-password?token=${encodeURIComponent(token)}`
          await enqueueMail(trx, {
            kind: 'password_reset',
            to: user.email,
            tenantId: user.tenant_id,
            at: now,
            ...passwordResetMail(user.first_name, url),
          })
        })
      } else {
        deps.log.info({ userId: user.id }, 'password reset mail limit reached; request dropped')
      }
    }
    // Without a mail transport the mail waits in the outbox: the reply must not claim it was sent.
    return { message: deps.mailConfigured ? Texts.forgotPassword : Texts.forgotPasswordNoMail }
  }

  async function resetPassword(input: { token: string; new_password: string; confirm_password: string }) {
    const now = clock.now()
    const tokenHash = hashToken(input.token)
    const live = await findResetLinkAccount(db, tokenHash, now)
    if (!live) throw new AppError(400, 'auth.reset_token_invalid', Texts.resetTokenInvalid)
    // Shape and confirmation problems leave the link usable for another try.
    assertNewPassword(input.new_password, input.confirm_password, live, 'new_password')
    const hash = await hashPassword(input.new_password)
    await db.transaction().execute(async (trx) => {
      const used = await consumeOneTimeToken(trx, 'reset', tokenHash, now)
      if (!used) throw new AppError(400, 'auth.reset_token_invalid', Texts.resetTokenInvalid)
      await resetPasswordOf(trx, used.user_id, hash, now)
      await sessions.revokeAllForUser(trx, used.user_id)
    })
    return { error: false as const, message: Texts.passwordReset }
  }

  /** Confirms the address; a link that was already used for an already confirmed account still succeeds. */
  async function activate(token: string) {
    const now = clock.now()
    const tokenHash = hashToken(token)
    const row = await findActivationLink(db, tokenHash)
    if (!row) throw new AppError(400, 'auth.activation_token_invalid', Texts.activationTokenInvalid)
    if (row.used_at && row.email_verified) return { error: false as const, message: Texts.emailConfirmed }
    if (row.used_at || row.expires_at.getTime() <= now.getTime()) {
      throw new AppError(400, 'auth.activation_token_invalid', Texts.activationTokenInvalid)
    }
    await db.transaction().execute(async (trx) => {
      await consumeOneTimeToken(trx, 'activation', tokenHash, now)
      await markEmailVerified(trx, row.id, now)
    })
    return { error: false as const, message: Texts.emailConfirmed }
  }

  async function resendActivation(email: string) {
    const user = await findAccountByEmail(db, email)
    const now = clock.now()
    if (user && !user.email_verified && user.is_active) {
      const recent = await countRecentMails(db, user.email, ['activation'], addHours(now, -1))
      if (recent < MAILS_PER_HOUR) {
        await db.transaction().execute(async (trx) => {
          await expireOneTimeTokens(trx, 'activation', user.id, now)
          await queueActivation(trx, user, { now, publicApiUrl: deps.publicApiUrl })
        })
      }
    }
    return {
      error: false as const,
      message: deps.mailConfigured ? Texts.resendActivation : Texts.resendActivationNoMail,
    }
  }

  return { changePassword, forgotPassword, resetPassword, activate, resendActivation }
}

export type PasswordService = ReturnType<typeof createPasswordService>

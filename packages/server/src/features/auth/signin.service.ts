import type { ClientSession, StaffSession } from '@proxima/contracts'
import { Texts } from '@proxima/contracts'
import { addMinutes, addSeconds, isoRequired } from '../../lib/clock.js'
import { hashToken, newLinkToken, verifyPassword } from '../../lib/crypto.js'
import { AppError } from '../../lib/errors.js'
import type { Actor } from '../../http/actor.js'
import type { AuthDeps } from './auth.deps.js'
import {
  findAccountByEmail,
  findAccountByGoogleSub,
  findAccountById,
  findCredentials,
  linkGoogleAccount,
  recordFailedSignin,
  recordSignin,
  type AccountRow,
  type CredentialsRow,
} from './accounts.queries.js'
import { findTenant } from './auth.queries.js'
import { clientSession, staffSession } from './sessions.presenter.js'
import { consumeOneTimeToken, insertOneTimeToken } from './tokens.queries.js'

const LOCK_AFTER = 5
const LOCK_WINDOW_MIN = 15
const HANDOFF_SECONDS = 120

type Audience = 'dashboard' | 'mobile' | undefined

const invalidCredentials = () => new AppError(401, 'auth.invalid_credentials', Texts.invalidCredentials)
const notStaff = () => new AppError(403, 'auth.not_staff', Texts.notStaff)

export type SigninDeps = Pick<AuthDeps, 'db' | 'clock' | 'sessions' | 'google'>

/** Email/password and Google sign-in, sign-out, the session check and the Google hand-off. */
export function createSigninService({ db, clock, sessions, google }: SigninDeps) {
  async function recordFailure(user: CredentialsRow) {
    const now = clock.now()
    const windowOpen = user.first_failed_at && now.getTime() - user.first_failed_at.getTime() < LOCK_WINDOW_MIN * 60_000
    const failures = windowOpen ? user.failed_signins + 1 : 1
    await recordFailedSignin(db, user.id, {
      failures,
      firstFailedAt: windowOpen ? user.first_failed_at! : now,
      lockedUntil: failures >= LOCK_AFTER ? addMinutes(now, LOCK_WINDOW_MIN) : null,
    })
  }

  /** Who may get a session for this audience; returns the staff member's tenant (null for a customer). */
  async function assertMaySignIn(user: AccountRow, audience: Audience) {
    if (!user.is_active) throw new AppError(403, 'auth.account_disabled', Texts.accountDisabled)
    if (user.user_type === 'client') {
      if (audience === 'dashboard') throw notStaff()
      return null
    }
    const tenant = await findTenant(db, user.tenant_id!)
    if (!tenant) throw invalidCredentials()
    if (tenant.status === 'suspended') throw new AppError(403, 'tenant.suspended', Texts.tenantSuspended)
    return tenant
  }

  /** Account checks shared by password and Google sign-in, then a new session. */
  async function openSession(user: AccountRow, audience: Audience): Promise<StaffSession | ClientSession> {
    const tenant = await assertMaySignIn(user, audience)
    if (!tenant) {
      const { token, expiresAt } = await sessions.issueForUser(db, user)
      await recordSignin(db, user.id, clock.now(), { clearLock: false })
      return clientSession(user, token, expiresAt)
    }
    return db.transaction().execute(async (trx) => {
      const { token, expiresAt } = await sessions.issueForUser(trx, user)
      await recordSignin(trx, user.id, clock.now(), { clearLock: true })
      return staffSession(user, tenant, token, expiresAt)
    })
  }

  async function signin(input: { email: string; password: string; audience?: Audience }) {
    const user = await findCredentials(db, { email: input.email })
    if (user?.locked_until && user.locked_until.getTime() > clock.now().getTime()) {
      throw new AppError(429, 'auth.locked', Texts.locked, {
        headers: { 'Retry-After': String(Math.ceil((user.locked_until.getTime() - clock.now().getTime()) / 1000)) },
      })
    }
    // The hash check runs even for unknown emails so timing does not reveal accounts.
    const ok = await verifyPassword(input.password, user?.password_hash)
    if (!user || !ok) {
      if (user) await recordFailure(user)
      throw invalidCredentials()
    }
    return openSession(user, input.audience)
  }

  async function findGoogleAccount(credential: string) {
    if (!google.configured) throw new AppError(503, 'auth.google_unavailable', Texts.googleUnavailable)
    const identity = await google.verify(credential)
    if (!identity) throw new AppError(401, 'auth.google_token_invalid', Texts.googleTokenInvalid)
    let user = await findAccountByGoogleSub(db, identity.sub)
    if (!user) {
      user = await findAccountByEmail(db, identity.email)
      if (!user || (user.google_sub && user.google_sub !== identity.sub)) {
        throw new AppError(401, 'auth.google_no_account', Texts.googleNoAccount)
      }
    }
    // Google vouches for the address: link the subject, confirm the email, fill an empty photo.
    return linkGoogleAccount(db, user.id, {
      sub: identity.sub,
      profilePhoto: user.profile_photo ?? identity.picture,
      now: clock.now(),
    })
  }

  async function googleSignin(input: { credential: string; audience?: Audience }) {
    const user = await findGoogleAccount(input.credential)
    return openSession(user, input.audience)
  }

  /** Redirect mode: checks the credential as a dashboard sign-in and leaves a single-use hand-off. */
  async function googleRedirect(credential: string): Promise<string> {
    const user = await findGoogleAccount(credential)
    // Refused accounts learn why on the sign-in page instead of landing on the dashboard without a session.
    await assertMaySignIn(user, 'dashboard')
    const value = newLinkToken()
    await insertOneTimeToken(db, {
      kind: 'handoff',
      user_id: user.id,
      token_hash: hashToken(value),
      expires_at: addSeconds(clock.now(), HANDOFF_SECONDS),
    })
    return value
  }

  /** Consumes a hand-off cookie value and opens the staff session it stands for (once). */
  async function consumeHandoff(value: string): Promise<StaffSession | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(value)) return null
    const used = await consumeOneTimeToken(db, 'handoff', hashToken(value), clock.now())
    if (!used) return null
    const user = await findAccountById(db, used.user_id)
    if (!user || user.user_type === 'client') return null
    try {
      return (await openSession(user, 'dashboard')) as StaffSession
    } catch {
      return null
    }
  }

  async function logout(actor: Actor, all: boolean) {
    if (all && actor.kind !== 'visitor') await sessions.revokeAllForUser(db, actor.userId)
    else await sessions.revoke(actor.tokenId)
  }

  /** The seed's session check: 200 "Token is valid" or 401 "Token has expired" with the reason as code. */
  async function checkToken(token: string | undefined) {
    if (!token) return { status: 401 as const, body: { message: Texts.tokenExpired, code: 'auth.token_missing' } }
    const r = await sessions.resolve(token)
    if (r.status !== 'ok')
      return { status: 401 as const, body: { message: Texts.tokenExpired, code: `auth.token_${r.status}` } }
    return {
      status: 200 as const,
      body: { message: Texts.tokenValid, expires_at: isoRequired(r.expiresAt), user_type: r.userType },
    }
  }

  return { signin, googleSignin, googleRedirect, consumeHandoff, logout, checkToken }
}

export type SigninService = ReturnType<typeof createSigninService>

import type { AcceptInvitationRequest, Invitation, InvitationRequest } from '@proxima/contracts'
import { Texts, planById } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { addDays, isoRequired } from '../../lib/clock.js'
import { hashPassword, hashToken, newLinkToken } from '../../lib/crypto.js'
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { fullName } from '../../lib/names.js'
import { page } from '../../lib/pagination.js'
import type { StaffActor } from '../../http/actor.js'
import { enqueueMail, withdrawUnsentMail } from '../mail/outbox.js'
import { invitationMail } from '../mail/templates.js'
import type { AuthDeps } from './auth.deps.js'
import { assertNewPassword, dobProblem, duplicateUserError, throwIfAny } from './account-rules.js'
import { findAccountByEmail, insertAccount, takenIdentifiers } from './accounts.queries.js'
import { findTenant, lockTenant } from './auth.queries.js'
import {
  claimInvitation,
  findInvitationState,
  findLiveInvitationByTokenHash,
  findPendingInvitationOf,
  insertInvitation,
  listInvitations,
  listInviters,
  renewInvitation,
  revokeInvitation,
  seatsInUse,
  setInvitationMail,
  type InvitationRow,
} from './invitations.queries.js'
import { presentInvitations } from './invitations.presenter.js'
import { staffSession } from './sessions.presenter.js'

/** Seat counting lives with the invitation queries; staff and tenants import it from here. */
export { seatsInUse } from './invitations.queries.js'

const VALID_DAYS = 7
const invalid = () => new AppError(400, 'auth.invitation_invalid', Texts.invitationInvalid)
const closed = () => conflict('staff.invitation_closed', 'This invitation was already accepted or revoked.')
const emailInUse = () => conflict('auth.email_in_use', 'This email is already used by another account.')

const limitReached = (max: number) =>
  new AppError(403, 'plan.limit_reached', `Your plan allows at most ${max} agents.`, {
    errors: { limit: ['max_agents'] },
  })

export type InvitationDeps = Pick<AuthDeps, 'db' | 'clock' | 'sessions' | 'google' | 'appBaseUrl' | 'mailConfigured'>

/** Staff invitations: only admins invite; accepting one is the only way (besides onboarding) to become staff. */
export function createInvitationService({ db, clock, sessions, google, appBaseUrl, mailConfigured }: InvitationDeps) {
  const present = (tenantId: number, rows: InvitationRow[], ex: Executor = db) =>
    presentInvitations(ex, tenantId, rows, { now: clock.now(), mailConfigured })

  /** The acceptance page of the dashboard; the token never reaches a log (the logger redacts `token=`). */
  const inviteUrl = (token: string) => `${appBaseUrl}/auth/invitation?token=${encodeURIComponent(token)}`

  /**
   * Queues the mail of the invitation's current link and records it as the invitation's latest mail; the previous
   * one, if it has not started going out, is withdrawn (its link no longer works).
   */
  async function queueInvitationMail(ex: Executor, actor: StaffActor, inv: InvitationRow, url: string) {
    const tenant = (await findTenant(ex, actor.tenantId))!
    const [inviter] = await listInviters(ex, actor.tenantId, [actor.userId])
    if (!inviter) throw notFound()
    if (inv.mail_id !== null) await withdrawUnsentMail(ex, actor.tenantId, inv.mail_id)
    const mailId = await enqueueMail(ex, {
      kind: 'staff_invitation',
      to: inv.email,
      tenantId: actor.tenantId,
      fromName: `${tenant.name} via Proxima`,
      replyTo: tenant.email,
      // Mail from an admin whose own address is unconfirmed waits until they confirm it.
      holdForUser: inviter.email_verified ? null : actor.userId,
      at: clock.now(),
      ...invitationMail({
        tenantName: tenant.name,
        inviterName: fullName(inviter),
        role: inv.user_type,
        url,
        message: inv.message,
      }),
    })
    await setInvitationMail(ex, actor.tenantId, inv.id, mailId)
    return { ...inv, mail_id: mailId }
  }

  /** The reply to the admin who made or renewed the link: the invitation, what became of its mail, and the link. */
  async function withLink(ex: Executor, actor: StaffActor, inv: InvitationRow, url: string): Promise<Invitation> {
    const [presented] = await present(actor.tenantId, [inv], ex)
    return { ...presented!, invite_url: url }
  }

  async function invite(actor: StaffActor, input: InvitationRequest) {
    const now = clock.now()
    const existing = await findAccountByEmail(db, input.email)
    if (existing?.tenant_id === actor.tenantId) {
      throw conflict('staff.already_member', 'This email already belongs to a member of your organization.')
    }
    if (existing) throw emailInUse()
    return db.transaction().execute(async (trx) => {
      // Serialise invitations per tenant so two at once cannot both take the last seat.
      const tenant = (await lockTenant(trx, actor.tenantId))!
      if (await findPendingInvitationOf(trx, actor.tenantId, input.email)) {
        throw conflict('staff.invitation_pending', 'This person already has a pending invitation. Resend it instead.')
      }
      const max = planById(tenant.plan).limits.max_agents
      const seats = await seatsInUse(trx, actor.tenantId, now)
      if (seats.staff + seats.pending >= max) throw limitReached(max)
      const token = newLinkToken()
      const inv = await insertInvitation(trx, actor.tenantId, {
        email: input.email,
        user_type: input.user_type,
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        message: input.message ?? null,
        token_hash: hashToken(token),
        invited_by: actor.userId,
        expires_at: addDays(now, VALID_DAYS),
        now,
      })
      const url = inviteUrl(token)
      return withLink(trx, actor, await queueInvitationMail(trx, actor, inv, url), url)
    })
  }

  async function findLive(token: string) {
    const inv = await findLiveInvitationByTokenHash(db, hashToken(token), clock.now())
    if (!inv) throw invalid()
    const tenant = await findTenant(db, inv.tenant_id)
    if (!tenant || tenant.status !== 'active') throw invalid()
    return { inv, tenant }
  }

  async function preview(token: string) {
    const { inv, tenant } = await findLive(token)
    const [inviter] = await listInviters(db, inv.tenant_id, [inv.invited_by])
    return {
      email: inv.email,
      user_type: inv.user_type,
      tenant_name: tenant.name,
      invited_by_name: inviter ? fullName(inviter) : tenant.name,
      expires_at: isoRequired(inv.expires_at),
    }
  }

  /** The new account's names and credential: a verified Google identity of the invited address, or a password. */
  async function accountFields(inv: InvitationRow, input: AcceptInvitationRequest) {
    if (input.google_credential) {
      if (!google.configured) throw new AppError(503, 'auth.google_unavailable', Texts.googleUnavailable)
      const identity = await google.verify(input.google_credential)
      if (!identity) throw new AppError(401, 'auth.google_token_invalid', Texts.googleTokenInvalid)
      if (identity.email !== inv.email.toLowerCase()) {
        throw new AppError(
          400,
          'auth.google_email_mismatch',
          'Sign in with the Google account of the invited email address.',
        )
      }
      const [first, ...rest] = (identity.name ?? inv.email.split('@')[0] ?? 'User').split(' ')
      return {
        username:
          input.username ?? `${inv.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '')}-${inv.id}`.slice(0, 150),
        first_name: input.first_name ?? inv.first_name ?? first ?? 'User',
        last_name: input.last_name ?? inv.last_name ?? (rest.join(' ') || '-'),
        password_hash: null,
        google_sub: identity.sub,
      }
    }
    const missing: Record<string, string[]> = {}
    if (!input.username) missing.username = ['Username is required.']
    if (!input.first_name) missing.first_name = ['First name is required.']
    if (!input.last_name) missing.last_name = ['Last name is required.']
    if (!input.password) missing.password = ['Password is required.']
    throwIfAny(missing)
    assertNewPassword(input.password!, input.confirm_password ?? '', { username: input.username, email: inv.email })
    return {
      username: input.username!,
      first_name: input.first_name!,
      last_name: input.last_name!,
      password_hash: await hashPassword(input.password!),
      google_sub: null,
    }
  }

  async function accept(input: AcceptInvitationRequest) {
    const { inv, tenant } = await findLive(input.token)
    const now = clock.now()
    const account = await accountFields(inv, input)
    const dob = dobProblem(input.DOB, now)
    throwIfAny(dob ? { DOB: [dob] } : {})
    const taken = await takenIdentifiers(db, account.username, inv.email)
    if (taken.email) throw emailInUse()
    const dup = duplicateUserError(taken)
    if (dup) throw dup

    try {
      return await db.transaction().execute(async (trx) => {
        await lockTenant(trx, tenant.id)
        if (!(await claimInvitation(trx, tenant.id, inv.id, now))) throw invalid()
        // A link handed on by hand was used: the mail with the same link must not arrive later.
        if (inv.mail_id !== null) await withdrawUnsentMail(trx, tenant.id, inv.mail_id)
        const max = planById(tenant.plan).limits.max_agents
        const seats = await seatsInUse(trx, tenant.id, now, inv.id)
        if (seats.staff + 1 > max) throw limitReached(max)
        const user = await insertAccount(trx, {
          tenant_id: tenant.id,
          user_type: inv.user_type,
          email: inv.email,
          email_verified: true,
          phonenumber: input.phonenumber ?? null,
          gender: input.gender ?? null,
          dob: input.DOB ?? null,
          ...account,
        })
        const { token, expiresAt } = await sessions.issueForUser(trx, user)
        return staffSession(user, tenant, token, expiresAt)
      })
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_key')) throw duplicateUserError({ username: true, email: false })!
      if (isUniqueViolation(err, 'users_email_key')) throw emailInUse()
      throw err
    }
  }

  async function list(actor: StaffActor, q: { status?: string | undefined; limit: number; offset: number }) {
    const { total, rows } = await listInvitations(db, actor.tenantId, q, clock.now())
    return page(await present(actor.tenantId, rows), { limit: q.limit, offset: q.offset, total })
  }

  /** A new link and a new week; the old link dies. An expired invitation takes a seat again, so the limit applies. */
  async function resend(actor: StaffActor, id: number) {
    const now = clock.now()
    return db.transaction().execute(async (trx) => {
      const tenant = (await lockTenant(trx, actor.tenantId))!
      const current = await findInvitationState(trx, actor.tenantId, id)
      if (current?.status === 'pending' && current.expires_at.getTime() <= now.getTime()) {
        const max = planById(tenant.plan).limits.max_agents
        const seats = await seatsInUse(trx, actor.tenantId, now, id)
        if (seats.staff + seats.pending >= max) throw limitReached(max)
      }
      const token = newLinkToken()
      const inv = await renewInvitation(trx, actor.tenantId, id, {
        tokenHash: hashToken(token),
        expiresAt: addDays(now, VALID_DAYS),
        now,
      })
      if (!inv) {
        if (!current) throw notFound()
        throw closed()
      }
      const url = inviteUrl(token)
      return withLink(trx, actor, await queueInvitationMail(trx, actor, inv, url), url)
    })
  }

  async function revoke(actor: StaffActor, id: number) {
    const revoked = await db.transaction().execute(async (trx) => {
      const row = await revokeInvitation(trx, actor.tenantId, id, clock.now())
      if (row && row.mail_id !== null) await withdrawUnsentMail(trx, actor.tenantId, row.mail_id)
      return row !== undefined
    })
    if (revoked) return
    if (!(await findInvitationState(db, actor.tenantId, id))) throw notFound()
    throw closed()
  }

  return { invite, preview, accept, list, resend, revoke }
}

export type InvitationService = ReturnType<typeof createInvitationService>

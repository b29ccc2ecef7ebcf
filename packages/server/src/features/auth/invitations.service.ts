import type { AcceptInvitationRequest, Invitation, InvitationRequest } from '@proxima/contracts'
import { Texts, planById } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { InvitationRow } from '../../db/schema.js'
import { addDays, iso, isoRequired } from '../../lib/clock.js'
import { hashPassword, hashToken, newLinkToken } from '../../lib/crypto.js'
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { StaffActor } from '../../http/actor.js'
import { enqueueMail } from '../mail/outbox.js'
import { invitationMail } from '../mail/templates.js'
import type { AuthDeps } from './auth.deps.js'
import { assertNewPassword, dobProblem, duplicateUserError, throwIfAny } from './account-rules.js'
import { findTenantById, findUserByEmail, takenIdentifiers } from './auth.queries.js'
import { staffSession } from './sessions.service.js'

const VALID_DAYS = 7
const invalid = () => new AppError(400, 'auth.invitation_invalid', Texts.invitationInvalid)

/** Seats in use: active staff plus live pending invitations (contract §3.3). */
export async function seatsInUse(ex: Executor, tenantId: number, now: Date, exceptInvitation?: number) {
  const staff = await ex
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  let q = ex
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
  if (exceptInvitation !== undefined) q = q.where('id', '<>', exceptInvitation)
  const pending = await q.executeTakeFirstOrThrow()
  return { staff: Number(staff.n), pending: Number(pending.n) }
}

const limitReached = (max: number) =>
  new AppError(403, 'plan.limit_reached', `Your plan allows at most ${max} agents.`, {
    errors: { limit: ['max_agents'] },
  })

/** Staff invitations: only admins invite; accepting one is the only way (besides onboarding) to become staff. */
export function createInvitationService(deps: AuthDeps) {
  const { db, clock, sessions } = deps

  /** Inside a transaction, pass it: a second connection would wait for it (PGlite has only one). */
  async function present(rows: InvitationRow[], ex: Executor = db): Promise<Invitation[]> {
    if (rows.length === 0) return []
    const inviters = await ex
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'user_type'])
      .where('id', 'in', [...new Set(rows.map((r) => r.invited_by))])
      .execute()
    const byId = new Map(inviters.map((u) => [u.id, u]))
    const now = clock.now().getTime()
    return rows.map((r) => {
      const u = byId.get(r.invited_by)
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
      }
    })
  }

  async function queueInvitationMail(ex: Executor, actor: StaffActor, inv: InvitationRow, token: string) {
    const tenant = (await findTenantById(ex, actor.tenantId))!
    const inviter = await ex
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email_verified'])
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow()
    const url = `${deps.appBaseUrl}/auth/invitation?token=${encodeURIComponent(token)}`
    await enqueueMail(ex, {
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
        inviterName: `${inviter.first_name} ${inviter.last_name}`.trim(),
        role: inv.user_type,
        url,
        message: inv.message,
      }),
    })
  }

  async function invite(actor: StaffActor, input: InvitationRequest) {
    const now = clock.now()
    const existing = await findUserByEmail(db, input.email)
    if (existing?.tenant_id === actor.tenantId) {
      throw conflict('staff.already_member', 'This email already belongs to a member of your organization.')
    }
    if (existing) throw conflict('auth.email_in_use', 'This email is already used by another account.')
    return db.transaction().execute(async (trx) => {
      // Serialise invitations per tenant so two at once cannot both take the last seat.
      const tenant = await trx
        .selectFrom('tenants')
        .select(['id', 'plan'])
        .where('id', '=', actor.tenantId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const pending = await trx
        .selectFrom('invitations')
        .select('id')
        .where('tenant_id', '=', actor.tenantId)
        .where(sql`lower(email)`, '=', input.email)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (pending) {
        throw conflict('staff.invitation_pending', 'This person already has a pending invitation. Resend it instead.')
      }
      const max = planById(tenant.plan).limits.max_agents
      const seats = await seatsInUse(trx, actor.tenantId, now)
      if (seats.staff + seats.pending >= max) throw limitReached(max)
      const token = newLinkToken()
      const inv = await trx
        .insertInto('invitations')
        .values({
          tenant_id: actor.tenantId,
          email: input.email,
          user_type: input.user_type,
          first_name: input.first_name ?? null,
          last_name: input.last_name ?? null,
          message: input.message ?? null,
          token_hash: hashToken(token),
          invited_by: actor.userId,
          expires_at: addDays(now, VALID_DAYS),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await queueInvitationMail(trx, actor, inv, token)
      return (await present([inv], trx))[0]!
    })
  }

  async function findLive(token: string) {
    const inv = await db
      .selectFrom('invitations')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('status', '=', 'pending')
      .where('expires_at', '>', clock.now())
      .executeTakeFirst()
    if (!inv) throw invalid()
    const tenant = await findTenantById(db, inv.tenant_id)
    if (!tenant || tenant.status !== 'active') throw invalid()
    return { inv, tenant }
  }

  async function preview(token: string) {
    const { inv, tenant } = await findLive(token)
    const inviter = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', inv.invited_by)
      .executeTakeFirst()
    return {
      email: inv.email,
      user_type: inv.user_type,
      tenant_name: tenant.name,
      invited_by_name: inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() : tenant.name,
      expires_at: isoRequired(inv.expires_at),
    }
  }

  async function accept(input: AcceptInvitationRequest) {
    const { inv, tenant } = await findLive(input.token)
    const now = clock.now()
    let account: {
      username: string
      first_name: string
      last_name: string
      password_hash: string | null
      google_sub: string | null
    }
    if (input.google_credential) {
      if (!deps.google.configured) throw new AppError(503, 'auth.google_unavailable', Texts.googleUnavailable)
      const identity = await deps.google.verify(input.google_credential)
      if (!identity) throw new AppError(401, 'auth.google_token_invalid', Texts.googleTokenInvalid)
      if (identity.email !== inv.email.toLowerCase()) {
        throw new AppError(
          400,
          'auth.google_email_mismatch',
          'Sign in with the Google account of the invited email address.',
        )
      }
      const [first, ...rest] = (identity.name ?? inv.email.split('@')[0] ?? 'User').split(' ')
      account = {
        username:
          input.username ?? `${inv.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '')}-${inv.id}`.slice(0, 150),
        first_name: input.first_name ?? inv.first_name ?? first ?? 'User',
        last_name: input.last_name ?? inv.last_name ?? (rest.join(' ') || '-'),
        password_hash: null,
        google_sub: identity.sub,
      }
    } else {
      const missing: Record<string, string[]> = {}
      if (!input.username) missing.username = ['Username is required.']
      if (!input.first_name) missing.first_name = ['First name is required.']
      if (!input.last_name) missing.last_name = ['Last name is required.']
      if (!input.password) missing.password = ['Password is required.']
      throwIfAny(missing)
      assertNewPassword(input.password!, input.confirm_password ?? '', { username: input.username, email: inv.email })
      account = {
        username: input.username!,
        first_name: input.first_name!,
        last_name: input.last_name!,
        password_hash: await hashPassword(input.password!),
        google_sub: null,
      }
    }
    const dob = dobProblem(input.DOB, now)
    throwIfAny(dob ? { DOB: [dob] } : {})
    const taken = await takenIdentifiers(db, account.username, inv.email)
    if (taken.email) throw conflict('auth.email_in_use', 'This email is already used by another account.')
    const dup = duplicateUserError(taken)
    if (dup) throw dup

    try {
      return await db.transaction().execute(async (trx) => {
        await trx.selectFrom('tenants').select('id').where('id', '=', tenant.id).forUpdate().execute()
        const claimed = await trx
          .updateTable('invitations')
          .set({ status: 'accepted', accepted_at: now, updated_at: now })
          .where('id', '=', inv.id)
          .where('status', '=', 'pending')
          .returning('id')
          .executeTakeFirst()
        if (!claimed) throw invalid()
        const max = planById(tenant.plan).limits.max_agents
        const seats = await seatsInUse(trx, tenant.id, now, inv.id)
        if (seats.staff + 1 > max) throw limitReached(max)
        const user = await trx
          .insertInto('users')
          .values({
            tenant_id: tenant.id,
            user_type: inv.user_type,
            email: inv.email,
            email_verified: true,
            phonenumber: input.phonenumber ?? null,
            gender: input.gender ?? null,
            dob: input.DOB ?? null,
            ...account,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        const { token, expiresAt } = await sessions.issueForUser(trx, user)
        return staffSession(user, tenant, token, expiresAt)
      })
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_key')) throw duplicateUserError({ username: true, email: false })!
      if (isUniqueViolation(err, 'users_email_key'))
        throw conflict('auth.email_in_use', 'This email is already used by another account.')
      throw err
    }
  }

  async function list(actor: StaffActor, q: { status?: string | undefined; limit: number; offset: number }) {
    const now = clock.now()
    let base = db.selectFrom('invitations').where('tenant_id', '=', actor.tenantId)
    if (q.status === 'expired') base = base.where('status', '=', 'pending').where('expires_at', '<=', now)
    else if (q.status === 'pending') base = base.where('status', '=', 'pending').where('expires_at', '>', now)
    else if (q.status) base = base.where('status', '=', q.status as 'accepted' | 'revoked')
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
    ])
    return page(await present(rows), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  /** A new link and a new week; the old link dies. An expired invitation takes a seat again, so the limit applies. */
  async function resend(actor: StaffActor, id: number) {
    const now = clock.now()
    return db.transaction().execute(async (trx) => {
      const tenant = await trx
        .selectFrom('tenants')
        .select(['id', 'plan'])
        .where('id', '=', actor.tenantId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const current = await trx
        .selectFrom('invitations')
        .select(['status', 'expires_at'])
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .executeTakeFirst()
      if (current?.status === 'pending' && current.expires_at.getTime() <= now.getTime()) {
        const max = planById(tenant.plan).limits.max_agents
        const seats = await seatsInUse(trx, actor.tenantId, now, id)
        if (seats.staff + seats.pending >= max) throw limitReached(max)
      }
      const token = newLinkToken()
      const inv = await trx
        .updateTable('invitations')
        .set({ token_hash: hashToken(token), expires_at: addDays(now, VALID_DAYS), updated_at: now })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst()
      if (!inv) {
        const exists = await trx
          .selectFrom('invitations')
          .select('id')
          .where('tenant_id', '=', actor.tenantId)
          .where('id', '=', id)
          .executeTakeFirst()
        if (!exists) throw notFound()
        throw conflict('staff.invitation_closed', 'This invitation was already accepted or revoked.')
      }
      await queueInvitationMail(trx, actor, inv, token)
      return (await present([inv], trx))[0]!
    })
  }

  async function revoke(actor: StaffActor, id: number) {
    const row = await db
      .updateTable('invitations')
      .set({ status: 'revoked', updated_at: clock.now() })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst()
    if (row) return
    const exists = await db
      .selectFrom('invitations')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!exists) throw notFound()
    throw conflict('staff.invitation_closed', 'This invitation was already accepted or revoked.')
  }

  return { invite, preview, accept, list, resend, revoke }
}

export type InvitationService = ReturnType<typeof createInvitationService>

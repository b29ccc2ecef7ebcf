import type { AdminRegistration, ClientRegistration } from '@proxima/contracts'
import { Texts, planById } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { addDays } from '../../lib/clock.js'
import { hashPassword, hashToken } from '../../lib/crypto.js'
import { AppError, isUniqueViolation, notFound, type FieldErrors } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { StaffActor } from '../../http/actor.js'
import type { AuthDeps } from './auth.deps.js'
import { dobProblem, newPasswordErrors, duplicateUserError, throwIfAny } from './account-rules.js'
import { insertAccount, takenIdentifiers } from './accounts.queries.js'
import { queueActivation } from './activation.js'
import { activateOnboardedTenant, findOnboardingTenant, findWidgetTenant } from './auth.queries.js'
import { clientSession, staffSession, visitorSession } from './sessions.presenter.js'
import { eraseVisitorDetails, insertVisitor, listTenantVisitors, type VisitorFilter } from './visitors.queries.js'

/** Scheme and host compare case-insensitively and a default port is implied (as browsers send `Origin`). */
function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}

const onboardingInvalid = () => new AppError(400, 'tenant.onboarding_token_invalid', Texts.onboardingTokenInvalid)

export type RegistrationDeps = Pick<AuthDeps, 'db' | 'clock' | 'sessions' | 'publicApiUrl'>

/** Admin (onboarding), client and anonymous-visitor registration, and the staff view of visitors. */
export function createRegistrationService({ db, clock, sessions, publicApiUrl }: RegistrationDeps) {
  /** Every failing rule is reported at once (contract §1.7: `errors` lists every failing field). */
  function personChecks(input: Omit<ClientRegistration, 'user_type'>) {
    const errors: FieldErrors = newPasswordErrors(input.password, input.confirm_password, input)
    const dob = dobProblem(input.DOB, clock.now())
    if (dob) errors.DOB = [dob]
    throwIfAny(errors)
  }

  async function assertUnique(username: string, email: string) {
    const dup = duplicateUserError(await takenIdentifiers(db, username, email))
    if (dup) throw dup
  }

  /** Turns a lost uniqueness race into the same 409 a sequential request gets. */
  async function withUniqueGuard<T>(username: string, email: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key') || isUniqueViolation(err, 'users_username_key')) {
        await assertUnique(username, email)
      }
      throw err
    }
  }

  /** Inserts a registered account and queues its activation mail, in the caller's transaction. */
  async function createAccount(
    trx: Executor,
    input: Omit<ClientRegistration, 'user_type'>,
    opts: { tenantId: number | null; userType: 'admin' | 'client'; passwordHash: string; now: Date },
  ) {
    const user = await insertAccount(trx, {
      tenant_id: opts.tenantId,
      user_type: opts.userType,
      username: input.username,
      email: input.email,
      password_hash: opts.passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      phonenumber: input.phonenumber ?? null,
      gender: input.gender ?? null,
      dob: input.DOB ?? null,
    })
    await queueActivation(trx, user, { now: opts.now, publicApiUrl })
    return user
  }

  async function registerAdmin(input: AdminRegistration) {
    personChecks(input)
    const now = clock.now()
    const tokenHash = hashToken(input.onboarding_token)
    const tenant = await findOnboardingTenant(db, input.tenant_id, tokenHash, now)
    if (!tenant) throw onboardingInvalid()
    await assertUnique(input.username, input.email)

    const plan = planById(input.plan ?? tenant.plan)
    const passwordHash = await hashPassword(input.password)
    return withUniqueGuard(input.username, input.email, () =>
      db.transaction().execute(async (trx) => {
        // Consuming the onboarding token first makes a concurrent second registration fail.
        const claimed = await activateOnboardedTenant(trx, tenant.id, tokenHash, {
          plan: plan.plan,
          endsAt: addDays(now, plan.trial_days),
          now,
        })
        if (!claimed) throw onboardingInvalid()
        const user = await createAccount(trx, input, { tenantId: tenant.id, userType: 'admin', passwordHash, now })
        const { token, expiresAt } = await sessions.issueForUser(trx, user)
        return staffSession(user, claimed, token, expiresAt)
      }),
    )
  }

  async function registerClient(input: ClientRegistration) {
    personChecks(input)
    await assertUnique(input.username, input.email)
    const passwordHash = await hashPassword(input.password)
    return withUniqueGuard(input.username, input.email, () =>
      db.transaction().execute(async (trx) => {
        const user = await createAccount(trx, input, {
          tenantId: null,
          userType: 'client',
          passwordHash,
          now: clock.now(),
        })
        const { token, expiresAt } = await sessions.issueForUser(trx, user)
        return clientSession(user, token, expiresAt)
      }),
    )
  }

  async function startVisitor(
    input: { widget_key: string; name?: string | null; contact?: string | null; page_url?: string | null },
    origin: string | undefined,
  ) {
    const row = await findWidgetTenant(db, input.widget_key)
    if (!row || row.status !== 'active') throw notFound()
    if (!row.widget_enabled)
      throw new AppError(403, 'widget.disabled', 'The chat widget of this organization is turned off.')
    const allowed = row.widget_allowed_origins.map(normalizeOrigin)
    const from = origin ? normalizeOrigin(origin) : null
    if (allowed.length > 0 && (!from || !allowed.includes(from))) {
      throw new AppError(403, 'widget.origin_not_allowed', 'This website is not allowed to use the chat widget.')
    }
    return db.transaction().execute(async (trx) => {
      const visitor = await insertVisitor(trx, row.id, {
        name: input.name ?? null,
        contact: input.contact ?? null,
        page_url: input.page_url ?? null,
        now: clock.now(),
      })
      const { token, expiresAt } = await sessions.issueForVisitor(trx, visitor)
      return visitorSession(visitor, { id: row.id, name: row.name }, token, expiresAt)
    })
  }

  async function listVisitors(actor: StaffActor, q: VisitorFilter) {
    const { total, rows } = await listTenantVisitors(db, actor.tenantId, q)
    const data = rows.map((r) => ({
      anonymous_user_id: r.id,
      name: r.name,
      contact: r.contact,
      channel: r.channel,
      page_url: r.page_url,
      chat_count: Number(r.chat_count ?? 0),
      last_seen_at: r.last_seen_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    }))
    return page(data, { limit: q.limit, offset: q.offset, total })
  }

  /** Erases a visitor's personal data and ends their sessions; their chats stay. */
  async function eraseVisitor(actor: StaffActor, id: number) {
    await db.transaction().execute(async (trx) => {
      if (!(await eraseVisitorDetails(trx, actor.tenantId, id))) throw notFound()
      await sessions.revokeAllForVisitor(trx, id)
    })
  }

  return { registerAdmin, registerClient, startVisitor, listVisitors, eraseVisitor }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>

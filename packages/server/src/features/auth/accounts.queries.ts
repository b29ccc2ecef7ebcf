import { sql, type Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { UsersTable } from '../../db/schema.js'

/**
 * Accounts (`users`). Staff rows carry their tenant; customers (clients) are platform-wide accounts with
 * `tenant_id` NULL. An account is identified by address, id or Google subject before any tenant is known
 * (sign-in, links in mails), and usernames and addresses are unique across all accounts: the lookups here that
 * take no tenant span tenants by design. Queries on the caller's own account take the caller's tenant, `null` for a
 * customer, and lead with it.
 */

/** What sessions, sign-in and account mails read of an account. Never the password hash. */
const ACCOUNT_COLUMNS = [
  'id',
  'tenant_id',
  'user_type',
  'username',
  'email',
  'first_name',
  'last_name',
  'phonenumber',
  'gender',
  'dob',
  'profile_photo',
  'email_verified',
  'is_active',
  'google_sub',
] as const

/** Sign-in also reads the lock state. */
const SIGNIN_COLUMNS = [...ACCOUNT_COLUMNS, 'failed_signins', 'first_failed_at', 'locked_until'] as const

/** The own-profile view: the account plus address, preferences and dates (`has_password` is derived). */
const PROFILE_COLUMNS = [
  ...ACCOUNT_COLUMNS,
  'country',
  'state',
  'city',
  'postal_code',
  'notification_prefs',
  'last_login_at',
  'created_at',
  'updated_at',
] as const

/** Whether the account can sign in with a password, without reading the hash out. */
const HAS_PASSWORD = sql<boolean>`password_hash is not null`.as('has_password')

type Users = Selectable<UsersTable>
export type AccountRow = Pick<Users, (typeof ACCOUNT_COLUMNS)[number]>
export type CredentialsRow = Pick<Users, (typeof SIGNIN_COLUMNS)[number] | 'password_hash'>
export type ProfileRow = Pick<Users, (typeof PROFILE_COLUMNS)[number]> & { has_password: boolean }

/** Which account a query on the caller's own row means: the caller's tenant (`null` for a customer) and id. */
export type OwnAccount = { tenantId: number | null; userId: number }

function selectOwnAccount(ex: Executor, own: OwnAccount) {
  const q = ex.selectFrom('users')
  return own.tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', own.tenantId)
}

/**
 * Accounts are found by address case-insensitively, in any tenant (addresses are unique platform-wide);
 * anonymised accounts are never found.
 */
export function findAccountByEmail(ex: Executor, email: string) {
  return ex
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** An account by id, in any tenant: for ids taken from a verified single-use token. */
export function findAccountById(ex: Executor, id: number) {
  return ex
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** The account linked to a Google subject, in any tenant (a Google identity names one account platform-wide). */
export function findAccountByGoogleSub(ex: Executor, sub: string) {
  return ex
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('google_sub', '=', sub)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/**
 * The one read of a password hash, for the checks that verify a password: sign-in by address (any tenant, before
 * one is known) and the caller's own account (password change, account deletion).
 */
export function findCredentials(ex: Executor, by: { email: string } | OwnAccount) {
  const q =
    'email' in by
      ? ex.selectFrom('users').where(sql`lower(email)`, '=', by.email.toLowerCase())
      : selectOwnAccount(ex, by).where('id', '=', by.userId)
  return q
    .select([...SIGNIN_COLUMNS, 'password_hash'])
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** The caller's own profile. */
export function findProfile(ex: Executor, own: OwnAccount) {
  return selectOwnAccount(ex, own)
    .where('id', '=', own.userId)
    .where('deleted_at', 'is', null)
    .select(PROFILE_COLUMNS)
    .select(HAS_PASSWORD)
    .executeTakeFirst()
}

/**
 * Which of a username and an email are already used by any account of any tenant (uniqueness is platform-wide;
 * deleted ones included: their rows keep the key).
 */
export async function takenIdentifiers(
  ex: Executor,
  username: string | null,
  email: string | null,
  exceptUserId?: number,
) {
  let q = ex.selectFrom('users').select(['username', 'email'])
  q = q.where((eb) =>
    eb.or([
      ...(username ? [eb(sql`lower(username)`, '=', username.toLowerCase())] : []),
      ...(email ? [eb(sql`lower(email)`, '=', email.toLowerCase())] : []),
      ...(!username && !email ? [sql<boolean>`false`] : []),
    ]),
  )
  if (exceptUserId !== undefined) q = q.where('id', '<>', exceptUserId)
  const rows = await q.execute()
  return {
    username: !!username && rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: !!email && rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  }
}

export type NewAccount = {
  tenant_id: number | null
  user_type: 'admin' | 'employee' | 'client'
  username: string
  email: string
  email_verified?: boolean
  password_hash: string | null
  google_sub?: string | null
  first_name: string
  last_name: string
  phonenumber: string | null
  gender: Users['gender']
  dob: string | null
}

/** Creates an account (registration, invitation acceptance); a customer's has no tenant. */
export function insertAccount(ex: Executor, values: NewAccount) {
  return ex.insertInto('users').values(values).returning(ACCOUNT_COLUMNS).executeTakeFirstOrThrow()
}

/** A failed password: the count within the lock window and, at the limit, the lock (any tenant, found by address). */
export async function recordFailedSignin(
  ex: Executor,
  userId: number,
  state: { failures: number; firstFailedAt: Date; lockedUntil: Date | null },
) {
  await ex
    .updateTable('users')
    .set({ failed_signins: state.failures, first_failed_at: state.firstFailedAt, locked_until: state.lockedUntil })
    .where('id', '=', userId)
    .execute()
}

/** A successful sign-in; staff sign-ins also clear the failure count and lock. Keyed by the verified account's id. */
export async function recordSignin(ex: Executor, userId: number, now: Date, opts: { clearLock: boolean }) {
  await ex
    .updateTable('users')
    .set(
      opts.clearLock
        ? { last_login_at: now, failed_signins: 0, first_failed_at: null, locked_until: null }
        : { last_login_at: now },
    )
    .where('id', '=', userId)
    .execute()
}

/**
 * Google vouches for the address: links the subject, confirms the email and sets the photo (any tenant: the
 * account was found through Google).
 */
export function linkGoogleAccount(
  ex: Executor,
  userId: number,
  link: { sub: string; profilePhoto: string | null; now: Date },
) {
  return ex
    .updateTable('users')
    .set({ google_sub: link.sub, email_verified: true, profile_photo: link.profilePhoto, updated_at: link.now })
    .where('id', '=', userId)
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** The caller's new password (the old one was verified). */
export async function updateOwnPassword(ex: Executor, own: OwnAccount, passwordHash: string, now: Date) {
  let q = ex.updateTable('users').set({ password_hash: passwordHash, updated_at: now })
  q = own.tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', own.tenantId)
  await q.where('id', '=', own.userId).execute()
}

/**
 * A password set through a reset link: it also confirms the address and clears the lock. Keyed by the link's
 * account, in any tenant.
 */
export async function resetPasswordOf(ex: Executor, userId: number, passwordHash: string, now: Date) {
  await ex
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      email_verified: true,
      failed_signins: 0,
      first_failed_at: null,
      locked_until: null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute()
}

/** Confirms an address through an activation link; keyed by the link's account, any tenant. */
export async function markEmailVerified(ex: Executor, userId: number, now: Date) {
  await ex.updateTable('users').set({ email_verified: true, updated_at: now }).where('id', '=', userId).execute()
}

export type ProfileChanges = {
  username?: string
  first_name?: string
  last_name?: string
  phonenumber?: string | null
  gender?: Users['gender']
  dob?: string | null
  profile_photo?: string | null
  country?: string | null
  state?: string | null
  city?: string | null
  postal_code?: string | null
  /** JSON text of the merged preferences. */
  notification_prefs?: string
}

/** Writes the fields the caller changed on their own account and returns the profile as it now is. */
export function updateOwnProfile(ex: Executor, own: OwnAccount, changes: ProfileChanges, now: Date) {
  let q = ex.updateTable('users').set({ ...changes, updated_at: now })
  q = own.tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', own.tenantId)
  return q.where('id', '=', own.userId).returning(PROFILE_COLUMNS).returning(HAS_PASSWORD).executeTakeFirstOrThrow()
}

/**
 * Anonymises a customer's own account (customers have no tenant): the row stays for its content, every personal
 * field goes.
 */
export async function anonymiseCustomer(ex: Executor, userId: number, placeholder: string, now: Date) {
  await ex
    .updateTable('users')
    .set({
      username: placeholder,
      email: `${placeholder}@deleted.invalid`,
      first_name: 'Deleted',
      last_name: 'user',
      password_hash: null,
      phonenumber: null,
      gender: null,
      dob: null,
      profile_photo: null,
      country: null,
      state: null,
      city: null,
      postal_code: null,
      google_sub: null,
      is_active: false,
      deleted_at: sql`now()`,
      updated_at: now,
    })
    .where('tenant_id', 'is', null)
    .where('id', '=', userId)
    .execute()
}

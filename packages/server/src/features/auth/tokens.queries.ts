import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { OneTimeTokenKind, TenantsTable } from '../../db/schema.js'

/**
 * Session tokens (`auth_tokens`) and single-use link tokens (`one_time_tokens`). Only SHA-256 hashes are stored;
 * a presented token is found by its hash before anything about its tenant is known, so these queries span tenants
 * by design. The hashes are compared here and never selected.
 */

/** What resolving a session token reads: the token, its account or visitor, and its tenant. */
export type TokenRow = {
  id: number
  user_id: number | null
  anonymous_user_id: number | null
  tenant_id: number | null
  expires_at: Date
  revoked_at: Date | null
  last_used_at: Date | null
  user_type: string | null
  is_active: boolean | null
  deleted_at: Date | null
  erased_at: Date | null
  tenant_status: Selectable<TenantsTable>['status'] | null
  subscription_status: Selectable<TenantsTable>['subscription_status']
  trial_ends_at: Date | null
  current_period_end: Date | null
}

/** Stores a new session token's hash for an account (staff with their tenant, a customer without) or a visitor. */
export async function insertSessionToken(
  ex: Executor,
  values: {
    token_hash: string
    user_id?: number
    anonymous_user_id?: number
    tenant_id: number | null
    expires_at: Date
  },
) {
  await ex.insertInto('auth_tokens').values(values).execute()
}

/** Session resolution: the token with its account or visitor and its tenant, found by hash in any tenant. */
export function findSessionByTokenHash(ex: Executor, tokenHash: string): Promise<TokenRow | undefined> {
  return ex
    .selectFrom('auth_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('anonymous_users as v', 'v.id', 't.anonymous_user_id')
    .leftJoin('tenants as tn', 'tn.id', 't.tenant_id')
    .select([
      't.id',
      't.user_id',
      't.anonymous_user_id',
      't.tenant_id',
      't.expires_at',
      't.revoked_at',
      't.last_used_at',
      'u.user_type',
      'u.is_active',
      'u.deleted_at',
      'v.erased_at',
      'tn.status as tenant_status',
      'tn.subscription_status',
      'tn.trial_ends_at',
      'tn.current_period_end',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** Records that a resolved token was used (by its id). */
export async function touchSessionToken(ex: Executor, tokenId: number, now: Date) {
  await ex.updateTable('auth_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute()
}

/** Revokes one live token (by its id, as resolved from the caller's own token). */
export async function revokeSessionToken(ex: Executor, tokenId: number, now: Date) {
  await ex
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Revokes every live token of an account, optionally keeping one (by account id: any tenant, customers have none). */
export async function revokeSessionTokensOfUser(ex: Executor, userId: number, now: Date, exceptTokenId?: number) {
  let q = ex
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (exceptTokenId !== undefined) q = q.where('id', '<>', exceptTokenId)
  await q.execute()
}

/** Revokes every live token of a visitor (whose id the caller has already found within its tenant). */
export async function revokeSessionTokensOfVisitor(ex: Executor, visitorId: number, now: Date) {
  await ex
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('anonymous_user_id', '=', visitorId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Background sweep over all tenants: drops tokens that expired or were revoked before the cutoff. */
export async function sweepDeadSessionTokens(ex: Executor, cutoff: Date) {
  await ex
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .execute()
}

/** Stores a single-use link token's hash (activation, reset, Google hand-off). */
export async function insertOneTimeToken(
  ex: Executor,
  values: { kind: OneTimeTokenKind; user_id: number; token_hash: string; expires_at: Date },
) {
  await ex.insertInto('one_time_tokens').values(values).execute()
}

/** Marks a live single-use token used and returns its account; undefined when unknown, used or expired. */
export function consumeOneTimeToken(ex: Executor, kind: OneTimeTokenKind, tokenHash: string, now: Date) {
  return ex
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('kind', '=', kind)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst()
}

/** Kills unused tokens of a kind for an account (a new reset link invalidates older ones). */
export async function expireOneTimeTokens(ex: Executor, kind: OneTimeTokenKind, userId: number, now: Date) {
  await ex
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** The account behind a live reset link, with what the password rules compare against. */
export function findResetLinkAccount(ex: Executor, tokenHash: string, now: Date) {
  return ex
    .selectFrom('one_time_tokens as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.username', 'u.email'])
    .where('o.kind', '=', 'reset')
    .where('o.token_hash', '=', tokenHash)
    .where('o.used_at', 'is', null)
    .where('o.expires_at', '>', now)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst()
}

/** An activation link, used or not, with its account: a used link of a confirmed account still answers success. */
export function findActivationLink(ex: Executor, tokenHash: string) {
  return ex
    .selectFrom('one_time_tokens as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.used_at', 'o.expires_at', 'u.id', 'u.email_verified'])
    .where('o.kind', '=', 'activation')
    .where('o.token_hash', '=', tokenHash)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst()
}

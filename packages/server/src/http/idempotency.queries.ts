import type { Selectable } from 'kysely'
import type { Executor } from '../db/database.js'
import type { IdempotencyKeysTable } from '../db/schema.js'

/**
 * Idempotency keys belong to a caller (`user:<id>`, `visitor:<id>` or `ip:<address>`), not to a tenant: user and
 * visitor ids are unique across tenants, so (caller, route, key) already keeps every tenant's keys apart.
 */

/** What a retry needs to decide: the first request's body hash, its age, and the stored response if it finished. */
export const STORED_KEY_COLUMNS = [
  'id',
  'request_hash',
  'status_code',
  'response_body',
  'response_type',
  'response_location',
  'created_at',
  'expires_at',
] as const

export type StoredKey = Pick<Selectable<IdempotencyKeysTable>, (typeof STORED_KEY_COLUMNS)[number]>

export type KeyOwner = { caller: string; route: string; key: string }

/** Claims a key for a first request; a unique violation means the key is taken (the caller then reads it). */
export function insertIdempotencyClaim(
  ex: Executor,
  owner: KeyOwner,
  claim: { requestHash: string; expiresAt: Date },
): Promise<{ id: number }> {
  return ex
    .insertInto('idempotency_keys')
    .values({ ...owner, request_hash: claim.requestHash, expires_at: claim.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** The caller's key on a route, as stored by its first request. */
export function findIdempotencyKey(ex: Executor, owner: KeyOwner): Promise<StoredKey | undefined> {
  return ex
    .selectFrom('idempotency_keys')
    .select(STORED_KEY_COLUMNS)
    .where('caller', '=', owner.caller)
    .where('route', '=', owner.route)
    .where('key', '=', owner.key)
    .executeTakeFirst()
}

/** Frees a key: expired, abandoned, or its request failed in a way a retry may repeat. */
export async function deleteIdempotencyKey(ex: Executor, id: number): Promise<void> {
  await ex.deleteFrom('idempotency_keys').where('id', '=', id).execute()
}

/** Frees a claim whose request ended without a response to keep (aborted); a stored response stays. */
export async function deleteUnfinishedClaim(ex: Executor, id: number): Promise<void> {
  await ex.deleteFrom('idempotency_keys').where('id', '=', id).where('status_code', 'is', null).execute()
}

/** Keeps the first response to a key, to replay to its retries. */
export async function saveIdempotentResponse(
  ex: Executor,
  id: number,
  response: {
    status_code: number
    response_body: string | null
    response_type: string | null
    response_location: string | null
  },
): Promise<void> {
  await ex.updateTable('idempotency_keys').set(response).where('id', '=', id).execute()
}

/** The hourly clean-up, across every caller and tenant: keys past their expiry go. */
export async function sweepExpiredIdempotencyKeys(ex: Executor, now: Date): Promise<void> {
  await ex.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute()
}

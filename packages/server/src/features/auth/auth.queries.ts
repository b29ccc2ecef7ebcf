import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { OneTimeTokenKind } from '../../db/schema.js'

/** Accounts are found by address case-insensitively; anonymised accounts are never found. */
export function findUserByEmail(ex: Executor, email: string) {
  return ex
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export function findUserById(ex: Executor, id: number) {
  return ex.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
}

export function findUserByGoogleSub(ex: Executor, sub: string) {
  return ex
    .selectFrom('users')
    .selectAll()
    .where('google_sub', '=', sub)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** Which of a username and an email are already used by any account (deleted ones included: their rows keep the key). */
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

export function findTenantById(ex: Executor, id: number) {
  return ex.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertOneTimeToken(
  ex: Executor,
  values: { kind: OneTimeTokenKind; user_id: number; token_hash: string; expires_at: Date },
) {
  await ex.insertInto('one_time_tokens').values(values).execute()
}

/** Marks a live single-use token used and returns its user; undefined when unknown, used or expired. */
export async function consumeOneTimeToken(ex: Executor, kind: OneTimeTokenKind, tokenHash: string, now: Date) {
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

/** Kills unused tokens of a kind for a user (a new reset link invalidates older ones). */
export async function expireOneTimeTokens(ex: Executor, kind: OneTimeTokenKind, userId: number, now: Date) {
  await ex
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

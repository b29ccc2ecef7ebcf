import type { Executor } from '../../db/database.js'

/** What anyone may see of an account (`UserPublic`), and whether it is a client's or staff's. */
const AUTHOR_COLUMNS = ['id', 'username', 'first_name', 'last_name', 'profile_photo', 'user_type'] as const

/**
 * The public profiles of the authors of community content. By id across tenants: authors are customers, who are
 * platform-wide accounts (users with tenant_id NULL), or staff of the content's tenant.
 */
export function listAuthors(ex: Executor, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([])
  return ex.selectFrom('users').select(AUTHOR_COLUMNS).where('id', 'in', userIds).execute()
}

/**
 * The authors' public profiles with their email, for the staff of the content's tenant, to whom a client author
 * is a related client. By id across tenants, as `listAuthors`.
 */
export function listAuthorsWithEmail(ex: Executor, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('users')
    .select([...AUTHOR_COLUMNS, 'email'])
    .where('id', 'in', userIds)
    .execute()
}

/** One account's public profile; a customer's own (tenant_id NULL) as they write in any tenant's community. */
export function findAuthor(ex: Executor, userId: number) {
  return ex.selectFrom('users').select(AUTHOR_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow()
}

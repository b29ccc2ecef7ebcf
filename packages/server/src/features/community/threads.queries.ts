import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { CommunityThreadsTable } from '../../db/schema.js'

const THREAD_COLUMNS = ['id', 'tenant_id', 'issue_id', 'created_at'] as const
export type ThreadRow = Selectable<CommunityThreadsTable>

/** One thread of a tenant, or undefined. */
export function findThread(ex: Executor, tenantId: number, threadId: number) {
  return ex
    .selectFrom('community_threads')
    .select(THREAD_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', threadId)
    .executeTakeFirst()
}

/**
 * A thread by id alone, for a customer: customers are platform-wide accounts (users with tenant_id NULL), so this
 * spans tenants; the caller then applies the rules of the thread's community.
 */
export function findThreadForClient(ex: Executor, threadId: number) {
  return ex.selectFrom('community_threads').select(THREAD_COLUMNS).where('id', '=', threadId).executeTakeFirst()
}

/** The issue's one thread (created with it). */
export function findThreadOfIssue(ex: Executor, tenantId: number, issueId: number) {
  return ex
    .selectFrom('community_threads')
    .select(THREAD_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('issue_id', '=', issueId)
    .executeTakeFirst()
}

/** The issue's thread, unless it has one already (`issue_id` is unique): the new row, or undefined. */
export function insertThread(ex: Executor, tenantId: number, issueId: number, at: Date) {
  return ex
    .insertInto('community_threads')
    .values({ tenant_id: tenantId, issue_id: issueId, created_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'issue_id']).doNothing())
    .returning(THREAD_COLUMNS)
    .executeTakeFirst()
}

/** The thread ids of some issues of a tenant. */
export function listThreadIdsOfIssues(ex: Executor, tenantId: number, issueIds: number[]) {
  if (issueIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('community_threads')
    .select(['id', 'issue_id'])
    .where('tenant_id', '=', tenantId)
    .where('issue_id', 'in', issueIds)
    .execute()
}

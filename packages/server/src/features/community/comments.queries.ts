import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { CommunityCommentsTable } from '../../db/schema.js'

const COMMENT_COLUMNS = [
  'id',
  'tenant_id',
  'community_id',
  'issue_id',
  'thread_id',
  'client_id',
  'staff_user_id',
  'body',
  'edited_at',
  'deleted_at',
  'deleted_by_user_id',
  'created_at',
  'updated_at',
] as const
export type CommentRow = Selectable<CommunityCommentsTable>

type Lock = { lock?: boolean }

/** One comment of a tenant that is not deleted, or undefined. */
export function findLiveComment(ex: Executor, tenantId: number, commentId: number, opts: Lock = {}) {
  const q = ex
    .selectFrom('community_comments')
    .select(COMMENT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', commentId)
    .where('deleted_at', 'is', null)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/**
 * A comment that is not deleted, by id alone, for a customer: customers are platform-wide accounts (users with
 * tenant_id NULL), so this spans tenants; the caller then applies the rules of the comment's community.
 */
export function findLiveCommentForClient(ex: Executor, commentId: number, opts: Lock = {}) {
  const q = ex
    .selectFrom('community_comments')
    .select(COMMENT_COLUMNS)
    .where('id', '=', commentId)
    .where('deleted_at', 'is', null)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/** A page of a thread's comments that are not deleted, oldest first, optionally of one client. */
export async function listComments(
  ex: Executor,
  tenantId: number,
  threadId: number,
  f: { clientId?: number | undefined; limit: number; offset: number },
) {
  let rows = ex
    .selectFrom('community_comments')
    .where('tenant_id', '=', tenantId)
    .where('thread_id', '=', threadId)
    .where('deleted_at', 'is', null)
  if (f.clientId !== undefined) rows = rows.where('client_id', '=', f.clientId)
  const [{ total }, comments] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows.select(COMMENT_COLUMNS).orderBy('id', 'asc').limit(f.limit).offset(f.offset).execute(),
  ])
  return { comments, total: Number(total) }
}

/** A new comment in a thread: a client's (`clientId`) or a staff reply (`staffUserId`). */
export function insertComment(
  ex: Executor,
  tenantId: number,
  v: {
    communityId: number
    issueId: number
    threadId: number
    clientId: number | null
    staffUserId: number | null
    body: string
    at: Date
  },
) {
  return ex
    .insertInto('community_comments')
    .values({
      tenant_id: tenantId,
      community_id: v.communityId,
      issue_id: v.issueId,
      thread_id: v.threadId,
      client_id: v.clientId,
      staff_user_id: v.staffUserId,
      body: v.body,
      created_at: v.at,
      updated_at: v.at,
    })
    .returning(COMMENT_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** New text for a comment that is not deleted: the row, or undefined when it is gone. */
export function updateCommentBody(ex: Executor, tenantId: number, commentId: number, body: string, at: Date) {
  return ex
    .updateTable('community_comments')
    .set({ body, edited_at: at, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', commentId)
    .where('deleted_at', 'is', null)
    .returning(COMMENT_COLUMNS)
    .executeTakeFirst()
}

/** Hides a comment (soft delete): the row, or undefined when it was already gone. */
export function deleteComment(
  ex: Executor,
  tenantId: number,
  commentId: number,
  by: { userId: number | null; at: Date },
) {
  return ex
    .updateTable('community_comments')
    .set({ deleted_at: by.at, deleted_by_user_id: by.userId, updated_at: by.at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', commentId)
    .where('deleted_at', 'is', null)
    .returning(COMMENT_COLUMNS)
    .executeTakeFirst()
}

/** Comments of an issue that are not deleted: an author may delete their issue only while there are none. */
export async function countLiveComments(ex: Executor, tenantId: number, issueId: number) {
  const { n } = await ex
    .selectFrom('community_comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('issue_id', '=', issueId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(n)
}

/**
 * The live counts of some issues of a tenant: comments and staff replies that are not deleted (contract §5.1), and
 * the likes on those comments. A staff reply is a comment without a client author.
 */
export function listCommentCounts(ex: Executor, tenantId: number, issueIds: number[]) {
  if (issueIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('community_comments as c')
    .leftJoin('comment_reactions as r', (join) => join.onRef('r.comment_id', '=', 'c.id').on('r.reaction', '=', 'like'))
    .select((eb) => [
      'c.issue_id',
      eb.fn.count<number>('c.id').distinct().as('comments'),
      eb.fn.count<number>('c.id').distinct().filterWhere('c.client_id', 'is', null).as('staff_replies'),
      eb.fn.count<number>('r.client_id').as('likes'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.issue_id', 'in', issueIds)
    .where('c.deleted_at', 'is', null)
    .groupBy('c.issue_id')
    .execute()
}

/** The tenant's name: the author shown on a staff reply whose staff account is gone. */
export async function findTenantName(ex: Executor, tenantId: number) {
  const row = await ex.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst()
  return row?.name
}

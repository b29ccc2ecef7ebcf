import { CommunityTexts } from '@proxima/contracts'
import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type {
  CommunitiesTable,
  CommunityCommentsTable,
  CommunityIssuesTable,
  CommunityThreadsTable,
} from '../../db/schema.js'
import type { Actor } from '../../http/actor.js'
import { AppError, forbidden, notFound } from '../../lib/errors.js'

export type CommunityRow = Selectable<CommunitiesTable>
export type IssueRow = Selectable<CommunityIssuesTable>
export type ThreadRow = Selectable<CommunityThreadsTable>
export type CommentRow = Selectable<CommunityCommentsTable>

/**
 * The community as the caller may see it (contract §1.5, §5): staff any community of their tenant, archived ones
 * included; clients any community that is not archived, of an active tenant (clients are platform-wide). Visitors
 * never see communities. Anything else looks absent (404).
 */
export async function loadCommunityFor(
  ex: Executor,
  actor: Actor,
  communityId: number,
  opts: { lock?: boolean } = {},
): Promise<CommunityRow> {
  if (actor.kind === 'visitor') throw notFound()
  let q = ex.selectFrom('communities as c').selectAll('c').where('c.id', '=', communityId)
  if (actor.kind === 'staff') q = q.where('c.tenant_id', '=', actor.tenantId)
  else
    q = q
      .where('c.is_archived', '=', false)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('tenants as t')
            .select('t.id')
            .whereRef('t.id', '=', 'c.tenant_id')
            .where('t.status', '=', 'active'),
        ),
      )
  const row = await (opts.lock ? q.forUpdate() : q).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** Whether the client is a member of the community now. */
export async function isMember(ex: Executor, communityId: number, clientId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('community_memberships')
    .select('id')
    .where('community_id', '=', communityId)
    .where('client_id', '=', clientId)
    .where('left_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/** Clients take part (raise issues, comment, react, rate) only as members: 403 `community.not_member`. */
export async function assertMember(
  ex: Executor,
  communityId: number,
  clientId: number,
  message: string = CommunityTexts.notMemberToTakePart,
) {
  if (!(await isMember(ex, communityId, clientId))) throw new AppError(403, 'community.not_member', message)
}

/** Archived communities are read-only (contract §5.1): 409 `community.archived`. */
export function assertWritable(community: Pick<CommunityRow, 'is_archived'>) {
  if (community.is_archived)
    throw new AppError(409, 'community.archived', 'This community is archived and can no longer change.')
}

/** A legacy `client_id` in a client's request must be the caller's own id (contract §5.2). */
export function assertSelf(actor: Actor, clientId: number | undefined) {
  if (clientId !== undefined && (actor.kind !== 'client' || clientId !== actor.userId))
    throw forbidden('You can only act for yourself.')
}

/** The issue with its community, as the caller may see them (the community's rules). */
export async function loadIssueFor(ex: Executor, actor: Actor, issueId: number, opts: { lock?: boolean } = {}) {
  let q = ex.selectFrom('community_issues').selectAll().where('id', '=', issueId)
  if (actor.kind === 'staff') q = q.where('tenant_id', '=', actor.tenantId)
  const issue = await (opts.lock ? q.forUpdate() : q).executeTakeFirst()
  if (!issue) throw notFound()
  const community = await loadCommunityFor(ex, actor, issue.community_id)
  return { issue, community }
}

/** The issue's one thread (created with it). */
export async function findThreadOfIssue(ex: Executor, tenantId: number, issueId: number) {
  return ex
    .selectFrom('community_threads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('issue_id', '=', issueId)
    .executeTakeFirst()
}

/** The thread with its issue and community, as the caller may see them. */
export async function loadThreadFor(ex: Executor, actor: Actor, threadId: number) {
  let q = ex.selectFrom('community_threads').selectAll().where('id', '=', threadId)
  if (actor.kind === 'staff') q = q.where('tenant_id', '=', actor.tenantId)
  const thread = await q.executeTakeFirst()
  if (!thread) throw notFound()
  const { issue, community } = await loadIssueFor(ex, actor, thread.issue_id)
  return { thread, issue, community }
}

/** A comment that is not deleted, with its thread, issue and community, as the caller may see them. */
export async function loadCommentFor(ex: Executor, actor: Actor, commentId: number, opts: { lock?: boolean } = {}) {
  let q = ex.selectFrom('community_comments').selectAll().where('id', '=', commentId).where('deleted_at', 'is', null)
  if (actor.kind === 'staff') q = q.where('tenant_id', '=', actor.tenantId)
  const comment = await (opts.lock ? q.forUpdate() : q).executeTakeFirst()
  if (!comment) throw notFound()
  const { thread, issue, community } = await loadThreadFor(ex, actor, comment.thread_id)
  return { comment, thread, issue, community }
}

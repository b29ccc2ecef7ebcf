import { CommunityTexts } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { AppError, forbidden, notFound } from '../../lib/errors.js'
import { findCommunity, findCommunityOfActiveTenant, type CommunityRow } from './communities.queries.js'
import { findLiveComment, findLiveCommentForClient } from './comments.queries.js'
import { findIssue, findIssueForClient } from './issues.queries.js'
import { isMember } from './membership.queries.js'
import { findThread, findThreadForClient } from './threads.queries.js'

/*
 * Who may reach what in communities (contract §1.5, §5), in one place: staff reach any community of their tenant,
 * archived ones included; customers, platform-wide accounts, any community that is not archived of an active
 * tenant; visitors none. Anything else looks absent (404). Issues, threads and comments follow their community.
 */

type Lock = { lock?: boolean }

/** The community as the caller may see it. */
export async function loadCommunityFor(
  ex: Executor,
  actor: Actor,
  communityId: number,
  opts: Lock = {},
): Promise<CommunityRow> {
  if (actor.kind === 'visitor') throw notFound()
  const row =
    actor.kind === 'staff'
      ? await findCommunity(ex, actor.tenantId, communityId, opts)
      : await findCommunityOfActiveTenant(ex, communityId, opts)
  if (!row || (actor.kind === 'client' && row.is_archived)) throw notFound()
  return row
}

/**
 * The community a client changes something about (membership, favourite, rating): any community of an active
 * tenant. Archived communities are hidden from clients' reads, but a write on one answers 409
 * `community.archived` rather than 404, so that an app holding its id learns why (contract §5.2).
 */
export async function loadCommunityForClientWrite(ex: Executor, communityId: number): Promise<CommunityRow> {
  const row = await findCommunityOfActiveTenant(ex, communityId)
  if (!row) throw notFound()
  assertWritable(row)
  return row
}

/** The community named by a filter, as the caller may see it (404 otherwise), or undefined without one. */
export async function communityFilter(ex: Executor, actor: Actor, communityId: number | undefined) {
  return communityId === undefined ? undefined : loadCommunityFor(ex, actor, communityId)
}

/** The issue with its community, as the caller may see them (the community's rules). */
export async function loadIssueFor(ex: Executor, actor: Actor, issueId: number, opts: Lock = {}) {
  const issue =
    actor.kind === 'staff'
      ? await findIssue(ex, actor.tenantId, issueId, opts)
      : await findIssueForClient(ex, issueId, opts)
  if (!issue) throw notFound()
  const community = await loadCommunityFor(ex, actor, issue.community_id)
  return { issue, community }
}

/** The thread with its issue and community, as the caller may see them. */
export async function loadThreadFor(ex: Executor, actor: Actor, threadId: number) {
  const thread =
    actor.kind === 'staff' ? await findThread(ex, actor.tenantId, threadId) : await findThreadForClient(ex, threadId)
  if (!thread) throw notFound()
  const { issue, community } = await loadIssueFor(ex, actor, thread.issue_id)
  return { thread, issue, community }
}

/** A comment that is not deleted, with its thread, issue and community, as the caller may see them. */
export async function loadCommentFor(ex: Executor, actor: Actor, commentId: number, opts: Lock = {}) {
  const comment =
    actor.kind === 'staff'
      ? await findLiveComment(ex, actor.tenantId, commentId, opts)
      : await findLiveCommentForClient(ex, commentId, opts)
  if (!comment) throw notFound()
  const { thread, issue, community } = await loadThreadFor(ex, actor, comment.thread_id)
  return { comment, thread, issue, community }
}

/** Clients take part (raise issues, comment, react, rate) only as members: 403 `community.not_member`. */
export async function assertMember(
  ex: Executor,
  community: Pick<CommunityRow, 'id' | 'tenant_id'>,
  clientId: number,
  message: string = CommunityTexts.notMemberToTakePart,
) {
  if (!(await isMember(ex, community.tenant_id, community.id, clientId)))
    throw new AppError(403, 'community.not_member', message)
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

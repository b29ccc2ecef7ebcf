import type { CommentCreate, CommentListQuery, CommentUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { forbidden, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { CommentBusEvent, EventBus } from '../realtime/bus.js'
import { assertMember, assertSelf, assertWritable, loadCommentFor, loadThreadFor } from './access.js'
import { presentComment, presentComments } from './comments.presenter.js'
import { deleteComment, insertComment, listComments, updateCommentBody, type CommentRow } from './comments.queries.js'
import { touchIssue, type IssueRow } from './issues.queries.js'
import { createReactionService } from './reactions.service.js'

/** Staff or a customer with a platform account: visitors have no community access. */
type Account = StaffActor | ClientActor
type ListQuery = z.output<typeof CommentListQuery>
type CreateInput = z.output<typeof CommentCreate>
type UpdateInput = z.output<typeof CommentUpdate>

export const CommentTexts = {
  authorOnly: 'Only the author of this comment can edit it.',
  deleteNotAllowed: 'Only the author of this comment or the organization’s staff can delete it.',
} as const

/** Whether the actor wrote the comment (a client's comment, or a staff member's own reply). */
const isAuthor = (actor: Account, c: CommentRow) =>
  (actor.kind === 'client' && c.client_id === actor.userId) ||
  (actor.kind === 'staff' && c.client_id === null && c.staff_user_id === actor.userId)

/** Comments (staff replies included) and reactions (contract §5). */
export function createCommentService(deps: { db: Db; clock: Clock; bus: EventBus }) {
  const { db, clock, bus } = deps

  /** The events of a comment change; the issue's counts or activity changed too, so staff lists follow. */
  function publish(type: CommentBusEvent['type'], comment: CommentRow, issue: IssueRow, issueChanged: boolean) {
    bus.publish({
      type,
      tenantId: comment.tenant_id,
      communityId: comment.community_id,
      issueId: comment.issue_id,
      threadId: comment.thread_id,
      commentId: comment.id,
      issueAuthorId: issue.client_id,
      staffReply: comment.client_id === null,
    })
    if (issueChanged)
      bus.publish({
        type: 'issue.updated',
        tenantId: issue.tenant_id,
        communityId: issue.community_id,
        issueId: issue.id,
      })
  }

  /** A thread's comments, oldest first; deleted ones are left out. */
  async function list(actor: Account, q: ListQuery) {
    const { thread } = await loadThreadFor(db, actor, q.thread_id)
    const { comments, total } = await listComments(db, thread.tenant_id, thread.id, {
      clientId: q.client_id,
      limit: q.limit,
      offset: q.offset,
    })
    return page(await presentComments(db, actor, comments), { limit: q.limit, offset: q.offset, total })
  }

  async function get(actor: Account, commentId: number) {
    const { comment } = await loadCommentFor(db, actor, commentId)
    return presentComment(db, actor, comment)
  }

  /** A member's comment, or a staff reply by the tenant's staff; the issue's activity moves. */
  async function create(actor: Account, input: CreateInput) {
    const { thread, issue, community } = await loadThreadFor(db, actor, input.thread_id)
    assertSelf(actor, input.client_id)
    if (actor.kind === 'client') await assertMember(db, community, actor.userId)
    assertWritable(community)
    const now = clock.now()
    const row = await db.transaction().execute(async (trx) => {
      // Locks the issue, so that the author cannot delete it (as comment-free) while this comment is written.
      if (!(await touchIssue(trx, issue.tenant_id, issue.id, now))) throw notFound()
      return insertComment(trx, thread.tenant_id, {
        communityId: issue.community_id,
        issueId: issue.id,
        threadId: thread.id,
        clientId: actor.kind === 'client' ? actor.userId : null,
        staffUserId: actor.kind === 'staff' ? actor.userId : null,
        body: input.comment_description,
        at: now,
      })
    })
    publish('comment.created', row, issue, true)
    return presentComment(db, actor, row)
  }

  /** The author edits the text; `edited_at` records it (the same text again changes nothing). */
  async function update(actor: Account, commentId: number, input: UpdateInput) {
    const { comment, issue, community } = await loadCommentFor(db, actor, commentId)
    if (!isAuthor(actor, comment)) throw forbidden(CommentTexts.authorOnly)
    assertWritable(community)
    if (comment.body === input.comment_description) return presentComment(db, actor, comment)
    const now = clock.now()
    const row = await updateCommentBody(db, comment.tenant_id, comment.id, input.comment_description, now)
    if (!row) throw notFound()
    publish('comment.updated', row, issue, false)
    return presentComment(db, actor, row)
  }

  /** Soft delete by the author or the tenant's staff: hidden everywhere, left out of counts and analytics. */
  async function remove(actor: Account, commentId: number, threadId?: number) {
    const { comment, issue, community } = await loadCommentFor(db, actor, commentId)
    if (threadId !== undefined && comment.thread_id !== threadId) throw notFound()
    if (actor.kind !== 'staff' && !isAuthor(actor, comment)) throw forbidden(CommentTexts.deleteNotAllowed)
    assertWritable(community)
    const now = clock.now()
    const row = await deleteComment(db, comment.tenant_id, comment.id, {
      userId: actor.userId,
      at: now,
    })
    if (!row) throw notFound()
    publish('comment.deleted', row, issue, true)
  }

  return { list, get, create, update, remove, ...createReactionService(deps) }
}

export type CommentService = ReturnType<typeof createCommentService>

import { sql } from 'kysely'
import type { CommentCreate, CommentListQuery, CommentUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import type { Actor } from '../../http/actor.js'
import { forbidden, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { CommentBusEvent } from '../realtime/bus.js'
import type { CommunityDeps } from './communities.service.js'
import {
  assertMember,
  assertSelf,
  assertWritable,
  loadCommentFor,
  loadThreadFor,
  type CommentRow,
  type IssueRow,
} from './community.queries.js'
import { presentComment, presentComments } from './comments.presenter.js'
import { createReactionService } from './reactions.service.js'

type ListQuery = z.output<typeof CommentListQuery>
type CreateInput = z.output<typeof CommentCreate>
type UpdateInput = z.output<typeof CommentUpdate>

export const CommentTexts = {
  authorOnly: 'Only the author of this comment can edit it.',
  deleteNotAllowed: 'Only the author of this comment or the organization’s staff can delete it.',
} as const

/** Whether the actor wrote the comment (a client's comment, or a staff member's own reply). */
const isAuthor = (actor: Actor, c: CommentRow) =>
  (actor.kind === 'client' && c.client_id === actor.userId) ||
  (actor.kind === 'staff' && c.client_id === null && c.staff_user_id === actor.userId)

/** Comments (staff replies included) and reactions (contract §5). */
export function createCommentService(deps: CommunityDeps) {
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
  async function list(actor: Actor, q: ListQuery) {
    const { thread } = await loadThreadFor(db, actor, q.thread_id)
    let rows = db
      .selectFrom('community_comments')
      .where('tenant_id', '=', thread.tenant_id)
      .where('thread_id', '=', thread.id)
      .where('deleted_at', 'is', null)
    if (q.client_id !== undefined) rows = rows.where('client_id', '=', q.client_id)
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows.selectAll().orderBy('id', 'asc').limit(q.limit).offset(q.offset).execute(),
    ])
    return page(await presentComments(db, actor, data), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  async function get(actor: Actor, commentId: number) {
    const { comment } = await loadCommentFor(db, actor, commentId)
    return presentComment(db, actor, comment)
  }

  /** A member's comment, or a staff reply by the tenant's staff; the issue's activity moves. */
  async function create(actor: Actor, input: CreateInput) {
    if (actor.kind === 'visitor') throw forbidden()
    const { thread, issue, community } = await loadThreadFor(db, actor, input.thread_id)
    assertSelf(actor, input.client_id)
    if (actor.kind === 'client') await assertMember(db, community.id, actor.userId)
    assertWritable(community)
    const now = clock.now()
    const row = await db.transaction().execute(async (trx) => {
      // Locks the issue, so that the author cannot delete it (as comment-free) while this comment is written.
      const touched = await trx
        .updateTable('community_issues')
        .set({ last_activity_at: sql<Date>`greatest(last_activity_at, ${now})` })
        .where('tenant_id', '=', issue.tenant_id)
        .where('id', '=', issue.id)
        .returning('id')
        .executeTakeFirst()
      if (!touched) throw notFound()
      return trx
        .insertInto('community_comments')
        .values({
          tenant_id: thread.tenant_id,
          community_id: issue.community_id,
          issue_id: issue.id,
          thread_id: thread.id,
          client_id: actor.kind === 'client' ? actor.userId : null,
          staff_user_id: actor.kind === 'staff' ? actor.userId : null,
          body: input.comment_description,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    publish('comment.created', row, issue, true)
    return presentComment(db, actor, row)
  }

  /** The author edits the text; `edited_at` records it (the same text again changes nothing). */
  async function update(actor: Actor, commentId: number, input: UpdateInput) {
    const { comment, issue, community } = await loadCommentFor(db, actor, commentId)
    if (!isAuthor(actor, comment)) throw forbidden(CommentTexts.authorOnly)
    assertWritable(community)
    if (comment.body === input.comment_description) return presentComment(db, actor, comment)
    const now = clock.now()
    const row = await db
      .updateTable('community_comments')
      .set({ body: input.comment_description, edited_at: now, updated_at: now })
      .where('tenant_id', '=', comment.tenant_id)
      .where('id', '=', comment.id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound()
    publish('comment.updated', row, issue, false)
    return presentComment(db, actor, row)
  }

  /** Soft delete by the author or the tenant's staff: hidden everywhere, left out of counts and analytics. */
  async function remove(actor: Actor, commentId: number, threadId?: number) {
    const { comment, issue, community } = await loadCommentFor(db, actor, commentId)
    if (threadId !== undefined && comment.thread_id !== threadId) throw notFound()
    if (actor.kind !== 'staff' && !isAuthor(actor, comment)) throw forbidden(CommentTexts.deleteNotAllowed)
    assertWritable(community)
    const now = clock.now()
    const row = await db
      .updateTable('community_comments')
      .set({ deleted_at: now, deleted_by_user_id: actor.kind === 'visitor' ? null : actor.userId, updated_at: now })
      .where('tenant_id', '=', comment.tenant_id)
      .where('id', '=', comment.id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound()
    publish('comment.deleted', row, issue, true)
  }

  return { list, get, create, update, remove, ...createReactionService(deps) }
}

export type CommentService = ReturnType<typeof createCommentService>

import type { ActorRef, Comment } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import type { CommentRow } from './community.queries.js'
import { personActor } from './issues.presenter.js'
import { userPublic } from './people.js'

const uniq = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null))]

export type ReactionSummary = { likes: number[]; dislikes: number[] }

/** Who reacted to each comment, in reaction order: client ids only (contract §5.1). */
export async function reactionsOf(ex: Executor, tenantIds: number[], commentIds: number[]) {
  const byComment = new Map<number, ReactionSummary>()
  if (commentIds.length === 0) return byComment
  const rows = await ex
    .selectFrom('comment_reactions')
    .select(['comment_id', 'client_id', 'reaction'])
    .where('tenant_id', 'in', tenantIds)
    .where('comment_id', 'in', commentIds)
    .orderBy('created_at')
    .orderBy('client_id')
    .execute()
  for (const r of rows) {
    let summary = byComment.get(r.comment_id)
    if (!summary) byComment.set(r.comment_id, (summary = { likes: [], dislikes: [] }))
    ;(r.reaction === 'like' ? summary.likes : summary.dislikes).push(r.client_id)
  }
  return byComment
}

/**
 * Comments shaped for the caller (contract §5.1): the client author as `UserPublic` (never contact data, whoever
 * asks), the author as an `Actor` (a staff reply names its staff member, as chat messages do; the organisation when
 * that account is gone), reactions as client ids with counts, and the caller's own reaction.
 */
export async function presentComments(ex: Executor, viewer: Actor, rows: CommentRow[]): Promise<Comment[]> {
  if (rows.length === 0) return []
  const tenantIds = uniq(rows.map((r) => r.tenant_id))
  const userIds = uniq(rows.flatMap((r) => [r.client_id, r.staff_user_id]))
  const orphaned = rows.some((r) => r.client_id === null && r.staff_user_id === null)
  const [users, reactions, tenants] = await Promise.all([
    userIds.length
      ? ex
          .selectFrom('users')
          .select(['id', 'username', 'first_name', 'last_name', 'profile_photo', 'user_type'])
          .where('id', 'in', userIds)
          .execute()
      : [],
    reactionsOf(
      ex,
      tenantIds,
      rows.map((r) => r.id),
    ),
    orphaned ? ex.selectFrom('tenants').select(['id', 'name']).where('id', 'in', tenantIds).execute() : [],
  ])
  const userMap = new Map(users.map((u) => [u.id, u]))
  const tenantMap = new Map(tenants.map((t) => [t.id, t.name]))
  const me = viewer.kind === 'client' ? viewer.userId : null
  return rows.map((r) => {
    const client = r.client_id !== null ? userMap.get(r.client_id) : undefined
    const staff = r.staff_user_id !== null ? userMap.get(r.staff_user_id) : undefined
    const author: ActorRef = client
      ? personActor(client)
      : staff
        ? personActor(staff)
        : r.client_id !== null
          ? { kind: 'client', id: r.client_id, name: 'Unknown', username: null }
          : { kind: 'staff', id: null, name: tenantMap.get(r.tenant_id) ?? 'Staff', username: null }
    const { likes, dislikes } = reactions.get(r.id) ?? { likes: [], dislikes: [] }
    return {
      comment_id: r.id,
      thread: r.thread_id,
      thread_id: r.thread_id,
      client: client ? userPublic(client) : null,
      author,
      is_staff_reply: r.client_id === null,
      comment_description: r.body,
      likes,
      dislikes,
      like_count: likes.length,
      dislike_count: dislikes.length,
      my_reaction: me === null ? null : likes.includes(me) ? 'like' : dislikes.includes(me) ? 'dislike' : null,
      edited_at: iso(r.edited_at),
      created_at: isoRequired(r.created_at),
      updated_at: isoRequired(r.updated_at),
    }
  })
}

export async function presentComment(ex: Executor, viewer: Actor, row: CommentRow): Promise<Comment> {
  const [comment] = await presentComments(ex, viewer, [row])
  return comment as Comment
}

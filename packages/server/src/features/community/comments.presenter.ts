import type { ActorRef, Comment } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { findTenantName, type CommentRow } from './comments.queries.js'
import { personActor, tenantOf } from './issues.presenter.js'
import { listAuthors } from './people.queries.js'
import { userPublic } from './people.js'
import { listReactions } from './reactions.queries.js'

const uniq = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null))]

type ReactionSummary = { likes: number[]; dislikes: number[] }

/** Who reacted to each comment, in reaction order: client ids only (contract §5.1). */
async function reactionsOf(ex: Executor, tenantId: number, commentIds: number[]) {
  const byComment = new Map<number, ReactionSummary>()
  for (const r of await listReactions(ex, tenantId, commentIds)) {
    let summary = byComment.get(r.comment_id)
    if (!summary) byComment.set(r.comment_id, (summary = { likes: [], dislikes: [] }))
    ;(r.reaction === 'like' ? summary.likes : summary.dislikes).push(r.client_id)
  }
  return byComment
}

/**
 * Comments of one tenant shaped for the caller (contract §5.1): the client author as `UserPublic` (never contact
 * data, whoever asks), the author as an `Actor` (a staff reply names its staff member, as chat messages do; the
 * organisation when that account is gone), reactions as client ids with counts, and the caller's own reaction.
 */
export async function presentComments(ex: Executor, viewer: Actor, rows: CommentRow[]): Promise<Comment[]> {
  if (rows.length === 0) return []
  const tenantId = tenantOf(rows)
  const orphaned = rows.some((r) => r.client_id === null && r.staff_user_id === null)
  const [users, reactions, tenantName] = await Promise.all([
    listAuthors(ex, uniq(rows.flatMap((r) => [r.client_id, r.staff_user_id]))),
    reactionsOf(
      ex,
      tenantId,
      rows.map((r) => r.id),
    ),
    orphaned ? findTenantName(ex, tenantId) : undefined,
  ])
  const userMap = new Map(users.map((u) => [u.id, u]))
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
          : { kind: 'staff', id: null, name: tenantName ?? 'Staff', username: null }
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

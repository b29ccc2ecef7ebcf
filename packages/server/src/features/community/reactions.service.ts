import { CommunityTexts, type ReactionReply } from '@proxima/contracts'
import type { z } from 'zod'
import type { Actor } from '../../http/actor.js'
import { forbidden } from '../../lib/errors.js'
import type { CommunityDeps } from './communities.service.js'
import { assertMember, assertWritable, loadCommentFor } from './community.queries.js'

type Reaction = 'like' | 'dislike'
/** `set` makes the caller's reaction equal `reaction` (idempotent); `toggle` removes it when it already is. */
export type ReactionMode = 'set' | 'toggle'

const MESSAGES = {
  like: { added: CommunityTexts.likeAdded, removed: CommunityTexts.likeRemoved },
  dislike: { added: CommunityTexts.dislikeAdded, removed: CommunityTexts.dislikeRemoved },
} as const

/** Likes and dislikes of comments by member clients (one reaction per client and comment; contract §5.2). */
export function createReactionService({ db, clock, bus }: CommunityDeps) {
  async function react(
    actor: Actor,
    commentId: number,
    reaction: Reaction,
    mode: ReactionMode,
  ): Promise<z.output<typeof ReactionReply>> {
    if (actor.kind !== 'client') throw forbidden('Only customers can react to comments.')
    const { comment, issue, community } = await loadCommentFor(db, actor, commentId)
    await assertMember(db, community.id, actor.userId)
    assertWritable(community)
    const now = clock.now()
    const result = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('comment_reactions')
        .select('reaction')
        .where('comment_id', '=', comment.id)
        .where('client_id', '=', actor.userId)
        .forUpdate()
        .executeTakeFirst()
      let mine: Reaction | null = reaction
      let changed = existing?.reaction !== reaction
      if (mode === 'toggle' && existing?.reaction === reaction) {
        await trx
          .deleteFrom('comment_reactions')
          .where('tenant_id', '=', comment.tenant_id)
          .where('comment_id', '=', comment.id)
          .where('client_id', '=', actor.userId)
          .execute()
        mine = null
        changed = true
      } else if (changed) {
        await trx
          .insertInto('comment_reactions')
          .values({
            tenant_id: comment.tenant_id,
            comment_id: comment.id,
            client_id: actor.userId,
            reaction,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'comment_id', 'client_id']).doUpdateSet({ reaction, updated_at: now }),
          )
          .execute()
      }
      const counts = await trx
        .selectFrom('comment_reactions')
        .select((eb) => [
          eb.fn.count<number>('client_id').filterWhere('reaction', '=', 'like').as('likes'),
          eb.fn.count<number>('client_id').filterWhere('reaction', '=', 'dislike').as('dislikes'),
        ])
        .where('tenant_id', '=', comment.tenant_id)
        .where('comment_id', '=', comment.id)
        .executeTakeFirstOrThrow()
      return { mine, changed, likes: Number(counts.likes), dislikes: Number(counts.dislikes) }
    })
    if (result.changed)
      bus.publish({
        type: 'comment.updated',
        tenantId: comment.tenant_id,
        communityId: comment.community_id,
        issueId: comment.issue_id,
        threadId: comment.thread_id,
        commentId: comment.id,
        issueAuthorId: issue.client_id,
        staffReply: comment.client_id === null,
      })
    return {
      message: result.mine === null ? MESSAGES[reaction].removed : MESSAGES[reaction].added,
      comment_id: comment.id,
      my_reaction: result.mine,
      like_count: result.likes,
      dislike_count: result.dislikes,
    }
  }

  return { react }
}

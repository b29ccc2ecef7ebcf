import { CommunityTexts, type ReactionReply } from '@proxima/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { ClientActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import type { EventBus } from '../realtime/bus.js'
import { assertMember, assertWritable, loadCommentFor } from './access.js'
import { countReactions, deleteReaction, findReactionForUpdate, upsertReaction } from './reactions.queries.js'

type Reaction = 'like' | 'dislike'
/** `set` makes the caller's reaction equal `reaction` (idempotent); `toggle` removes it when it already is. */
export type ReactionMode = 'set' | 'toggle'

const MESSAGES = {
  like: { added: CommunityTexts.likeAdded, removed: CommunityTexts.likeRemoved },
  dislike: { added: CommunityTexts.dislikeAdded, removed: CommunityTexts.dislikeRemoved },
} as const

/** Likes and dislikes of comments by member clients (one reaction per client and comment; contract §5.2). */
export function createReactionService({ db, clock, bus }: { db: Db; clock: Clock; bus: EventBus }) {
  async function react(
    actor: ClientActor,
    commentId: number,
    reaction: Reaction,
    mode: ReactionMode,
  ): Promise<z.output<typeof ReactionReply>> {
    const { comment, issue, community } = await loadCommentFor(db, actor, commentId)
    await assertMember(db, community, actor.userId)
    assertWritable(community)
    const now = clock.now()
    const result = await db.transaction().execute(async (trx) => {
      const existing = await findReactionForUpdate(trx, comment.tenant_id, comment.id, actor.userId)
      let mine: Reaction | null = reaction
      let changed = existing?.reaction !== reaction
      if (mode === 'toggle' && existing?.reaction === reaction) {
        await deleteReaction(trx, comment.tenant_id, comment.id, actor.userId)
        mine = null
        changed = true
      } else if (changed) {
        await upsertReaction(trx, comment.tenant_id, {
          commentId: comment.id,
          clientId: actor.userId,
          reaction,
          at: now,
        })
      }
      const { likes, dislikes } = await countReactions(trx, comment.tenant_id, comment.id)
      return { mine, changed, likes, dislikes }
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

import type { Executor } from '../../db/database.js'

type Reaction = 'like' | 'dislike'

/** The client's reaction to a comment, its row locked until the transaction ends; undefined without one. */
export function findReactionForUpdate(ex: Executor, tenantId: number, commentId: number, clientId: number) {
  return ex
    .selectFrom('comment_reactions')
    .select('reaction')
    .where('tenant_id', '=', tenantId)
    .where('comment_id', '=', commentId)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst()
}

/** Makes the client's reaction to a comment `reaction` (one reaction per client and comment). */
export async function upsertReaction(
  ex: Executor,
  tenantId: number,
  r: { commentId: number; clientId: number; reaction: Reaction; at: Date },
) {
  await ex
    .insertInto('comment_reactions')
    .values({
      tenant_id: tenantId,
      comment_id: r.commentId,
      client_id: r.clientId,
      reaction: r.reaction,
      created_at: r.at,
      updated_at: r.at,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'comment_id', 'client_id']).doUpdateSet({ reaction: r.reaction, updated_at: r.at }),
    )
    .execute()
}

/** Removes the client's reaction to a comment. */
export async function deleteReaction(ex: Executor, tenantId: number, commentId: number, clientId: number) {
  await ex
    .deleteFrom('comment_reactions')
    .where('tenant_id', '=', tenantId)
    .where('comment_id', '=', commentId)
    .where('client_id', '=', clientId)
    .execute()
}

/** A comment's likes and dislikes. */
export async function countReactions(ex: Executor, tenantId: number, commentId: number) {
  const counts = await ex
    .selectFrom('comment_reactions')
    .select((eb) => [
      eb.fn.count<number>('client_id').filterWhere('reaction', '=', 'like').as('likes'),
      eb.fn.count<number>('client_id').filterWhere('reaction', '=', 'dislike').as('dislikes'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('comment_id', '=', commentId)
    .executeTakeFirstOrThrow()
  return { likes: Number(counts.likes), dislikes: Number(counts.dislikes) }
}

/** Who reacted to some comments of a tenant, in reaction order (client ids only, contract §5.1). */
export function listReactions(ex: Executor, tenantId: number, commentIds: number[]) {
  if (commentIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('comment_reactions')
    .select(['comment_id', 'client_id', 'reaction'])
    .where('tenant_id', '=', tenantId)
    .where('comment_id', 'in', commentIds)
    .orderBy('created_at')
    .orderBy('client_id')
    .execute()
}

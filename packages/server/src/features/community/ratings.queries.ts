import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'

const RATING_COLUMNS = ['id', 'community_id', 'client_id', 'rating', 'comment', 'created_at', 'updated_at'] as const

/**
 * A page of a community's ratings (one client's with `clientId`) with their authors' public profiles, latest
 * change first.
 */
export async function listRatings(
  ex: Executor,
  tenantId: number,
  communityId: number,
  f: { clientId?: number | undefined; limit: number; offset: number },
) {
  let rows = ex
    .selectFrom('community_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.client_id')
    .where('r.tenant_id', '=', tenantId)
    .where('r.community_id', '=', communityId)
  if (f.clientId !== undefined) rows = rows.where('r.client_id', '=', f.clientId)
  const [{ total }, ratings] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows
      .select([
        ...RATING_COLUMNS.map((c) => `r.${c}` as const),
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.profile_photo',
      ])
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
  ])
  return { ratings, total: Number(total) }
}

/**
 * The client's rating of a community: the first one is inserted, a later one replaces it entirely (comment
 * included) keeping `created_at`; `inserted` tells which. One statement, so concurrent first ratings cannot collide.
 */
export function upsertRating(
  ex: Executor,
  tenantId: number,
  r: { communityId: number; clientId: number; rating: number; comment: string | null; at: Date },
) {
  return (
    ex
      .insertInto('community_ratings')
      .values({
        tenant_id: tenantId,
        community_id: r.communityId,
        client_id: r.clientId,
        rating: r.rating,
        comment: r.comment,
        created_at: r.at,
        updated_at: r.at,
      })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'community_id', 'client_id'])
          .doUpdateSet({ rating: r.rating, comment: r.comment, updated_at: r.at }),
      )
      .returning(RATING_COLUMNS)
      // xmax is 0 on a row version written by an insert, and set by the update of ON CONFLICT.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow()
  )
}

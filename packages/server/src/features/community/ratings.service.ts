import type { RatingCreate, RatingListQuery } from '@proxima/contracts'
import { sql, type Selectable } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { CommunityRatingsTable, UsersTable } from '../../db/schema.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { page } from '../../lib/pagination.js'
import { loadCommunityForClientWrite } from './communities.queries.js'
import { assertMember, loadCommunityFor } from './community.queries.js'
import { userPublic } from './people.js'

type RatingRow = Selectable<CommunityRatingsTable>
type Author = Pick<Selectable<UsersTable>, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_photo'>

const present = (r: RatingRow, client: Author) => ({
  rating_id: r.id,
  community_id: r.community_id,
  client: userPublic(client),
  rating: r.rating,
  comment: r.comment,
  created_at: isoRequired(r.created_at),
  updated_at: isoRequired(r.updated_at),
})

/** One current rating per client and community (contract §5.2); the community's average is on `Community`. */
export function createRatingService({ db, clock }: { db: Db; clock: Clock }) {
  /** Staff read every rating of their community, clients only their own; latest change first. */
  async function ratings(actor: StaffActor | ClientActor, q: z.infer<typeof RatingListQuery>) {
    const community = await loadCommunityFor(db, actor, q.community_id)
    let rows = db
      .selectFrom('community_ratings as r')
      .innerJoin('users as u', 'u.id', 'r.client_id')
      .where('r.tenant_id', '=', community.tenant_id)
      .where('r.community_id', '=', community.id)
    if (actor.kind === 'client') rows = rows.where('r.client_id', '=', actor.userId)
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows
        .selectAll('r')
        .select(['u.username', 'u.first_name', 'u.last_name', 'u.profile_photo'])
        .orderBy('r.updated_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    return page(
      data.map((r) => present(r, { ...r, id: r.client_id })),
      { limit: q.limit, offset: q.offset, total: Number(total) },
    )
  }

  /**
   * Members only. The first rating is created (201); a later one replaces it entirely, comment included, keeping
   * `created_at` (200). The upsert is one statement, so concurrent first ratings cannot collide.
   */
  async function rate(actor: ClientActor, input: z.infer<typeof RatingCreate>) {
    const now = clock.now()
    return db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      await assertMember(trx, community.id, actor.userId)
      const { inserted, ...row } = await trx
        .insertInto('community_ratings')
        .values({
          tenant_id: community.tenant_id,
          community_id: community.id,
          client_id: actor.userId,
          rating: input.rating,
          comment: input.comment ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'community_id', 'client_id'])
            .doUpdateSet({ rating: input.rating, comment: input.comment ?? null, updated_at: now }),
        )
        .returningAll()
        // xmax is 0 on a row version written by an insert, and set by the update of ON CONFLICT.
        .returning(sql<boolean>`xmax = 0`.as('inserted'))
        .executeTakeFirstOrThrow()
      const client = await trx
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'profile_photo'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow()
      return { created: inserted, rating: present(row, client) }
    })
  }

  return { ratings, rate }
}

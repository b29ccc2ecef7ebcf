import type { RatingCreate, RatingListQuery } from '@proxima/contracts'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { CommunityRatingsTable } from '../../db/schema.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { page } from '../../lib/pagination.js'
import { assertMember, loadCommunityFor, loadCommunityForClientWrite } from './access.js'
import { findAuthor } from './people.queries.js'
import { userPublic } from './people.js'
import { listRatings, upsertRating } from './ratings.queries.js'

type RatingFields = Pick<
  Selectable<CommunityRatingsTable>,
  'id' | 'community_id' | 'rating' | 'comment' | 'created_at' | 'updated_at'
>

const present = (r: RatingFields, client: Parameters<typeof userPublic>[0]) => ({
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
    const { ratings, total } = await listRatings(db, community.tenant_id, community.id, {
      clientId: actor.kind === 'client' ? actor.userId : undefined,
      limit: q.limit,
      offset: q.offset,
    })
    return page(
      ratings.map((r) => present(r, { ...r, id: r.client_id })),
      { limit: q.limit, offset: q.offset, total },
    )
  }

  /**
   * Members only. The first rating is created (201); a later one replaces it entirely, comment included, keeping
   * `created_at` (200).
   */
  async function rate(actor: ClientActor, input: z.infer<typeof RatingCreate>) {
    const now = clock.now()
    return db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      await assertMember(trx, community, actor.userId)
      const { inserted, ...row } = await upsertRating(trx, community.tenant_id, {
        communityId: community.id,
        clientId: actor.userId,
        rating: input.rating,
        comment: input.comment ?? null,
        at: now,
      })
      const client = await findAuthor(trx, actor.userId)
      return { created: inserted, rating: present(row, client) }
    })
  }

  return { ratings, rate }
}

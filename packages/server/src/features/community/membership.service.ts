import { CommunityTexts, type CommunityEventQuery, type OffsetQuery } from '@proxima/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { fieldError } from '../../lib/errors.js'
import { decodeCursor, encodeCursor } from '../../lib/cursor.js'
import { assertSelf, communityFilter, loadCommunityForClientWrite } from './access.js'
import { communityPage } from './communities.presenter.js'
import { listCommunityEvents, listCommunityEventsOfClient } from './community-events.queries.js'
import {
  closeMembership,
  countMembers,
  deleteFavourite,
  insertCommunityEvent,
  insertFavourite,
  listFavouriteCommunityIds,
  openMembership,
} from './membership.queries.js'
import { userPublic } from './people.js'

type MembershipInput = { community_id: number; client_id?: number | undefined }
type EventQuery = z.infer<typeof CommunityEventQuery>

/**
 * Joining and leaving (each real change opens or closes a membership period and writes one event, in one
 * transaction; repeats change nothing), favourites, and the join and leave history (contract §5.2, §7.9).
 */
export function createMembershipService({ db, clock }: { db: Db; clock: Clock }) {
  const membershipReply = (communityId: number, clientId: number, isMember: boolean, memberCount: number) => ({
    error: false as const,
    data: { community_id: communityId, client_id: clientId, is_member: isMember, member_count: memberCount },
  })

  /** Opens or closes the caller's membership; a real change writes its event in the same transaction. */
  async function change(actor: ClientActor, input: MembershipInput, type: 'join' | 'leave') {
    assertSelf(actor, input.client_id)
    const at = clock.now()
    const { community, memberCount } = await db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      const m = { communityId: community.id, clientId: actor.userId, at }
      const changed =
        type === 'join'
          ? await openMembership(trx, community.tenant_id, m)
          : await closeMembership(trx, community.tenant_id, m)
      if (changed) await insertCommunityEvent(trx, community.tenant_id, { ...m, type })
      return { community, memberCount: await countMembers(trx, community.tenant_id, community.id) }
    })
    return membershipReply(community.id, actor.userId, type === 'join', memberCount)
  }

  /**
   * Idempotent: a member joining again gets the same answer and no new event. Two joins racing each other meet at
   * the partial unique index of current memberships; the loser inserts nothing and writes no event.
   */
  const join = (actor: ClientActor, input: MembershipInput) => change(actor, input, 'join')

  /** Idempotent too: leaving a community one is not a member of changes nothing. */
  const leave = (actor: ClientActor, input: MembershipInput) => change(actor, input, 'leave')

  /** The caller's favourites that they may still see, most recently added first. */
  async function favourites(actor: ClientActor, q: z.infer<typeof OffsetQuery>) {
    return communityPage(db, actor, await listFavouriteCommunityIds(db, actor.userId, q), q)
  }

  /** A toggle (contract §1.10): adds the favourite, or removes it when it is there. */
  async function toggleFavourite(actor: ClientActor, input: { community_id: number }) {
    const added = await db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      if (await deleteFavourite(trx, community.tenant_id, community.id, actor.userId)) return false
      await insertFavourite(trx, community.tenant_id, {
        communityId: community.id,
        clientId: actor.userId,
        at: clock.now(),
      })
      return true
    })
    return {
      message: added ? CommunityTexts.favouriteAdded : CommunityTexts.favouriteRemoved,
      community_id: input.community_id,
      is_favourite: added,
    }
  }

  /**
   * Staff: their tenant's events. Clients: their own, in communities they may see. Oldest first, cursor paged
   * (contract §1.8); without a cursor the latest `limit` events. `from` and `to` bound `[from, to)`.
   */
  async function events(actor: StaffActor | ClientActor, q: EventQuery) {
    if (q.before !== undefined && q.after !== undefined)
      throw fieldError('before', 'Send at most one of before and after.')
    const before = q.before !== undefined ? decodeCursor('community_events', 'before', q.before) : undefined
    const after = q.after !== undefined ? decodeCursor('community_events', 'after', q.after) : undefined
    const from = q.from !== undefined ? new Date(q.from) : undefined
    const to = q.to !== undefined ? new Date(q.to) : undefined
    if (from && to && from.getTime() >= to.getTime()) throw fieldError('to', 'The end must be after the start.')
    const community = await communityFilter(db, actor, q.community_id)

    const filter = { communityId: community?.id, clientId: q.client_id, type: q.type, from, to }
    const window = { before, after, limit: q.limit }
    const { rows, hasOlder, hasNewer } =
      actor.kind === 'staff'
        ? await listCommunityEvents(db, actor.tenantId, filter, window)
        : await listCommunityEventsOfClient(db, actor.userId, filter, window)
    const first = rows[0]?.id
    const last = rows[rows.length - 1]?.id
    return {
      error: false as const,
      data: rows.map((r) => ({
        event_id: r.id,
        type: r.type,
        description: `${r.username} ${r.type === 'join' ? 'joined' : 'left'} ${r.community_name}`,
        client: userPublic({ ...r, id: r.user_id }),
        community: { community_id: r.community_id, community_name: r.community_name },
        timestamp: isoRequired(r.occurred_at),
      })),
      pagination: {
        limit: q.limit,
        has_older: hasOlder,
        has_newer: hasNewer,
        before_cursor: first !== undefined ? encodeCursor('community_events', first) : null,
        after_cursor: last !== undefined ? encodeCursor('community_events', last) : null,
      },
    }
  }

  return { join, leave, favourites, toggleFavourite, events }
}

import { CommunityTexts, type CommunityEventQuery, type OffsetQuery } from '@proxima/contracts'
import { sql } from 'kysely'
import type { z } from 'zod'
import type { Db, Executor } from '../../db/database.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { fieldError } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { decodeCursor, encodeCursor } from '../../lib/cursor.js'
import { communityFilter, countMembers, loadCommunityForClientWrite } from './communities.queries.js'
import { presentCommunities } from './communities.presenter.js'
import { assertSelf } from './community.queries.js'
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

  /**
   * Idempotent: a member joining again gets the same answer and no new event. Two joins racing each other meet at
   * the partial unique index of current memberships; the loser inserts nothing and writes no event.
   */
  async function join(actor: ClientActor, input: MembershipInput) {
    assertSelf(actor, input.client_id)
    const now = clock.now()
    const { community, memberCount } = await db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      const opened = await trx
        .insertInto('community_memberships')
        .values({
          tenant_id: community.tenant_id,
          community_id: community.id,
          client_id: actor.userId,
          joined_at: now,
          left_at: null,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'community_id', 'client_id']).where('left_at', 'is', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst()
      if (opened) await recordEvent(trx, community, actor.userId, 'join', now)
      return { community, memberCount: await countMembers(trx, community.tenant_id, community.id) }
    })
    return membershipReply(community.id, actor.userId, true, memberCount)
  }

  /** Idempotent too: leaving a community one is not a member of changes nothing. */
  async function leave(actor: ClientActor, input: MembershipInput) {
    assertSelf(actor, input.client_id)
    const now = clock.now()
    const { community, memberCount } = await db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      const closed = await trx
        .updateTable('community_memberships')
        // A period never ends before it began, even if another process's clock is behind.
        .set({ left_at: sql<Date>`greatest(${now}::timestamptz, joined_at)` })
        .where('tenant_id', '=', community.tenant_id)
        .where('community_id', '=', community.id)
        .where('client_id', '=', actor.userId)
        .where('left_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      if (closed) await recordEvent(trx, community, actor.userId, 'leave', now)
      return { community, memberCount: await countMembers(trx, community.tenant_id, community.id) }
    })
    return membershipReply(community.id, actor.userId, false, memberCount)
  }

  async function recordEvent(
    ex: Executor,
    community: { id: number; tenant_id: number },
    clientId: number,
    type: 'join' | 'leave',
    at: Date,
  ) {
    await ex
      .insertInto('community_events')
      .values({
        tenant_id: community.tenant_id,
        community_id: community.id,
        client_id: clientId,
        type,
        occurred_at: at,
      })
      .execute()
  }

  /** The caller's favourites that they may still see, most recently added first. */
  async function favourites(actor: ClientActor, q: z.infer<typeof OffsetQuery>) {
    const rows = db
      .selectFrom('community_favourites as f')
      .innerJoin('communities as c', 'c.id', 'f.community_id')
      .innerJoin('tenants as t', 't.id', 'c.tenant_id')
      .where('f.client_id', '=', actor.userId)
      .where('c.is_archived', '=', false)
      .where('t.status', '=', 'active')
    const [{ total }, ids] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows
        .select('c.id')
        .orderBy('f.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    const data = await presentCommunities(
      db,
      actor,
      ids.map((r) => r.id),
    )
    return page(data, { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  /** A toggle (contract §1.10): adds the favourite, or removes it when it is there. */
  async function toggleFavourite(actor: ClientActor, input: { community_id: number }) {
    const added = await db.transaction().execute(async (trx) => {
      const community = await loadCommunityForClientWrite(trx, input.community_id)
      const removed = await trx
        .deleteFrom('community_favourites')
        .where('tenant_id', '=', community.tenant_id)
        .where('community_id', '=', community.id)
        .where('client_id', '=', actor.userId)
        .executeTakeFirst()
      if (Number(removed.numDeletedRows) > 0) return false
      await trx
        .insertInto('community_favourites')
        .values({
          tenant_id: community.tenant_id,
          community_id: community.id,
          client_id: actor.userId,
          created_at: clock.now(),
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'community_id', 'client_id']).doNothing())
        .execute()
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

    const base = () => {
      let e = db
        .selectFrom('community_events as e')
        .innerJoin('communities as c', 'c.id', 'e.community_id')
        .innerJoin('users as u', 'u.id', 'e.client_id')
      if (actor.kind === 'staff') e = e.where('e.tenant_id', '=', actor.tenantId)
      else
        e = e
          .where('e.client_id', '=', actor.userId)
          .where('c.is_archived', '=', false)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('tenants as t')
                .select('t.id')
                .whereRef('t.id', '=', 'c.tenant_id')
                .where('t.status', '=', 'active'),
            ),
          )
      if (community) e = e.where('e.community_id', '=', community.id)
      if (q.client_id !== undefined) e = e.where('e.client_id', '=', q.client_id)
      if (q.type !== undefined) e = e.where('e.type', '=', q.type)
      if (from) e = e.where('e.occurred_at', '>=', from)
      if (to) e = e.where('e.occurred_at', '<', to)
      return e
    }
    const columns = [
      'e.id',
      'e.type',
      'e.occurred_at',
      'c.id as community_id',
      'c.name as community_name',
      'u.id as user_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.profile_photo',
    ] as const
    const rows =
      after !== undefined
        ? await base().select(columns).where('e.id', '>', after).orderBy('e.id', 'asc').limit(q.limit).execute()
        : (
            await (before !== undefined ? base().where('e.id', '<', before) : base())
              .select(columns)
              .orderBy('e.id', 'desc')
              .limit(q.limit)
              .execute()
          ).reverse()
    const first = rows[0]?.id
    const last = rows[rows.length - 1]?.id
    const exists = async (op: '<' | '>' | '<=' | '>=', id: number) =>
      (await base().select('e.id').where('e.id', op, id).limit(1).executeTakeFirst()) !== undefined
    const [hasOlder, hasNewer] = await Promise.all([
      first !== undefined ? exists('<', first) : after !== undefined ? exists('<=', after) : Promise.resolve(false),
      last !== undefined ? exists('>', last) : before !== undefined ? exists('>=', before) : Promise.resolve(false),
    ])
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

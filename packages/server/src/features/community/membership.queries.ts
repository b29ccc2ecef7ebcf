import { sql } from 'kysely'
import { CLIENT_DETAIL_COLUMNS } from '../../db/client-columns.js'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../lib/like.js'
import { idPage, type IdPage } from './communities.queries.js'

/** A member as a tenant's staff see them (`ClientDetail`) with when they joined. */
const MEMBER_COLUMNS = [...CLIENT_DETAIL_COLUMNS, 'm.joined_at'] as const

/** Whether the client is a member of the community now. */
export async function isMember(ex: Executor, tenantId: number, communityId: number, clientId: number) {
  const row = await ex
    .selectFrom('community_memberships')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('community_id', '=', communityId)
    .where('client_id', '=', clientId)
    .where('left_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Opens a membership period unless one is open: true when it opened one. Concurrent joins meet at the partial
 * unique index of current memberships; the loser inserts nothing.
 */
export async function openMembership(
  ex: Executor,
  tenantId: number,
  m: { communityId: number; clientId: number; at: Date },
): Promise<boolean> {
  const opened = await ex
    .insertInto('community_memberships')
    .values({
      tenant_id: tenantId,
      community_id: m.communityId,
      client_id: m.clientId,
      joined_at: m.at,
      left_at: null,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'community_id', 'client_id']).where('left_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst()
  return opened !== undefined
}

/** Closes the client's open membership period, if any: true when it closed one. */
export async function closeMembership(
  ex: Executor,
  tenantId: number,
  m: { communityId: number; clientId: number; at: Date },
): Promise<boolean> {
  const closed = await ex
    .updateTable('community_memberships')
    // A period never ends before it began, even if another process's clock is behind.
    .set({ left_at: sql<Date>`greatest(${m.at}::timestamptz, joined_at)` })
    .where('tenant_id', '=', tenantId)
    .where('community_id', '=', m.communityId)
    .where('client_id', '=', m.clientId)
    .where('left_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return closed !== undefined
}

/** Current members of a community. */
export async function countMembers(ex: Executor, tenantId: number, communityId: number): Promise<number> {
  const row = await ex
    .selectFrom('community_memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('community_id', '=', communityId)
    .where('left_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A page of a community's current members, first joined first, optionally by a search of names and email. */
export async function listMembers(
  ex: Executor,
  tenantId: number,
  communityId: number,
  f: { search?: string | undefined; limit: number; offset: number },
) {
  let rows = ex
    .selectFrom('community_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .where('m.tenant_id', '=', tenantId)
    .where('m.community_id', '=', communityId)
    .where('m.left_at', 'is', null)
  if (f.search) {
    const p = containsPattern(f.search)
    rows = rows.where((eb) =>
      eb.or([
        eb('u.username', 'ilike', p),
        eb('u.email', 'ilike', p),
        eb('u.first_name', 'ilike', p),
        eb('u.last_name', 'ilike', p),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', p),
      ]),
    )
  }
  const [{ total }, members] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows.select(MEMBER_COLUMNS).orderBy('m.joined_at').orderBy('m.id').limit(f.limit).offset(f.offset).execute(),
  ])
  return { members, total: Number(total) }
}

/**
 * The first `perCommunity` current members of each of some communities of a tenant, by join date (one query for
 * a whole page of communities).
 */
export function listMembersPreview(ex: Executor, tenantId: number, communityIds: number[], perCommunity: number) {
  if (communityIds.length === 0) return Promise.resolve([])
  const ranked = ex
    .selectFrom('community_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .where('m.tenant_id', '=', tenantId)
    .where('m.community_id', 'in', communityIds)
    .where('m.left_at', 'is', null)
    .select([...MEMBER_COLUMNS, 'm.community_id'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('m.community_id').orderBy('m.joined_at').orderBy('m.id'))
        .as('rn'),
    )
  return ex
    .selectFrom(ranked.as('x'))
    .select([
      'x.id',
      'x.username',
      'x.first_name',
      'x.last_name',
      'x.profile_photo',
      'x.email',
      'x.phonenumber',
      'x.gender',
      'x.dob',
      'x.country',
      'x.state',
      'x.city',
      'x.joined_at',
      'x.community_id',
    ])
    .where('x.rn', '<=', perCommunity)
    .orderBy('x.community_id')
    .orderBy('x.rn')
    .execute()
}

/** Records a real join or leave (the history of contract §7.9). */
export async function insertCommunityEvent(
  ex: Executor,
  tenantId: number,
  e: { communityId: number; clientId: number; type: 'join' | 'leave'; at: Date },
) {
  await ex
    .insertInto('community_events')
    .values({
      tenant_id: tenantId,
      community_id: e.communityId,
      client_id: e.clientId,
      type: e.type,
      occurred_at: e.at,
    })
    .execute()
}

/**
 * A page of the customer's favourite community ids that they may still see (not archived, of an active tenant),
 * most recently added first. Spans tenants: customers are platform-wide accounts (users with tenant_id NULL).
 */
export function listFavouriteCommunityIds(
  ex: Executor,
  clientId: number,
  window: { limit: number; offset: number },
): Promise<IdPage> {
  const rows = ex
    .selectFrom('community_favourites as f')
    .innerJoin('communities as c', 'c.id', 'f.community_id')
    .innerJoin('tenants as t', 't.id', 'c.tenant_id')
    .where('f.client_id', '=', clientId)
    .where('c.is_archived', '=', false)
    .where('t.status', '=', 'active')
  return idPage(rows, (q) => q.select('c.id').orderBy('f.created_at', 'desc').orderBy('c.id', 'desc'), window)
}

/** Removes the client's favourite: true when there was one. */
export async function deleteFavourite(ex: Executor, tenantId: number, communityId: number, clientId: number) {
  const removed = await ex
    .deleteFrom('community_favourites')
    .where('tenant_id', '=', tenantId)
    .where('community_id', '=', communityId)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
  return Number(removed.numDeletedRows) > 0
}

/** Adds the client's favourite (a concurrent add of the same one changes nothing). */
export async function insertFavourite(
  ex: Executor,
  tenantId: number,
  f: { communityId: number; clientId: number; at: Date },
) {
  await ex
    .insertInto('community_favourites')
    .values({ tenant_id: tenantId, community_id: f.communityId, client_id: f.clientId, created_at: f.at })
    .onConflict((oc) => oc.columns(['tenant_id', 'community_id', 'client_id']).doNothing())
    .execute()
}

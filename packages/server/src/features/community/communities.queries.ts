import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { notFound } from '../../lib/errors.js'
import { assertWritable, loadCommunityFor, type CommunityRow } from './community.queries.js'

/** Communities a tenant has, archived ones included: what `limits.max_communities` counts (contract §3.3). */
export async function countCommunities(ex: Executor, tenantId: number): Promise<number> {
  const row = await ex
    .selectFrom('communities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The community a client changes something about (membership, favourite, rating): any community of an active
 * tenant. Archived communities are hidden from clients' reads, but a write on one answers 409
 * `community.archived` rather than 404, so that an app holding its id learns why (contract §5.2).
 */
export async function loadCommunityForClientWrite(ex: Executor, communityId: number): Promise<CommunityRow> {
  const row = await ex
    .selectFrom('communities as c')
    .innerJoin('tenants as t', 't.id', 'c.tenant_id')
    .selectAll('c')
    .where('c.id', '=', communityId)
    .where('t.status', '=', 'active')
    .executeTakeFirst()
  if (!row) throw notFound()
  assertWritable(row)
  return row
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

/** The community named by a filter, as the caller may see it (404 otherwise), or undefined without one. */
export async function communityFilter(ex: Executor, actor: Actor, communityId: number | undefined) {
  return communityId === undefined ? undefined : loadCommunityFor(ex, actor, communityId)
}

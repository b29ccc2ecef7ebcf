import type { Community } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { isoRequired } from '../../lib/clock.js'
import { clientDetail } from './people.js'

/** How many members the staff view of a community carries (contract §5.1); the rest are on `/members/`. */
export const MEMBERS_PREVIEW = 50

/**
 * The current members of some communities as staff see them, first by join date, at most `perCommunity` each
 * (one query for the whole page).
 */
async function membersPreview(ex: Executor, tenantId: number, ids: number[], perCommunity: number) {
  const ranked = ex
    .selectFrom('community_memberships as m')
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .where('m.tenant_id', '=', tenantId)
    .where('m.community_id', 'in', ids)
    .where('m.left_at', 'is', null)
    .selectAll('u')
    .select(['m.community_id', 'm.joined_at'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('m.community_id').orderBy('m.joined_at').orderBy('m.id'))
        .as('rn'),
    )
  const rows = await ex
    .selectFrom(ranked.as('x'))
    .selectAll()
    .where('x.rn', '<=', perCommunity)
    .orderBy('x.community_id')
    .orderBy('x.rn')
    .execute()
  const byCommunity = new Map<number, ReturnType<typeof clientDetail>[]>()
  for (const r of rows) {
    const list = byCommunity.get(r.community_id) ?? []
    list.push(clientDetail(r))
    byCommunity.set(r.community_id, list)
  }
  return byCommunity
}

/**
 * Communities shaped for the caller (contract §5.1), in the order of `ids`: one query for the rows and their
 * counts, and for staff one more for the members. The caller has already checked that the caller may see them.
 */
export async function presentCommunities(ex: Executor, actor: Actor, ids: number[]): Promise<Community[]> {
  if (ids.length === 0) return []
  const clientId = actor.kind === 'client' ? actor.userId : null
  let q = ex
    .selectFrom('communities as c')
    .innerJoin('tenants as t', 't.id', 'c.tenant_id')
    .where('c.id', 'in', ids)
    .select([
      'c.id',
      'c.tenant_id',
      'c.name',
      'c.description',
      'c.is_archived',
      'c.created_at',
      'c.updated_at',
      't.name as tenant_name',
    ])
    .select((eb) => [
      eb
        .selectFrom('community_memberships as m')
        .whereRef('m.tenant_id', '=', 'c.tenant_id')
        .whereRef('m.community_id', '=', 'c.id')
        .where('m.left_at', 'is', null)
        .select(eb.fn.countAll<number>().as('n'))
        .as('member_count'),
      eb
        .selectFrom('community_ratings as r')
        .whereRef('r.tenant_id', '=', 'c.tenant_id')
        .whereRef('r.community_id', '=', 'c.id')
        // numeric rounding is half away from zero (contract §1.6)
        .select(sql<string | null>`round(avg(r.rating), 2)`.as('a'))
        .as('rating_average'),
      eb
        .selectFrom('community_ratings as r')
        .whereRef('r.tenant_id', '=', 'c.tenant_id')
        .whereRef('r.community_id', '=', 'c.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('rating_count'),
      eb
        .selectFrom('community_issues as i')
        .whereRef('i.tenant_id', '=', 'c.tenant_id')
        .whereRef('i.community_id', '=', 'c.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('issue_count'),
      eb
        .selectFrom('community_issues as i')
        .whereRef('i.tenant_id', '=', 'c.tenant_id')
        .whereRef('i.community_id', '=', 'c.id')
        .where('i.solved', '=', false)
        .select(eb.fn.countAll<number>().as('n'))
        .as('open_issue_count'),
      // Staff are never members and have no favourites.
      sql<boolean>`${
        clientId === null
          ? sql`false`
          : eb.exists(
              eb
                .selectFrom('community_memberships as m')
                .select('m.id')
                .whereRef('m.community_id', '=', 'c.id')
                .where('m.client_id', '=', clientId)
                .where('m.left_at', 'is', null),
            )
      }`.as('is_member'),
      sql<boolean>`${
        clientId === null
          ? sql`false`
          : eb.exists(
              eb
                .selectFrom('community_favourites as f')
                .select('f.client_id')
                .whereRef('f.community_id', '=', 'c.id')
                .where('f.client_id', '=', clientId),
            )
      }`.as('is_favourite'),
    ])
  if (actor.kind === 'staff') q = q.where('c.tenant_id', '=', actor.tenantId)
  const rows = await q.execute()
  const members =
    actor.kind === 'staff' ? await membersPreview(ex, actor.tenantId, ids, MEMBERS_PREVIEW) : new Map<never, never>()
  const byId = new Map(
    rows.map((c) => [
      c.id,
      {
        community_id: c.id,
        community_name: c.name,
        tenant_id: { tenant_id: c.tenant_id, tenant_name: c.tenant_name },
        description: c.description,
        member_count: Number(c.member_count ?? 0),
        members: actor.kind === 'staff' ? (members.get(c.id) ?? []) : null,
        is_member: Boolean(c.is_member),
        is_favourite: Boolean(c.is_favourite),
        rating_average: c.rating_average === null ? null : Number(c.rating_average),
        rating_count: Number(c.rating_count ?? 0),
        issue_count: Number(c.issue_count ?? 0),
        open_issue_count: Number(c.open_issue_count ?? 0),
        is_archived: c.is_archived,
        created_at: isoRequired(c.created_at),
        updated_at: isoRequired(c.updated_at),
      } satisfies Community,
    ]),
  )
  return ids.flatMap((id) => {
    const c = byId.get(id)
    return c ? [c] : []
  })
}

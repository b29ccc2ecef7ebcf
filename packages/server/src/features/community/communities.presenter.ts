import type { Community } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { isoRequired } from '../../lib/clock.js'
import { page } from '../../lib/pagination.js'
import { listCommunitySummaries, listCommunitySummariesForClient, type IdPage } from './communities.queries.js'
import { listMembersPreview } from './membership.queries.js'
import { clientDetail } from './people.js'

/** How many members the staff view of a community carries (contract §5.1); the rest are on `/members/`. */
export const MEMBERS_PREVIEW = 50

/** The first members of each community as staff see them, first by join date (one query for the whole page). */
async function membersPreview(ex: Executor, tenantId: number, ids: number[]) {
  const byCommunity = new Map<number, ReturnType<typeof clientDetail>[]>()
  for (const r of await listMembersPreview(ex, tenantId, ids, MEMBERS_PREVIEW)) {
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
  if (ids.length === 0 || actor.kind === 'visitor') return []
  const [rows, members] =
    actor.kind === 'staff'
      ? await Promise.all([listCommunitySummaries(ex, actor.tenantId, ids), membersPreview(ex, actor.tenantId, ids)])
      : [await listCommunitySummariesForClient(ex, actor.userId, ids), null]
  const byId = new Map(
    rows.map((c) => [
      c.id,
      {
        community_id: c.id,
        community_name: c.name,
        tenant_id: { tenant_id: c.tenant_id, tenant_name: c.tenant_name },
        description: c.description,
        member_count: Number(c.member_count ?? 0),
        members: members ? (members.get(c.id) ?? []) : null,
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

/** One page of an offset-paged list of communities (contract §1.8), shaped for the caller. */
export async function communityPage(
  ex: Executor,
  actor: Actor,
  found: IdPage,
  window: { limit: number; offset: number },
) {
  const data = await presentCommunities(ex, actor, found.ids)
  return page(data, { limit: window.limit, offset: window.offset, total: found.total })
}

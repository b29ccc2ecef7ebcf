import {
  planById,
  type Community,
  type CommunityCreate,
  type CommunityListQuery,
  type CommunityMembersQuery,
  type CommunityUpdate,
} from '@proxima/contracts'
import type { z } from 'zod'
import type { Db, Executor } from '../../db/database.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { loadCommunityFor } from './access.js'
import {
  communityNameTaken,
  countCommunities,
  insertCommunity,
  listCommunityIds,
  listCommunityIdsForClient,
  lockTenantPlan,
  updateCommunity,
} from './communities.queries.js'
import { communityPage, presentCommunities } from './communities.presenter.js'
import { listMembers } from './membership.queries.js'
import { createMembershipService } from './membership.service.js'
import { createRatingService } from './ratings.service.js'
import { clientDetail } from './people.js'

/** Read by other features (plan usage, quotas); they go through this module, never the query module. */
export { countCommunities } from './communities.queries.js'

const NAME_TAKEN = 'A community with this name already exists.'
const nameTaken = () => conflict('community.name_taken', NAME_TAKEN, { community_name: [NAME_TAKEN] })

const limitReached = (max: number) =>
  new AppError(
    403,
    'plan.limit_reached',
    `Your plan allows at most ${max} ${max === 1 ? 'community' : 'communities'}.`,
    { errors: { limit: ['max_communities'] } },
  )

/** Communities (contract §5): reading, creating and changing them; membership, favourites and ratings. */
export function createCommunityService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps

  /**
   * Staff: their tenant's communities (archived ones with `include_archived`). Clients: every community that is not
   * archived, of every active tenant (clients are platform-wide), optionally of one tenant or by membership.
   * Alphabetical, ties by id.
   */
  async function list(actor: StaffActor | ClientActor, q: z.infer<typeof CommunityListQuery>) {
    const filter = { communityId: q.community_id, search: q.search, limit: q.limit, offset: q.offset }
    let found
    if (actor.kind === 'staff') {
      if (q.tenant_id !== undefined && q.tenant_id !== actor.tenantId) throw notFound()
      found = await listCommunityIds(db, actor.tenantId, { ...filter, includeArchived: q.include_archived ?? false })
    } else {
      found = await listCommunityIdsForClient(db, actor.userId, {
        ...filter,
        tenantId: q.tenant_id,
        isMember: q.is_member,
      })
    }
    return communityPage(db, actor, found, q)
  }

  async function present(ex: Executor, actor: StaffActor | ClientActor, id: number): Promise<Community> {
    const [community] = await presentCommunities(ex, actor, [id])
    if (!community) throw notFound()
    return community
  }

  async function get(actor: StaffActor | ClientActor, id: number) {
    const community = await loadCommunityFor(db, actor, id)
    return present(db, actor, community.id)
  }

  /** Names are unique per tenant regardless of case; the plan's `max_communities` counts archived ones too. */
  async function create(actor: StaffActor, input: z.infer<typeof CommunityCreate>) {
    const now = clock.now()
    try {
      const id = await db.transaction().execute(async (trx) => {
        const tenant = await lockTenantPlan(trx, actor.tenantId)
        const max = planById(tenant.plan).limits.max_communities
        if (max !== null && (await countCommunities(trx, tenant.id)) >= max) throw limitReached(max)
        if (await communityNameTaken(trx, tenant.id, input.community_name)) throw nameTaken()
        return insertCommunity(trx, tenant.id, {
          name: input.community_name,
          description: input.description ?? null,
          at: now,
        })
      })
      return await present(db, actor, id)
    } catch (err) {
      if (isUniqueViolation(err, 'communities_name_key')) throw nameTaken()
      throw err
    }
  }

  /** Archiving hides the community from clients and makes it read-only; staff still read it. */
  async function update(actor: StaffActor, id: number, input: z.infer<typeof CommunityUpdate>) {
    try {
      await db.transaction().execute(async (trx) => {
        const community = await loadCommunityFor(trx, actor, id, { lock: true })
        if (
          input.community_name !== undefined &&
          (await communityNameTaken(trx, actor.tenantId, input.community_name, community.id))
        )
          throw nameTaken()
        const changes = {
          ...(input.community_name !== undefined ? { name: input.community_name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.is_archived !== undefined ? { is_archived: input.is_archived } : {}),
        }
        if (Object.keys(changes).length === 0) return
        await updateCommunity(trx, actor.tenantId, community.id, { ...changes, updated_at: clock.now() })
      })
    } catch (err) {
      if (isUniqueViolation(err, 'communities_name_key')) throw nameTaken()
      throw err
    }
    return present(db, actor, id)
  }

  /** Current members, first joined first; staff see them as `ClientDetail` (members are related clients, §1.5). */
  async function members(actor: StaffActor, id: number, q: z.infer<typeof CommunityMembersQuery>) {
    const community = await loadCommunityFor(db, actor, id)
    const { members, total } = await listMembers(db, actor.tenantId, community.id, q)
    return page(
      members.map((u) => ({ ...clientDetail(u), joined_at: isoRequired(u.joined_at) })),
      { limit: q.limit, offset: q.offset, total },
    )
  }

  return {
    list,
    get,
    create,
    update,
    members,
    ...createMembershipService(deps),
    ...createRatingService(deps),
  }
}

export type CommunityService = ReturnType<typeof createCommunityService>

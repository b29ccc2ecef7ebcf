import {
  planById,
  type Community,
  type CommunityCreate,
  type CommunityListQuery,
  type CommunityMembersQuery,
  type CommunityUpdate,
} from '@proxima/contracts'
import { sql, type ExpressionBuilder } from 'kysely'
import type { z } from 'zod'
import type { Db, Executor } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { EventBus } from '../realtime/bus.js'
import { escapeLike } from '../../lib/like.js'
import { countCommunities } from './communities.queries.js'
import { presentCommunities } from './communities.presenter.js'
import { loadCommunityFor } from './community.queries.js'
import { createMembershipService } from './membership.service.js'
import { createRatingService } from './ratings.service.js'
import { clientDetail } from './people.js'

export type CommunityDeps = { db: Db; clock: Clock; bus: EventBus }

const NAME_TAKEN = 'A community with this name already exists.'
const nameTaken = () => conflict('community.name_taken', NAME_TAKEN, { community_name: [NAME_TAKEN] })

const limitReached = (max: number) =>
  new AppError(
    403,
    'plan.limit_reached',
    `Your plan allows at most ${max} ${max === 1 ? 'community' : 'communities'}.`,
    { errors: { limit: ['max_communities'] } },
  )

async function nameInUse(ex: Executor, tenantId: number, name: string, exceptId?: number) {
  let q = ex
    .selectFrom('communities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

/** Text search over a community's name and description (case-insensitive substring). */
const matches = (search: string) => (eb: ExpressionBuilder<DB & { c: DB['communities'] }, 'c'>) => {
  const p = `%${escapeLike(search)}%`
  return eb.or([eb('c.name', 'ilike', p), eb('c.description', 'ilike', p)])
}

/** Communities (contract §5): reading, creating and changing them; membership, favourites and ratings. */
export function createCommunityService(deps: CommunityDeps) {
  const { db, clock } = deps

  /**
   * Staff: their tenant's communities (archived ones with `include_archived`). Clients: every community that is not
   * archived, of every active tenant (clients are platform-wide), optionally of one tenant or by membership.
   * Alphabetical, ties by id.
   */
  async function list(actor: Actor, q: z.infer<typeof CommunityListQuery>) {
    if (actor.kind === 'visitor') throw forbidden()
    let rows = db.selectFrom('communities as c')
    if (actor.kind === 'staff') {
      if (q.tenant_id !== undefined && q.tenant_id !== actor.tenantId) throw notFound()
      rows = rows.where('c.tenant_id', '=', actor.tenantId)
      if (!q.include_archived) rows = rows.where('c.is_archived', '=', false)
    } else {
      if (q.tenant_id !== undefined) rows = rows.where('c.tenant_id', '=', q.tenant_id)
      rows = rows
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
      if (q.is_member !== undefined) {
        const clientId = actor.userId
        rows = rows.where((eb) => {
          const member = eb.exists(
            eb
              .selectFrom('community_memberships as m')
              .select('m.id')
              .whereRef('m.community_id', '=', 'c.id')
              .where('m.client_id', '=', clientId)
              .where('m.left_at', 'is', null),
          )
          return q.is_member ? member : eb.not(member)
        })
      }
    }
    if (q.community_id !== undefined) rows = rows.where('c.id', '=', q.community_id)
    if (q.search) rows = rows.where(matches(q.search))
    const [{ total }, ids] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows
        .select('c.id')
        .orderBy(sql`lower(c.name)`)
        .orderBy('c.id')
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

  async function present(ex: Executor, actor: Actor, id: number): Promise<Community> {
    const [community] = await presentCommunities(ex, actor, [id])
    if (!community) throw notFound()
    return community
  }

  async function get(actor: Actor, id: number) {
    const community = await loadCommunityFor(db, actor, id)
    return present(db, actor, community.id)
  }

  /** Names are unique per tenant regardless of case; the plan's `max_communities` counts archived ones too. */
  async function create(actor: StaffActor, input: z.infer<typeof CommunityCreate>) {
    const now = clock.now()
    try {
      const id = await db.transaction().execute(async (trx) => {
        // The tenant row is the lock that keeps two concurrent creations from both passing the limit.
        const tenant = await trx
          .selectFrom('tenants')
          .select(['id', 'plan'])
          .where('id', '=', actor.tenantId)
          .forUpdate()
          .executeTakeFirstOrThrow()
        const max = planById(tenant.plan).limits.max_communities
        if (max !== null && (await countCommunities(trx, tenant.id)) >= max) throw limitReached(max)
        if (await nameInUse(trx, tenant.id, input.community_name)) throw nameTaken()
        const row = await trx
          .insertInto('communities')
          .values({
            tenant_id: tenant.id,
            name: input.community_name,
            description: input.description ?? null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return row.id
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
          (await nameInUse(trx, actor.tenantId, input.community_name, community.id))
        )
          throw nameTaken()
        const changes = {
          ...(input.community_name !== undefined ? { name: input.community_name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.is_archived !== undefined ? { is_archived: input.is_archived } : {}),
        }
        if (Object.keys(changes).length === 0) return
        await trx
          .updateTable('communities')
          .set({ ...changes, updated_at: clock.now() })
          .where('tenant_id', '=', actor.tenantId)
          .where('id', '=', community.id)
          .execute()
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
    let rows = db
      .selectFrom('community_memberships as m')
      .innerJoin('users as u', 'u.id', 'm.client_id')
      .where('m.tenant_id', '=', actor.tenantId)
      .where('m.community_id', '=', community.id)
      .where('m.left_at', 'is', null)
    if (q.search) {
      const p = `%${escapeLike(q.search)}%`
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
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows
        .selectAll('u')
        .select('m.joined_at')
        .orderBy('m.joined_at')
        .orderBy('m.id')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    return page(
      data.map((u) => ({ ...clientDetail(u), joined_at: isoRequired(u.joined_at) })),
      { limit: q.limit, offset: q.offset, total: Number(total) },
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

import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { CommunitiesTable, DB } from '../../db/schema.js'
import { containsPattern } from '../../lib/like.js'

export const COMMUNITY_COLUMNS = [
  'c.id',
  'c.tenant_id',
  'c.name',
  'c.description',
  'c.is_archived',
  'c.created_at',
  'c.updated_at',
] as const
export type CommunityRow = Selectable<CommunitiesTable>

type Lock = { lock?: boolean }
type Window = { limit: number; offset: number }
type WithCommunity = DB & { c: DB['communities'] }

/** One window of community ids in list order, with the total it was cut from. */
export type IdPage = { ids: number[]; total: number }

/**
 * Counts what `matching` finds and takes one window of its community ids in the order `ordered` gives: the shape
 * every offset-paged list of communities has (the caller presents the ids).
 */
export async function idPage<D, T extends keyof D>(
  matching: SelectQueryBuilder<D, T, object>,
  ordered: (q: SelectQueryBuilder<D, T, object>) => SelectQueryBuilder<D, T, { id: number }>,
  window: Window,
): Promise<IdPage> {
  const [{ total }, rows] = await Promise.all([
    matching
      .select(sql<number>`count(*)`.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
    ordered(matching).limit(window.limit).offset(window.offset).execute(),
  ])
  return { ids: rows.map((r) => r.id), total: Number(total) }
}

/** The tenant is active: customers see nothing of a suspended or closed tenant. */
const ofActiveTenant = (eb: ExpressionBuilder<WithCommunity, 'c'>) =>
  eb.exists(
    eb.selectFrom('tenants as t').select('t.id').whereRef('t.id', '=', 'c.tenant_id').where('t.status', '=', 'active'),
  )

/** One community of a tenant, archived or not, or undefined. */
export function findCommunity(ex: Executor, tenantId: number, communityId: number, opts: Lock = {}) {
  const q = ex
    .selectFrom('communities as c')
    .select(COMMUNITY_COLUMNS)
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', communityId)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/**
 * A community as customers reach it, by id alone: customers are platform-wide accounts (users with tenant_id
 * NULL), so this spans tenants; only communities of an active tenant. Archived ones are returned too: reads
 * hide them, writes answer that they are archived.
 */
export function findCommunityOfActiveTenant(ex: Executor, communityId: number, opts: Lock = {}) {
  const q = ex
    .selectFrom('communities as c')
    .select(COMMUNITY_COLUMNS)
    .where('c.id', '=', communityId)
    .where(ofActiveTenant)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/** Communities a tenant has, archived ones included: what `limits.max_communities` counts (contract §3.3). */
export async function countCommunities(ex: Executor, tenantId: number): Promise<number> {
  const row = await ex
    .selectFrom('communities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The tenant's plan, its row locked: the lock keeps two concurrent creations from both passing the plan's limit. */
export function lockTenantPlan(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants')
    .select(['id', 'plan'])
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

/** Whether another community of the tenant has this name: names are unique per tenant regardless of case. */
export async function communityNameTaken(ex: Executor, tenantId: number, name: string, exceptId?: number) {
  let q = ex
    .selectFrom('communities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

/** A new community of the tenant; its id. */
export async function insertCommunity(
  ex: Executor,
  tenantId: number,
  values: { name: string; description: string | null; at: Date },
): Promise<number> {
  const row = await ex
    .insertInto('communities')
    .values({
      tenant_id: tenantId,
      name: values.name,
      description: values.description,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Renames, redescribes, archives or restores a community of the tenant. */
export async function updateCommunity(
  ex: Executor,
  tenantId: number,
  communityId: number,
  changes: Pick<Updateable<CommunitiesTable>, 'name' | 'description' | 'is_archived' | 'updated_at'>,
) {
  await ex
    .updateTable('communities')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', communityId)
    .execute()
}

type CommunityFilter = { communityId?: number | undefined; search?: string | undefined }

/** Text search over a community's name and description (case-insensitive substring). */
const matches = (search: string) => (eb: ExpressionBuilder<WithCommunity, 'c'>) => {
  const p = containsPattern(search)
  return eb.or([eb('c.name', 'ilike', p), eb('c.description', 'ilike', p)])
}

/** Alphabetical, ties by id. */
const byName = (q: SelectQueryBuilder<WithCommunity, 'c', object>) =>
  q
    .select('c.id')
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')

/** A page of a tenant's community ids, alphabetical (archived ones only with `includeArchived`). */
export function listCommunityIds(
  ex: Executor,
  tenantId: number,
  f: CommunityFilter & Window & { includeArchived: boolean },
): Promise<IdPage> {
  let rows = ex.selectFrom('communities as c').where('c.tenant_id', '=', tenantId)
  if (!f.includeArchived) rows = rows.where('c.is_archived', '=', false)
  if (f.communityId !== undefined) rows = rows.where('c.id', '=', f.communityId)
  if (f.search) rows = rows.where(matches(f.search))
  return idPage(rows, byName, f)
}

/**
 * A page of the community ids a customer may see, alphabetical: every community that is not archived, of every
 * active tenant (customers are platform-wide accounts, users with tenant_id NULL, so this spans tenants),
 * optionally of one tenant, or by the customer's current membership.
 */
export function listCommunityIdsForClient(
  ex: Executor,
  clientId: number,
  f: CommunityFilter & Window & { tenantId?: number | undefined; isMember?: boolean | undefined },
): Promise<IdPage> {
  let rows = ex.selectFrom('communities as c')
  if (f.tenantId !== undefined) rows = rows.where('c.tenant_id', '=', f.tenantId)
  rows = rows.where('c.is_archived', '=', false).where(ofActiveTenant)
  if (f.isMember !== undefined) {
    const wanted = f.isMember
    rows = rows.where((eb) => {
      const member = eb.exists(
        eb
          .selectFrom('community_memberships as m')
          .select('m.id')
          .whereRef('m.community_id', '=', 'c.id')
          .where('m.client_id', '=', clientId)
          .where('m.left_at', 'is', null),
      )
      return wanted ? member : eb.not(member)
    })
  }
  if (f.communityId !== undefined) rows = rows.where('c.id', '=', f.communityId)
  if (f.search) rows = rows.where(matches(f.search))
  return idPage(rows, byName, f)
}

/** Names of some communities of a tenant. */
export function listCommunityNames(ex: Executor, tenantId: number, communityIds: number[]) {
  if (communityIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('communities')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', communityIds)
    .execute()
}

/** The counts shown on a community (contract §5.1), computed for the rows asked for. */
function summaries(ex: Executor) {
  return ex
    .selectFrom('communities as c')
    .innerJoin('tenants as t', 't.id', 'c.tenant_id')
    .select([...COMMUNITY_COLUMNS, 't.name as tenant_name'])
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
    ])
}

/** Some communities of a tenant with their counts, as its staff see them (staff are never members). */
export function listCommunitySummaries(ex: Executor, tenantId: number, communityIds: number[]) {
  if (communityIds.length === 0) return Promise.resolve([])
  return summaries(ex)
    .select([sql<boolean>`false`.as('is_member'), sql<boolean>`false`.as('is_favourite')])
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', 'in', communityIds)
    .execute()
}

/**
 * Some communities with their counts and whether the customer is a member and has them as a favourite. Spans
 * tenants: customers are platform-wide accounts (tenant_id NULL); the caller has checked they may see them.
 */
export function listCommunitySummariesForClient(ex: Executor, clientId: number, communityIds: number[]) {
  if (communityIds.length === 0) return Promise.resolve([])
  return summaries(ex)
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('community_memberships as m')
            .select('m.id')
            .whereRef('m.community_id', '=', 'c.id')
            .where('m.client_id', '=', clientId)
            .where('m.left_at', 'is', null),
        )
        .as('is_member'),
      eb
        .exists(
          eb
            .selectFrom('community_favourites as f')
            .select('f.client_id')
            .whereRef('f.community_id', '=', 'c.id')
            .where('f.client_id', '=', clientId),
        )
        .as('is_favourite'),
    ])
    .where('c.id', 'in', communityIds)
    .execute()
}

import { sql, type ExpressionBuilder, type Selectable, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { CommunityIssuesTable, DB } from '../../db/schema.js'
import { containsPattern } from '../../lib/like.js'

const ISSUE_COLUMNS = [
  'id',
  'tenant_id',
  'community_id',
  'client_id',
  'title',
  'description',
  'solved',
  'solved_at',
  'solved_by_user_id',
  'last_activity_at',
  'created_at',
  'updated_at',
] as const
export type IssueRow = Selectable<CommunityIssuesTable>

type Lock = { lock?: boolean }

/** One issue of a tenant, or undefined. */
export function findIssue(ex: Executor, tenantId: number, issueId: number, opts: Lock = {}) {
  const q = ex
    .selectFrom('community_issues')
    .select(ISSUE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', issueId)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/**
 * An issue by id alone, for a customer: customers are platform-wide accounts (users with tenant_id NULL), so this
 * spans tenants; the caller then applies the rules of the issue's community.
 */
export function findIssueForClient(ex: Executor, issueId: number, opts: Lock = {}) {
  const q = ex.selectFrom('community_issues').select(ISSUE_COLUMNS).where('id', '=', issueId)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/** Likes on an issue's comments that are not deleted: what "most liked" sorts issues by. */
const issueLikes = (eb: ExpressionBuilder<DB & { i: DB['community_issues'] }, 'i'>) =>
  eb
    .selectFrom('community_comments as lc')
    .innerJoin('comment_reactions as lr', 'lr.comment_id', 'lc.id')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('lc.tenant_id', '=', 'i.tenant_id')
    .whereRef('lc.issue_id', '=', 'i.id')
    .where('lc.deleted_at', 'is', null)
    .where('lr.reaction', '=', 'like')

export type IssueFilter = {
  communityId?: number | undefined
  issueId?: number | undefined
  solved?: boolean | undefined
  clientId?: number | undefined
  /** `[from, to]` on the creation time */
  from?: Date | undefined
  to?: Date | undefined
  search?: string | undefined
  sort: '-created_at' | '-last_activity_at' | '-like_count'
  limit: number
  offset: number
}

/** A page of a tenant's issues (one community's with `communityId`), newest, most active or most liked first. */
export async function listIssues(ex: Executor, tenantId: number, f: IssueFilter) {
  let rows = ex.selectFrom('community_issues as i').where('i.tenant_id', '=', tenantId)
  if (f.communityId !== undefined) rows = rows.where('i.community_id', '=', f.communityId)
  if (f.issueId !== undefined) rows = rows.where('i.id', '=', f.issueId)
  if (f.solved !== undefined) rows = rows.where('i.solved', '=', f.solved)
  if (f.clientId !== undefined) rows = rows.where('i.client_id', '=', f.clientId)
  if (f.from !== undefined) rows = rows.where('i.created_at', '>=', f.from)
  if (f.to !== undefined) rows = rows.where('i.created_at', '<=', f.to)
  if (f.search) {
    const like = containsPattern(f.search)
    rows = rows.where((eb) => eb.or([eb('i.title', 'ilike', like), eb('i.description', 'ilike', like)]))
  }
  const columns = ISSUE_COLUMNS.map((c) => `i.${c}` as const)
  const sorted =
    f.sort === '-like_count'
      ? rows.select(columns).orderBy((eb) => issueLikes(eb), 'desc')
      : rows.select(columns).orderBy(f.sort === '-last_activity_at' ? 'i.last_activity_at' : 'i.created_at', 'desc')
  const [{ total }, issues] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    sorted.orderBy('i.id', 'desc').limit(f.limit).offset(f.offset).execute(),
  ])
  return { issues, total: Number(total) }
}

/**
 * The overview's issue counts: raised since the start of `day` in the tenant's time zone, and not solved (every
 * community of the tenant, archived ones included, as staff see them).
 */
export async function countIssuesForOverview(ex: Executor, tenantId: number, day: string, timezone: string) {
  const row = await ex
    .selectFrom('community_issues as i')
    .where('i.tenant_id', '=', tenantId)
    .select([
      sql<string>`count(*) filter (where i.created_at >= (${day}::date)::timestamp at time zone ${timezone})`.as(
        'new_today',
      ),
      sql<string>`count(*) filter (where not i.solved)`.as('unsolved'),
    ])
    .executeTakeFirstOrThrow()
  return { new_today: Number(row.new_today), unsolved: Number(row.unsolved) }
}

/** A new unsolved issue of a tenant's community. */
export function insertIssue(
  ex: Executor,
  tenantId: number,
  v: { communityId: number; clientId: number; title: string; description: string; at: Date },
) {
  return ex
    .insertInto('community_issues')
    .values({
      tenant_id: tenantId,
      community_id: v.communityId,
      client_id: v.clientId,
      title: v.title,
      description: v.description,
      solved: false,
      last_activity_at: v.at,
      created_at: v.at,
      updated_at: v.at,
    })
    .returning(ISSUE_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** Changes an issue of a tenant; it counts as activity. */
export function updateIssue(
  ex: Executor,
  tenantId: number,
  issueId: number,
  set: Pick<Updateable<CommunityIssuesTable>, 'title' | 'description' | 'solved' | 'solved_at' | 'solved_by_user_id'>,
  at: Date,
) {
  return ex
    .updateTable('community_issues')
    .set({ ...set, updated_at: at, last_activity_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', issueId)
    .returning(ISSUE_COLUMNS)
    .executeTakeFirstOrThrow()
}

/**
 * Moves an issue's last activity to `at` (never back), and locks the issue: true when the issue is still there.
 * The lock keeps the author from deleting it as comment-free while a comment is written.
 */
export async function touchIssue(ex: Executor, tenantId: number, issueId: number, at: Date) {
  const touched = await ex
    .updateTable('community_issues')
    .set({ last_activity_at: sql<Date>`greatest(last_activity_at, ${at})` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', issueId)
    .returning('id')
    .executeTakeFirst()
  return touched !== undefined
}

/** Deletes an issue of a tenant; its thread, comments and reactions go with it (foreign keys cascade). */
export async function deleteIssue(ex: Executor, tenantId: number, issueId: number) {
  await ex.deleteFrom('community_issues').where('tenant_id', '=', tenantId).where('id', '=', issueId).execute()
}

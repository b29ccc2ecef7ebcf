import { sql, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { UserRow, UsersTable } from '../../db/schema.js'
import { containsPattern } from '../../lib/like.js'

/** What the staff screens show of a member; credentials and sign-in counters stay in the database. */
const STAFF_COLUMNS = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'phonenumber',
  'profile_photo',
  'user_type',
  'is_active',
  'email_verified',
  'last_login_at',
  'created_at',
  'updated_at',
] as const
export type StaffRow = Pick<UserRow, (typeof STAFF_COLUMNS)[number]>

/** The tenant's staff accounts that still exist (clients and anonymised accounts are not staff). */
const members = (ex: Executor, tenantId: number) =>
  ex
    .selectFrom('users')
    .where('tenant_id', '=', tenantId)
    .where('user_type', 'in', ['admin', 'employee'])
    .where('deleted_at', 'is', null)

export type StaffFilters = {
  search?: string | undefined
  user_type?: 'admin' | 'employee' | undefined
  is_active?: boolean | undefined
}

/** One page of the tenant's members by first and last name, with the total the filters match. */
export async function listStaff(
  ex: Executor,
  tenantId: number,
  filters: StaffFilters,
  opts: { limit: number; offset: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  let base = members(ex, tenantId)
  if (filters.user_type) base = base.where('user_type', '=', filters.user_type)
  if (filters.is_active !== undefined) base = base.where('is_active', '=', filters.is_active)
  if (filters.search) {
    const like = containsPattern(filters.search)
    base = base.where((eb) =>
      eb.or([
        eb('username', 'ilike', like),
        eb('email', 'ilike', like),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like),
      ]),
    )
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(STAFF_COLUMNS)
      .orderBy(sql`lower(first_name)`)
      .orderBy(sql`lower(last_name)`)
      .orderBy('id')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
  ])
  return { rows, total: Number(total) }
}

/** A member of the tenant; another tenant's member is as absent as an unknown id. */
export function findStaffMember(ex: Executor, tenantId: number, id: number): Promise<StaffRow | undefined> {
  return members(ex, tenantId).select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst()
}

/** Active admins of the tenant: there must always be at least one. */
export async function countActiveAdmins(ex: Executor, tenantId: number): Promise<number> {
  const row = await members(ex, tenantId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_type', '=', 'admin')
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Changes a member's role or activity; undefined when the tenant has no such member. */
export function updateStaffMember(
  ex: Executor,
  tenantId: number,
  id: number,
  changes: Pick<Updateable<UsersTable>, 'user_type' | 'is_active' | 'updated_at'>,
): Promise<StaffRow | undefined> {
  return ex
    .updateTable('users')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(STAFF_COLUMNS)
    .executeTakeFirst()
}

export type ChatCounts = Map<number, { open: number; resolved: number }>

/** Chats assigned to each of the members: not yet resolved, and resolved (all time). */
export async function countAssignedChats(ex: Executor, tenantId: number, userIds: number[]): Promise<ChatCounts> {
  if (userIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('chats')
    .select([
      'assignee_id',
      (eb) => eb.fn.countAll<number>().filterWhere('status', '<>', 'resolved').as('open'),
      (eb) => eb.fn.countAll<number>().filterWhere('status', '=', 'resolved').as('resolved'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('assignee_id', 'in', userIds)
    .groupBy('assignee_id')
    .execute()
  return new Map(rows.map((r) => [r.assignee_id!, { open: Number(r.open), resolved: Number(r.resolved) }]))
}

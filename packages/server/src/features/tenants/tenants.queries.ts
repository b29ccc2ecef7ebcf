import { sql, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { TenantRow, TenantsTable } from '../../db/schema.js'

/** What the API shows of a tenant and what its rules read; the onboarding token's hash stays in the database. */
export const TENANT_COLUMNS = [
  'id',
  'name',
  'industry',
  'email',
  'phonenumber',
  'status',
  'plan',
  'subscription_status',
  'trial_started_at',
  'trial_ends_at',
  'current_period_end',
  'timezone',
  'onboarding_expires_at',
  'created_at',
  'updated_at',
] as const
export type TenantRecord = Pick<TenantRow, (typeof TENANT_COLUMNS)[number]>

/** Whether any organization exists: a fresh install has none (spans tenants by nature). */
export async function anyTenantExists(ex: Executor): Promise<boolean> {
  return (await ex.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) !== undefined
}

/** Tenant names are unique across the platform regardless of case, so this looks at every tenant but `exceptId`. */
export async function tenantNameInUse(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
  let q = ex
    .selectFrom('tenants')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

/** Sweeps every tenant whose onboarding expired without an admin (frees their names); returns how many went. */
export async function sweepAbandonedTenants(ex: Executor, now: Date): Promise<number> {
  const res = await ex
    .deleteFrom('tenants')
    .where('status', '=', 'pending_admin')
    .where('onboarding_expires_at', '<=', now)
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

/** Onboarding step 1: a tenant waiting for its first admin, reachable only with the onboarding token. */
export function insertTenant(
  ex: Executor,
  values: {
    name: string
    industry: string
    email: string
    phonenumber: string | null
    plan: TenantRow['plan']
    timezone: string
    onboarding_token_hash: string
    onboarding_expires_at: Date
    now: Date
  },
): Promise<TenantRecord> {
  const { now, ...tenant } = values
  return ex
    .insertInto('tenants')
    .values({ ...tenant, created_at: now, updated_at: now })
    .returning(TENANT_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** Every tenant starts with its settings row (business hours, widget key) and a community named after it. */
export async function insertTenantDefaults(
  ex: Executor,
  tenantId: number,
  values: { business_hours: string; widget_key: string; community_name: string },
): Promise<void> {
  await ex
    .insertInto('tenant_settings')
    .values({ tenant_id: tenantId, business_hours: values.business_hours, widget_key: values.widget_key })
    .execute()
  await ex.insertInto('communities').values({ tenant_id: tenantId, name: values.community_name }).execute()
}

/** The caller's own tenant. */
export function findTenant(ex: Executor, tenantId: number): Promise<TenantRecord | undefined> {
  return ex.selectFrom('tenants').select(TENANT_COLUMNS).where('id', '=', tenantId).executeTakeFirst()
}

/**
 * Locks the tenant row for the rest of the transaction: the lock that keeps concurrent writes from both passing a
 * per-tenant limit (agents, metadata keys). Returns the plan the limits come from.
 */
export function lockTenant(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants')
    .select(['id', 'plan'])
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

export type TenantChanges = Pick<
  Updateable<TenantsTable>,
  'name' | 'industry' | 'email' | 'phonenumber' | 'timezone' | 'plan' | 'updated_at'
>

/** Changes the tenant's own profile, time zone or plan; undefined when it is gone. */
export function updateTenant(
  ex: Executor,
  tenantId: number,
  changes: TenantChanges,
): Promise<TenantRecord | undefined> {
  return ex.updateTable('tenants').set(changes).where('id', '=', tenantId).returning(TENANT_COLUMNS).executeTakeFirst()
}

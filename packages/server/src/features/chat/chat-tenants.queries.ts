import type { Executor } from '../../db/database.js'

/** The tenant a customer chats with, or reads topics of, if it is active; undefined otherwise. */
export function findActiveTenant(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants')
    .select(['id'])
    .where('id', '=', tenantId)
    .where('status', '=', 'active')
    .executeTakeFirst()
}

/** The tenant's time zone: chat list dates mean whole days there. */
export async function findTenantTimezone(ex: Executor, tenantId: number): Promise<string | undefined> {
  const row = await ex.selectFrom('tenants').select('timezone').where('id', '=', tenantId).executeTakeFirst()
  return row?.timezone
}

/** The tenant's plan, whose limits bound the voice storage. */
export async function findTenantPlan(ex: Executor, tenantId: number) {
  const row = await ex.selectFrom('tenants').select('plan').where('id', '=', tenantId).executeTakeFirstOrThrow()
  return row.plan
}

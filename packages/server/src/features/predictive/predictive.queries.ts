import type { Executor } from '../../db/database.js'

/** The tenant's plan, creation time and time zone. */
export async function tenantBasics(db: Executor, tenantId: number) {
  return db
    .selectFrom('tenants')
    .select(['plan', 'created_at', 'timezone'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow()
}

import type { Executor } from '../../db/database.js'
import { relatedToTenant } from '../../db/client-relation.js'

/** The condition itself lives in `db/client-relation.ts`, where every feature that judges relatedness reads it. */
export { relatedToTenant } from '../../db/client-relation.js'

/** The ids among `clientIds` that are customers related to the tenant. */
export async function relatedClientIds(ex: Executor, tenantId: number, clientIds: number[]): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set()
  const rows = await ex
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', clientIds)
    .where('u.user_type', '=', 'client')
    .where((eb) => relatedToTenant(tenantId, eb.ref('u.id')))
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** Whether the client is related to the tenant. */
export async function isRelated(ex: Executor, tenantId: number, clientId: number): Promise<boolean> {
  return (await relatedClientIds(ex, tenantId, [clientId])).has(clientId)
}

import type { Actor } from '../../http/actor.js'
import { assertFound, fieldError, notFound } from '../../lib/errors.js'
import type { Executor } from '../../db/database.js'
import { findActiveTenant } from './chat-tenants.queries.js'

/**
 * The tenant whose categories and topics a caller reads: staff and visitors their own (a different `tenant_id`
 * looks absent), clients (who belong to no tenant) the active tenant they name.
 */
export async function readableTenant(ex: Executor, actor: Actor, tenantId: number | undefined): Promise<number> {
  if (actor.kind !== 'client') {
    if (tenantId !== undefined && tenantId !== actor.tenantId) throw notFound()
    return actor.tenantId
  }
  if (tenantId === undefined) throw fieldError('tenant_id', 'Choose an organization.')
  return assertFound(await findActiveTenant(ex, tenantId)).id
}

import type { TenantScope } from '@proxima/contracts'
import { notFound } from '../lib/errors.js'

/**
 * A tenant that staff (or a visitor) name with `tenant` or `tenant_id` must be their own (contract §1.5.2): any other
 * is answered exactly like an id that does not exist, so the reply tells nothing about other tenants.
 */
export function assertOwnTenant(actor: { tenantId: number }, named: Partial<TenantScope>): void {
  for (const id of [named.tenant, named.tenant_id]) {
    if (id !== undefined && id !== actor.tenantId) throw notFound()
  }
}

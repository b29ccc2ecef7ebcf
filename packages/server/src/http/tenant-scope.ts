import type { FastifyInstance } from 'fastify'
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Contract §1.5.2 on every route at once: when staff send `tenant` or `tenant_id` in the query string or the JSON
 * body, it must name their own tenant; any other value (another tenant, one that does not exist, or no tenant id
 * at all) answers 404 before anything else happens. Runs before schema validation, which would otherwise drop the
 * field unseen on routes that do not declare it. Customers are not concerned: for them `tenant_id` is a filter.
 */
export function registerTenantScope(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const actor = req.actor
    if (actor?.kind !== 'staff') return
    for (const source of [req.query, req.body]) {
      if (!isRecord(source)) continue
      for (const key of ['tenant', 'tenant_id']) {
        const value = source[key]
        if (value === undefined) continue
        const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
        if (text !== String(actor.tenantId)) throw notFound()
      }
    }
  })
}

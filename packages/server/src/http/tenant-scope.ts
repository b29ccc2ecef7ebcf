import type { FastifyInstance } from 'fastify'
import { notFound } from '../lib/errors.js'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const TENANT_ID = /^[1-9]\d{0,15}$/

/**
 * Contract §1.5.2 on every route at once: when staff name a tenant by id (`tenant` or `tenant_id`, in the query
 * string or the JSON body), it must be their own; another one, or one that does not exist, answers 404 before
 * anything else happens. Runs before schema validation, which would otherwise drop the field unseen on routes that
 * do not declare it. A value that is no tenant id at all is left to validation (400 on routes that declare the
 * field); objects are left alone (clients echo the session's `tenant_id: {tenant_id, tenant_name}` object).
 * Customers are not concerned: for them `tenant_id` is a filter.
 */
export function registerTenantScope(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const actor = req.actor
    if (actor?.kind !== 'staff') return
    for (const source of [req.query, req.body]) {
      if (!isRecord(source)) continue
      for (const key of ['tenant', 'tenant_id']) {
        const value = source[key]
        const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
        if (TENANT_ID.test(text) && text !== String(actor.tenantId)) throw notFound()
      }
    }
  })
}

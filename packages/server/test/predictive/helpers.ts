import { sql } from 'kysely'
import { expect } from 'vitest'
import type { Forecast } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { auth, createTenantWithAdmin } from '../factories.js'

/* Calling the forecasts' endpoints (contract §8) in tests, and tenants with a history of a chosen length. */

/** Every forecast test runs at this instant: a Wednesday. */
export const NOW = '2026-05-13T10:20:00.000Z'

export type Json = Record<string, unknown>

export function predictiveCalls(app: TestApp) {
  function call(method: 'GET' | 'POST', path: string, token: string, params: Json = {}) {
    if (method === 'POST')
      return app.inject({ method, url: `/api/predictive/${path}/`, headers: auth(token), payload: params })
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()
    return app.inject({ method, url: `/api/predictive/${path}/${qs ? `?${qs}` : ''}`, headers: auth(token) })
  }

  /** The reply of a call that must answer 200. */
  async function ok<T = Forecast>(path: string, token: string, params: Json = {}, method: 'GET' | 'POST' = 'POST') {
    const res = await call(method, path, token, params)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }

  /** Moves a tenant's creation (the start of its history), and sets its plan or time zone. */
  async function backdate(
    tenantId: number,
    createdAt: string,
    set: { plan?: 'professional' | 'business'; timezone?: string },
  ) {
    await sql`UPDATE tenants SET created_at = ${createdAt}::timestamptz WHERE id = ${tenantId}`.execute(app.db)
    await app.db.updateTable('tenants').set(set).where('id', '=', tenantId).execute()
  }

  /** A tenant on `plan` whose history starts at `createdAt`. */
  async function tenant(plan: 'basic' | 'professional', createdAt: string, timezone = 'UTC') {
    const org = await createTenantWithAdmin(app, { plan })
    const tenantId = org.tenant.tenant_id
    await backdate(tenantId, createdAt, { timezone })
    return { tenantId, token: org.token }
  }

  return { call, ok, backdate, tenant }
}

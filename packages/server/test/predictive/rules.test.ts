import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee } from '../factories.js'
import { analyticsWorld } from '../analytics/community-data.js'
import { NOW, predictiveCalls, type Json } from './helpers.js'

/* What every forecast endpoint refuses (contract §8.1): parameters, plan, strangers, roles and methods. */

let app: TestApp
let call: ReturnType<typeof predictiveCalls>['call']
let tenant: ReturnType<typeof predictiveCalls>['tenant']
let main: { tenantId: number; token: string }

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
  ;({ call, tenant } = predictiveCalls(app))
  main = await tenant('professional', '2025-01-01T00:00:00Z')
})
afterAll(async () => {
  await app.shutdown()
})

describe('rules', () => {
  it('a plan without predictive analytics answers 403 plan.feature_unavailable', async () => {
    const basic = await tenant('basic', '2026-01-01T00:00:00Z')
    const res = await call('POST', 'chat/interactions', basic.token)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'plan.feature_unavailable' })
  })

  it.each([
    [{ horizon: 91 }, 'horizon'],
    [{ granularity: 'week', horizon: 27 }, 'horizon'],
    [{ variant: 'monthly', horizon: 25 }, 'horizon'],
    [{ horizon: 0 }, 'horizon'],
    [{ from: '2026-05-01', to: '2026-05-01T00:00:00Z' }, 'from'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ granularity: 'hour' }, 'granularity'],
    [{ granularity: 'day', variant: 'monthly' }, 'variant'],
    [{ measure: 'calls' }, 'measure'],
    [{ topics: 11 }, 'topics'],
    [{ channel: 'fax' }, 'channel'],
  ])('refuses %j with 400 naming %s', async (params, field) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, 'chat/interactions', main.token, params)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ code: 'validation.failed' })
      expect(Object.keys(res.json<{ errors: Json }>().errors).some((k) => k.split('.')[0] === field)).toBe(true)
    }
  })

  it('at most 1,000 periods of history', async () => {
    const old = await tenant('professional', '2020-01-01T00:00:00Z')
    const res = await call('POST', 'chat/interactions', old.token, { from: '2021-01-01' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { from: [expect.any(String)] } })
    // Earlier than the tenant is cut, not refused: weeks since 2020 are fewer than 1,000.
    expect(
      (await call('POST', 'chat/interactions', old.token, { from: '2001-01-01', granularity: 'week' })).statusCode,
    ).toBe(200)
  })

  it('strangers: another tenant or its community is 404; customers 403; no session 401', async () => {
    const other = await analyticsWorld(app)
    const res = await call('POST', 'community/growthrate', main.token, { community: other.communityId })
    expect(res.statusCode).toBe(404)
    expect((await call('POST', 'chat/interactions', main.token, { tenant: other.tenantId })).statusCode).toBe(404)
    const customer = await createClient(app)
    expect((await call('POST', 'chat/interactions', customer.token)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: '/api/predictive/chat/interactions/' })).statusCode).toBe(401)
  })

  it('employees may ask; predictions cannot be deleted (405)', async () => {
    const employee = await createEmployee(app, main.token)
    expect((await call('GET', 'client/uniqueclients', employee.token)).statusCode).toBe(200)
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/predictive/chat/interactions/',
      headers: auth(main.token),
    })
    expect(del.statusCode).toBe(405)
  })
})

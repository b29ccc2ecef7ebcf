import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Forecast } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createClient } from '../factories.js'
import { analyticsWorld, comment, issue, reaction, stay } from '../analytics/community-data.js'
import { NOW, predictiveCalls } from './helpers.js'

/* The community forecasts (contract §8.4): members at the end of each period, and involvement. */

let app: TestApp
let ok: ReturnType<typeof predictiveCalls>['ok']
let backdate: ReturnType<typeof predictiveCalls>['backdate']

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
  ;({ ok, backdate } = predictiveCalls(app))
})
afterAll(async () => {
  await app.shutdown()
})

describe('community forecasts', () => {
  it('growth: members at the end of each month, growth rates, one community or all', async () => {
    const w = await analyticsWorld(app)
    await backdate(w.tenantId, '2026-01-01T00:00:00Z', { plan: 'professional' })
    const c = [1, 2, 3].map(() => 0)
    for (let i = 0; i < c.length; i++) c[i] = (await createClient(app)).client.id
    await stay(app, w, w.communityId, c[0]!, '2026-01-10T00:00:00Z')
    await stay(app, w, w.communityId, c[1]!, '2026-02-10T00:00:00Z', '2026-03-10T00:00:00Z')
    await stay(app, w, w.secondId, c[2]!, '2026-03-05T00:00:00Z')
    const f = await ok<
      Forecast & { growth_rate_history: { growth_rate: number | null }[]; growth_rate_forecast: unknown[] }
    >('community/growthrate', w.adminToken, { variant: 'monthly', horizon: 2 })
    expect(f.history.map((h) => [h.start_time.slice(0, 7), h.value])).toEqual([
      ['2026-01', 1],
      ['2026-02', 2],
      ['2026-03', 2],
      ['2026-04', 2],
    ])
    expect(f.growth_rate_history.map((g) => g.growth_rate)).toEqual([null, 100, 0, 0])
    expect(f.growth_rate_forecast).toHaveLength(2)
    const one = await ok('community/growthrate', w.adminToken, { variant: 'monthly', community: w.communityId })
    expect(one.history.map((h) => h.value)).toEqual([1, 2, 1, 1])
  })

  it('involvements: issues, client comments, reactions and joins, and distinct participants', async () => {
    const w = await analyticsWorld(app)
    await backdate(w.tenantId, '2026-05-01T00:00:00Z', { plan: 'business' })
    const a = (await createClient(app)).client.id
    const b = (await createClient(app)).client.id
    await stay(app, w, w.communityId, a, '2026-05-10T01:00:00Z')
    const i = await issue(app, w, w.communityId, a, '2026-05-10T02:00:00Z')
    const mine = await comment(app, w, i, { client: a }, '2026-05-10T03:00:00Z')
    await comment(app, w, i, { staff: w.adminId }, '2026-05-10T04:00:00Z')
    await comment(app, w, i, { client: b }, '2026-05-11T03:00:00Z', true)
    await reaction(app, w, mine, b, '2026-05-11T05:00:00Z')
    const f = await ok<Forecast & { participants_history: { participants: number }[] }>(
      'community/involvements',
      w.adminToken,
      { from: '2026-05-10', to: '2026-05-11' },
    )
    expect(f.history.map((h) => h.value)).toEqual([3, 1])
    expect(f.participants_history.map((p) => p.participants)).toEqual([1, 1])
  })
})

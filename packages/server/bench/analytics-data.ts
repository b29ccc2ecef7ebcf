/**
 * The analytics benchmark's data: tenant L (two years of a large organization, built by the demo generator) and
 * small tenants beside it, on one database, analysed afterwards so the planner knows the tables' sizes.
 */
import { type Database } from '../src/db/database.js'
import { generateDemo } from '../src/demo/generate.js'
import { DEFAULT_PARAMS, scaleParams, type DemoParams } from '../src/demo/params.js'
import type { VoiceStorage } from '../src/features/media/storage.js'
import { BENCH_PASSWORD } from './harness.js'

/**
 * Tenant L at scale 1: 24 months, about 1,000,000 chats with 10 messages on average (10,000,000 messages),
 * 100,000 customers, about 1,000,000 community comments (about 105,000 issues with 9.5 comments on average) and
 * about 100,000 survey responses (four published surveys of about 25,000 each). `scaleParams` multiplies the
 * volumes (chats, customers, visitors, issues and so comments, responses).
 */
export const LARGE_PARAMS: DemoParams = {
  ...DEFAULT_PARAMS,
  seed: 7,
  days: 730,
  chatsPerDay: 1_370,
  messagesPerChat: 10,
  clients: 100_000,
  visitors: 40_000,
  employees: 20,
  issuesPerDay: 144,
  commentsPerIssue: 10,
  responsesPerSurvey: 25_000,
}

export type BenchData = {
  tenantId: number
  adminEmail: string
  counts: Record<string, number>
  seconds: { large: number; small: number; analyze: number }
  steps: [string, number][]
}

/** Builds tenant L at `scale` and `small` demo-sized tenants (90 days each), then runs VACUUM ANALYZE. */
export async function buildBenchData(
  database: Database,
  o: { scale: number; small: number; storage: VoiceStorage; now: Date; log: (line: string) => void },
): Promise<BenchData> {
  const steps: [string, number][] = []
  const t0 = performance.now()
  const params = scaleParams(LARGE_PARAMS, o.scale)
  const large = await generateDemo(database, {
    params,
    now: o.now,
    name: 'Tenant L (bench)',
    password: BENCH_PASSWORD,
    storage: o.storage,
    onStep: (step, ms) => {
      steps.push([step, ms / 1000])
      o.log(`  tenant L: ${step} ${(ms / 1000).toFixed(1)} s`)
    },
  })
  const largeSeconds = (performance.now() - t0) / 1000
  const t1 = performance.now()
  for (let i = 1; i <= o.small; i++) {
    const small = await generateDemo(database, {
      params: { ...DEFAULT_PARAMS, seed: 100 + i },
      now: o.now,
      name: `Small tenant ${i} (bench)`,
      password: BENCH_PASSWORD,
      storage: o.storage,
    })
    if (i === 1 || i === o.small)
      o.log(`  small tenant ${i}/${o.small}: ${small.counts.chats} chats in ${(small.ms / 1000).toFixed(1)} s`)
  }
  const smallSeconds = (performance.now() - t1) / 1000
  const t2 = performance.now()
  await database.session((run) => run('VACUUM ANALYZE'))
  const analyzeSeconds = (performance.now() - t2) / 1000
  const admin = large.staff.find((s) => s.userType === 'admin')!
  // Customers belong to no tenant, so the count of those made for L is its parameter.
  const counts = { ...large.counts, customers: params.clients }
  return {
    tenantId: large.tenantId,
    adminEmail: admin.email,
    counts,
    seconds: { large: largeSeconds, small: smallSeconds, analyze: analyzeSeconds },
    steps,
  }
}

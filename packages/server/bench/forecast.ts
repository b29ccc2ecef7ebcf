/**
 * Forecast benchmark (contract §8).
 *
 * 1. Accuracy: synthetic series with a known process (forecast-accuracy.ts: daily 180 points with a weekly season,
 *    monthly 36 points with a yearly one, daily without a season; outliers in history and future, an outage in the
 *    history). Prints each candidate's and the selected model's mean sMAPE against the future observations, the ratio
 *    to seasonal naive, the selected model's and seasonal naive's sMAPE against the process (the series without its
 *    noise and outliers), and how many future observations the 80 % and 95 % intervals hold. Targets: selected sMAPE
 *    ≤ 0.9 × seasonal naive on the seasonal series; coverage within 80 ± 7 % and 95 ± 4 %.
 * 2. Speed: the seven endpoints for tenant L of the analytics benchmark (analytics-data.ts), with the server in its
 *    own process, after one untimed call of each: cold (each call a request the cache has not seen: another `to` a
 *    second apart, the same whole periods) and cached (the same request again). Targets: cold p95 ≤ 300 ms, cached p95 ≤ 20 ms.
 *
 *   npm run bench:forecast                                              # both; builds tenant L on PGlite at BENCH_SCALE
 *   BENCH_PART=accuracy npm run bench:forecast                          # accuracy only (no database)
 *   BENCH_PART=accuracy BENCH_OUTLIERS=0 npm run bench:forecast         # the same series without outliers
 *   DATABASE_URL=postgres://… BENCH_REUSE=proxima_bench_… npm run bench:forecast   # speed on a kept analytics bench database
 *   DATABASE_URL=postgres://… BENCH_SCALE=1 npm run bench:forecast      # builds tenant L on PostgreSQL (about 12 min)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { PREDICTIVE_ENDPOINTS, type PredictiveEndpoint } from '@proxima/contracts'
import { openDatabase, type Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrate.js'
import { createRollupRoller } from '../src/features/analytics/rollup/roller.js'
import { createLocalStorage } from '../src/features/media/local-storage.js'
import { MODEL_NAMES } from '../src/features/predictive/forecast/models.js'
import { buildBenchData, type BenchData } from './analytics-data.js'
import { KINDS, scoreKind, type KindResult } from './forecast-accuracy.js'
import { BENCH_PASSWORD, freshDatabase, httpClient, pct, startServer, waitReady, type Json } from './harness.js'

const PART = process.env.BENCH_PART ?? 'all'
const SCALE = Number(process.env.BENCH_SCALE ?? 0.1)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const PORT = Number(process.env.BENCH_PORT ?? 3903)
const REUSE = process.env.BENCH_REUSE
const KEEP = process.env.BENCH_KEEP === '1'
const SEED = 20_261_127
/** The share of synthetic points that are outliers. */
const OUTLIERS = Number(process.env.BENCH_OUTLIERS ?? 0.02)

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
const f1 = (v: number) => v.toFixed(1)

function accuracy() {
  console.log(
    `\naccuracy (outliers ${(OUTLIERS * 100).toFixed(0)} % of points): mean sMAPE (%) of the next \`horizon\` observations; interval coverage of those observations`,
  )
  console.log(
    `${'series'.padEnd(26)}${MODEL_NAMES.map((n) => n.padStart(15)).join('')}${'selected'.padStart(10)}` +
      `${'÷ s.naive'.padStart(10)}${'cov 80'.padStart(8)}${'cov 95'.padStart(8)}   selected models`,
  )
  const results: KindResult[] = []
  for (const [i, kind] of KINDS.entries()) {
    const r = scoreKind(kind, SEED + i, OUTLIERS)
    results.push(r)
    const sn = r.candidates.get('seasonal_naive')!
    console.log(
      `${`${kind.label} ×${kind.count}`.padEnd(26)}${MODEL_NAMES.map((n) => f1(r.candidates.get(n) ?? NaN).padStart(15)).join('')}` +
        `${f1(r.selected).padStart(10)}${(r.selected / sn).toFixed(2).padStart(10)}${f1(r.coverage80).padStart(8)}` +
        `${f1(r.coverage95).padStart(8)}   ${[...r.chosen].map(([n, c]) => `${n} ${c}`).join(', ')}`,
    )
  }
  const seasonal = results.filter((r) => r.kind.seasonal)
  const weighted = (pick: (r: KindResult) => number, rs: KindResult[], weight: (r: KindResult) => number) =>
    rs.reduce((s, r) => s + pick(r) * weight(r), 0) / rs.reduce((s, r) => s + weight(r), 0)
  const series = (r: KindResult) => r.kind.count
  const points = (r: KindResult) => r.kind.count * r.kind.horizon
  const ratio =
    weighted((r) => r.selected, seasonal, series) /
    weighted((r) => r.candidates.get('seasonal_naive')!, seasonal, series)
  const c80 = weighted((r) => r.coverage80, results, points)
  const c95 = weighted((r) => r.coverage95, results, points)
  const toProcess =
    weighted((r) => r.selectedToProcess, seasonal, series) / weighted((r) => r.seasonalNaiveToProcess, seasonal, series)
  console.log('\nmean sMAPE (%) against the process (level, trend and season, without noise and outliers):')
  for (const r of results)
    console.log(
      `${`${r.kind.label} ×${r.kind.count}`.padEnd(30)}selected ${f1(r.selectedToProcess).padStart(5)}   seasonal naive ${f1(r.seasonalNaiveToProcess).padStart(5)}   ratio ${(r.selectedToProcess / r.seasonalNaiveToProcess).toFixed(2)}`,
    )
  console.log('\ntargets (accuracy):')
  console.log(
    `  selected sMAPE ≤ 0.9 × seasonal naive on the seasonal series, against the observations: ${verdict(ratio <= 0.9)} (${ratio.toFixed(3)}; per kind ${seasonal.map((r) => (r.selected / r.candidates.get('seasonal_naive')!).toFixed(2)).join(', ')})`,
  )
  console.log(
    `  the same against the process: ${verdict(toProcess <= 0.9)} (${toProcess.toFixed(3)}; per kind ${seasonal.map((r) => (r.selectedToProcess / r.seasonalNaiveToProcess).toFixed(2)).join(', ')})`,
  )
  console.log(
    `  80 % interval coverage within 80 ± 7 %: ${verdict(Math.abs(c80 - 80) <= 7)} (${f1(c80)} %; per kind ${results.map((r) => f1(r.coverage80)).join(', ')})`,
  )
  console.log(
    `  95 % interval coverage within 95 ± 4 %: ${verdict(Math.abs(c95 - 95) <= 4)} (${f1(c95)} %; per kind ${results.map((r) => f1(r.coverage95)).join(', ')})`,
  )
}

/** A database kept by the analytics benchmark (BENCH_KEEP=1 there). */
function keptDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: async () => undefined }
}

async function tenantL(database: Database): Promise<Pick<BenchData, 'tenantId' | 'adminEmail'>> {
  const rows = await database.session((run) =>
    run(`SELECT t.id, u.email FROM tenants t JOIN users u ON u.tenant_id = t.id AND u.user_type = 'admin'
      WHERE t.name = 'Tenant L (bench)' ORDER BY u.id LIMIT 1`),
  )
  if (!rows[0]) throw new Error('this database holds no tenant L: keep one with the analytics benchmark (BENCH_KEEP=1)')
  return { tenantId: Number(rows[0].id), adminEmail: String(rows[0].email) }
}

/** The requests timed: each endpoint at its defaults, the growth rate's monthly variant, and weekly and monthly distinct counts. */
const REQUESTS: { label: string; endpoint: PredictiveEndpoint; params: Json }[] = [
  ...PREDICTIVE_ENDPOINTS.map((endpoint) => ({ label: endpoint, endpoint, params: {} })),
  { label: 'community/growthrate monthly', endpoint: 'community/growthrate', params: { variant: 'monthly' } },
  { label: 'chat/escalatedchats weekly', endpoint: 'chat/escalatedchats', params: { granularity: 'week' } },
  { label: 'client/uniqueclients monthly', endpoint: 'client/uniqueclients', params: { granularity: 'month' } },
  {
    label: 'community/involvements weekly',
    endpoint: 'community/involvements',
    params: { granularity: 'week', horizon: 8 },
  },
]

async function speed() {
  if (REUSE && !process.env.DATABASE_URL) throw new Error('BENCH_REUSE names a PostgreSQL database: set DATABASE_URL')
  const db = REUSE ? keptDatabase(process.env.DATABASE_URL!, REUSE) : await freshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-bench-'))
  let server: ReturnType<typeof startServer> | undefined
  try {
    const database = await openDatabase({
      url: db.url,
      dataDir: db.url ? undefined : join(dataDir, 'pglite'),
      poolMax: 2,
    })
    let l: Pick<BenchData, 'tenantId' | 'adminEmail'>
    try {
      await migrate(database)
      if (REUSE) l = await tenantL(database)
      else {
        console.log(`\nbuilding tenant L at BENCH_SCALE=${SCALE} (no small tenants)…`)
        l = await buildBenchData(database, {
          scale: SCALE,
          small: 0,
          storage: createLocalStorage(dataDir),
          now: new Date(),
          log: () => undefined,
        })
      }
      const t0 = performance.now()
      await createRollupRoller(database.adHoc).catchUp()
      console.log(`rollups: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    } finally {
      await database.close()
    }
    server = startServer({ port: PORT, databaseUrl: db.url, dataDir })
    await waitReady(PORT)
    const api = httpClient(PORT, 1)
    const token = String(
      (await api('POST', '/api/auth/signin/', { email: l.adminEmail, password: BENCH_PASSWORD })).token,
    )
    const now = Date.now()
    console.log(`\nspeed: tenant L, ${ROUNDS} rounds, milliseconds`)
    console.log(
      `${'endpoint'.padEnd(32)}${'cold p50'.padStart(10)}${'p95'.padStart(8)}${'cached p50'.padStart(12)}${'p95'.padStart(8)}   model, points`,
    )
    const worst = { cold: 0, cached: 0 }
    for (const r of REQUESTS) {
      // Untimed: the server's code and plans warm up as in use (a request of its own, not one timed below).
      await api(
        'POST',
        `/api/predictive/${r.endpoint}/`,
        { ...r.params, to: new Date(now - 3_600_000).toISOString() },
        token,
      )
      const cold: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        // Another `to` each time (a second apart, the same whole periods): a request the cache has not seen.
        const body = { ...r.params, to: new Date(now - (i + 1) * 1000).toISOString() }
        const t = performance.now()
        await api('POST', `/api/predictive/${r.endpoint}/`, body, token)
        cold.push(performance.now() - t)
      }
      const same = { ...r.params, to: new Date(now).toISOString() }
      const reply = await api('POST', `/api/predictive/${r.endpoint}/`, same, token)
      const cached: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now()
        await api('POST', `/api/predictive/${r.endpoint}/`, same, token)
        cached.push(performance.now() - t)
      }
      cold.sort((a, b) => a - b)
      cached.sort((a, b) => a - b)
      worst.cold = Math.max(worst.cold, pct(cold, 95))
      worst.cached = Math.max(worst.cached, pct(cached, 95))
      const many = Array.isArray(reply.topics) ? reply.topics : Array.isArray(reply.genders) ? reply.genders : null
      const one = (many ? many[0] : reply) as Json | undefined
      const model = (one?.method as { name?: string } | undefined)?.name ?? '-'
      const shown = `${many ? `${many.length} series, first ` : ''}${model}, ${Number(one?.data_points ?? 0)} points`
      console.log(
        `${r.label.padEnd(32)}${f1(pct(cold, 50)).padStart(10)}${f1(pct(cold, 95)).padStart(8)}` +
          `${f1(pct(cached, 50)).padStart(12)}${f1(pct(cached, 95)).padStart(8)}   ${shown}`,
      )
    }
    console.log('\ntargets (speed, tenant L):')
    console.log(`  cold p95 ≤ 300 ms: ${verdict(worst.cold <= 300)} (slowest ${f1(worst.cold)} ms)`)
    console.log(`  cached p95 ≤ 20 ms: ${verdict(worst.cached <= 20)} (slowest ${f1(worst.cached)} ms)`)
  } finally {
    if (server) {
      server.kill('SIGTERM')
      await new Promise((r) => server!.once('exit', r))
    }
    if (KEEP && !REUSE) console.log(`kept the database ${new URL(db.url ?? 'x:/embedded').pathname.slice(1)}`)
    else if (!REUSE) await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log(`machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`)
if (PART !== 'speed') accuracy()
if (PART !== 'accuracy') await speed()

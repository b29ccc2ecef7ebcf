/**
 * Analytics benchmark: how fast the 33 descriptive metrics (contract §7) answer for a large organization.
 *
 * On a fresh database it builds tenant L with the demo generator (24 months: about 1,000,000 chats,
 * 10,000,000 messages, 100,000 customers, 1,000,000 comments and 100,000 survey responses at BENCH_SCALE=1) and
 * 20 small tenants beside it (the demo's default size, 90 days each), runs VACUUM ANALYZE (statistics for the planner, visibility for index-only reads, as autovacuum would leave them),
 * rolls the analytics up, and prints how long that took.
 * It then times, for a 30-day and a 365-day window (the granularity the dashboard sends: day and week), every
 * endpoint (POST with the filter; `surveyratings` with one of L's surveys) and the whole dashboard set (one
 * `POST /api/analytics/batch/` of all 33) over BENCH_ROUNDS rounds each, after one untimed call; and for each
 * endpoint's headline number a plain SQL query over the raw tables (the "floor", analytics-floor.ts), timed in this
 * process, as a yardstick of what reading the data costs. Targets for tenant L: every endpoint p95 ≤ 50 ms, the
 * 30-day dashboard batch p50 ≤ 300 ms, the 365-day window within 2× of the 30-day one. Missed targets are reported,
 * not failed: the exit code is 0 when the run completes.
 * The server runs in its own process (embedded PGlite by default, PostgreSQL when DATABASE_URL is set, on a fresh
 * database that is dropped afterwards); this process builds the data and makes the calls one at a time.
 *
 *   DATABASE_URL=postgres://… npm run bench:analytics               # scale 1 (about 10 M messages)
 *   DATABASE_URL=postgres://… BENCH_SCALE=0.1 npm run bench:analytics
 *   BENCH_SCALE=0.1 BENCH_SMALL_TENANTS=2 npm run bench:analytics  # PGlite
 *   BENCH_ROUNDS=20 BENCH_PORT=3902 …
 *   DATABASE_URL=postgres://… BENCH_KEEP=1 BENCH_SCALE=0.1 npm run bench:analytics   # keep the database, print its name
 *   DATABASE_URL=postgres://… BENCH_REUSE=proxima_bench_… npm run bench:analytics    # time a kept one again
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { ANALYTICS_METRICS, type AnalyticsMetric } from '@proxima/contracts'
import { openDatabase, type Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrate.js'
import { createRollupRoller } from '../src/features/analytics/rollup/roller.js'
import { createLocalStorage } from '../src/features/media/local-storage.js'
import { buildBenchData, type BenchData } from './analytics-data.js'
import { floorQueries } from './analytics-floor.js'
import { BENCH_PASSWORD, freshDatabase, httpClient, pct, startServer, waitReady } from './harness.js'

const SCALE = Number(process.env.BENCH_SCALE ?? 1)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const SMALL = Number(process.env.BENCH_SMALL_TENANTS ?? 20)
const PORT = Number(process.env.BENCH_PORT ?? 3902)
const KEEP = process.env.BENCH_KEEP === '1'
const REUSE = process.env.BENCH_REUSE
const api = httpClient(PORT, 1)
const DAY_MS = 86_400_000

const WINDOWS = [
  { label: '30 d', days: 30, granularity: 'day' },
  { label: '365 d', days: 365, granularity: 'week' },
] as const
type WindowLabel = (typeof WINDOWS)[number]['label']
type Timings = Record<WindowLabel, { endpoints: Map<AnalyticsMetric, number[]>; floor: Map<AnalyticsMetric, number[]> }>

async function timed(rounds: number, call: () => Promise<unknown>): Promise<number[]> {
  await call() // untimed: plans, caches and connections warm up as they would in use
  const ms: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    await call()
    ms.push(performance.now() - t0)
  }
  return ms.sort((a, b) => a - b)
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1))
const col = (s: string, n: number) => s.padStart(n)

/** The survey of L with the most responses in the last 30 days (so `surveyratings` has data in both windows). */
async function busiestSurvey(database: Database, tenantId: number, to: Date): Promise<number> {
  const rows = await database.session((run) =>
    run(`SELECT survey_id FROM survey_responses WHERE tenant_id = ${tenantId}
      AND submitted_at >= '${new Date(to.getTime() - 30 * DAY_MS).toISOString()}'::timestamptz
      GROUP BY survey_id ORDER BY count(*) DESC, survey_id LIMIT 1`),
  )
  if (!rows[0]) throw new Error('tenant L has no survey responses in the last 30 days')
  return Number(rows[0].survey_id)
}

/** Times each floor query in this process, on one database session. */
async function timeFloors(database: Database, tenantId: number, surveyId: number, to: Date, timings: Timings) {
  for (const w of WINDOWS) {
    const queries = floorQueries({ tenantId, surveyId, from: new Date(to.getTime() - w.days * DAY_MS), to })
    await database.session(async (run) => {
      for (const name of ANALYTICS_METRICS)
        timings[w.label].floor.set(name, await timed(ROUNDS, () => run(queries[name])))
    })
  }
}

function printGeneration(data: BenchData) {
  const n = (k: string) => (data.counts[k] ?? 0).toLocaleString('en-US')
  const s = data.seconds
  console.log(
    `\ngeneration: tenant L ${s.large.toFixed(0)} s, ${SMALL} small tenants ${s.small.toFixed(0)} s, VACUUM ANALYZE ` +
      `${s.analyze.toFixed(0)} s; total ${(s.large + s.small + s.analyze).toFixed(0)} s (${((s.large + s.small + s.analyze) / 60).toFixed(1)} min)`,
  )
  console.log(`  tenant L steps: ${data.steps.map(([step, sec]) => `${step} ${sec.toFixed(0)} s`).join(', ')}`)
  console.log(
    `  tenant L rows: ${n('chats')} chats, ${n('messages')} messages (${n('voice_messages')} voice), ` +
      `${n('chat_events')} chat events, ${n('customers')} customers (${n('customers_chatting')} chatting), ` +
      `${n('visitors')} visitors, ${n('memberships')} memberships, ${n('issues')} issues, ${n('comments')} comments, ` +
      `${n('reactions')} reactions, ${n('surveys')} surveys with ${n('survey_responses')} responses`,
  )
}

function printTables(timings: Timings, batch: Record<WindowLabel, number[]>) {
  const [a, b] = [timings['30 d'], timings['365 d']]
  console.log(
    `\n${'endpoint'.padEnd(28)}${col('30 d p50', 10)}${col('p95', 8)}${col('365 d p50', 11)}${col('p95', 8)}` +
      `${col('365/30', 8)}${col('floor 30 d', 12)}${col('÷floor', 8)}${col('floor 365 d', 13)}${col('÷floor', 8)}`,
  )
  for (const name of ANALYTICS_METRICS) {
    const [e30, e365, f30, f365] = [a.endpoints, b.endpoints, a.floor, b.floor].map((m) => m.get(name)!)
    const p50 = (x: number[]) => pct(x, 50)
    console.log(
      `${name.padEnd(28)}${col(ms(p50(e30!)), 10)}${col(ms(pct(e30!, 95)), 8)}${col(ms(p50(e365!)), 11)}` +
        `${col(ms(pct(e365!, 95)), 8)}${col((p50(e365!) / p50(e30!)).toFixed(1), 8)}${col(ms(p50(f30!)), 12)}` +
        `${col((p50(e30!) / p50(f30!)).toFixed(1), 8)}${col(ms(p50(f365!)), 13)}${col((p50(e365!) / p50(f365!)).toFixed(1), 8)}`,
    )
  }
  for (const w of WINDOWS)
    console.log(
      `dashboard batch (33 metrics), ${w.label}: p50 ${ms(pct(batch[w.label], 50))} ms, p95 ${ms(pct(batch[w.label], 95))} ms`,
    )
  const floorSum = (m: Map<AnalyticsMetric, number[]>) => [...m.values()].reduce((s, x) => s + pct(x, 50), 0)
  console.log(
    `sum of the 33 floor p50s: 30 d ${ms(floorSum(a.floor))} ms, 365 d ${ms(floorSum(b.floor))} ms ` +
      `(batch ÷ that: ${(pct(batch['30 d'], 50) / floorSum(a.floor)).toFixed(1)}, ${(pct(batch['365 d'], 50) / floorSum(b.floor)).toFixed(1)})`,
  )
}

function printTargets(timings: Timings, batch: Record<WindowLabel, number[]>) {
  const over = (label: WindowLabel) =>
    ANALYTICS_METRICS.filter((n) => pct(timings[label].endpoints.get(n)!, 95) > 50).map(
      (n) => `${n} ${ms(pct(timings[label].endpoints.get(n)!, 95))}`,
    )
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
  console.log('\ntargets (tenant L):')
  for (const w of WINDOWS) {
    const missed = over(w.label)
    console.log(
      `  every endpoint p95 ≤ 50 ms, ${w.label}: ${verdict(missed.length === 0)}` +
        (missed.length ? ` (${missed.length} of 33 over: ${missed.join(', ')})` : ''),
    )
  }
  const b30 = pct(batch['30 d'], 50)
  console.log(`  30-day dashboard batch p50 ≤ 300 ms: ${verdict(b30 <= 300)} (${ms(b30)} ms)`)
  const slower = ANALYTICS_METRICS.filter(
    (n) => pct(timings['365 d'].endpoints.get(n)!, 50) > 2 * pct(timings['30 d'].endpoints.get(n)!, 50),
  )
  const ratio = pct(batch['365 d'], 50) / b30
  console.log(
    `  365-day window within 2× of the 30-day one: dashboard batch ${verdict(ratio <= 2)} (${ratio.toFixed(1)}×); ` +
      `endpoints ${verdict(slower.length === 0)} (${slower.length} of 33 over 2× at p50` +
      (slower.length ? `: ${slower.join(', ')})` : ')'),
  )
}

/** A database kept by an earlier run (BENCH_KEEP=1): its data stay as generated, up to that run's time. */
function existingDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: async () => undefined }
}

/** Tenant L of a kept database and its admin. */
async function keptBenchData(database: Database): Promise<BenchData> {
  const rows = await database.session((run) =>
    run(`SELECT t.id, u.email FROM tenants t JOIN users u ON u.tenant_id = t.id AND u.user_type = 'admin'
      WHERE t.name = 'Tenant L (bench)' ORDER BY u.id LIMIT 1`),
  )
  if (!rows[0]) throw new Error('this database holds no tenant L: keep one with BENCH_KEEP=1')
  return {
    tenantId: Number(rows[0].id),
    adminEmail: String(rows[0].email),
    counts: {},
    seconds: { large: 0, small: 0, analyze: 0 },
    steps: [],
  }
}

async function main() {
  if (REUSE && !process.env.DATABASE_URL) throw new Error('BENCH_REUSE names a PostgreSQL database: set DATABASE_URL')
  const db = REUSE ? existingDatabase(process.env.DATABASE_URL!, REUSE) : await freshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-bench-'))
  let server: ReturnType<typeof startServer> | undefined
  try {
    console.log(
      `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; database: ${db.url ? 'PostgreSQL' : 'PGlite (embedded)'}; ` +
        (REUSE ? `the kept database ${REUSE}, ` : `BENCH_SCALE=${SCALE}, ${SMALL} small tenants, `) +
        `${ROUNDS} rounds`,
    )
    const database = await openDatabase({
      url: db.url,
      dataDir: db.url ? undefined : join(dataDir, 'pglite'),
      poolMax: 2,
    })
    let data: BenchData, surveyId: number
    const to = new Date()
    const timings = Object.fromEntries(
      WINDOWS.map((w) => [w.label, { endpoints: new Map(), floor: new Map() }]),
    ) as Timings
    try {
      await migrate(database)
      if (REUSE) data = await keptBenchData(database)
      else {
        data = await buildBenchData(database, {
          scale: SCALE,
          small: SMALL,
          storage: createLocalStorage(dataDir),
          now: to,
          log: (line) => console.log(line),
        })
        printGeneration(data)
      }
      // What the server's background job would do over the next minutes, done at once and timed: seal every hour
      // of history into the rollups (a kept database reused after an upgrade rolls up here too).
      const t0 = performance.now()
      await createRollupRoller(database.adHoc).catchUp()
      await database.session((run) =>
        run('VACUUM ANALYZE analytics_hours, analytics_days, analytics_chat_hours, analytics_chat_days'),
      )
      console.log(`rollups: built in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
      surveyId = await busiestSurvey(database, data.tenantId, to)
      // Before the server starts: the embedded database is open in one process at a time.
      await timeFloors(database, data.tenantId, surveyId, to, timings)
    } finally {
      await database.close()
    }

    server = startServer({ port: PORT, databaseUrl: db.url, dataDir })
    await waitReady(PORT)
    const signin = await api('POST', '/api/auth/signin/', { email: data.adminEmail, password: BENCH_PASSWORD })
    const token = String(signin.token)
    const batch = {} as Record<WindowLabel, number[]>
    for (const w of WINDOWS) {
      const filter = { from: new Date(to.getTime() - w.days * DAY_MS).toISOString(), to: to.toISOString() }
      const withGranularity = { ...filter, granularity: w.granularity }
      for (const name of ANALYTICS_METRICS) {
        const body = name === 'surveyratings' ? { ...withGranularity, survey: surveyId } : withGranularity
        timings[w.label].endpoints.set(
          name,
          await timed(ROUNDS, () => api('POST', `/api/analytics/${name}/`, body, token)),
        )
      }
      // The dashboard set: all 33 for one filter; the survey scope lets `surveyratings` answer too.
      const all = { metrics: ANALYTICS_METRICS, filter: { ...withGranularity, survey: surveyId } }
      const reply = await api('POST', '/api/analytics/batch/', all, token)
      const errors = Object.keys(reply.errors as object)
      if (errors.length) throw new Error(`the batch failed for ${errors.join(', ')}: ${JSON.stringify(reply.errors)}`)
      batch[w.label] = await timed(ROUNDS, () => api('POST', '/api/analytics/batch/', all, token))
      console.log(`timed the ${w.label} window`)
    }
    printTables(timings, batch)
    printTargets(timings, batch)
  } finally {
    if (server) {
      server.kill('SIGTERM')
      await new Promise((r) => server!.once('exit', r))
    }
    if (KEEP || REUSE) console.log(`kept the database ${new URL(db.url ?? 'x:/embedded').pathname.slice(1)}`)
    else await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

/**
 * Survey results benchmark: a published survey with 50 questions (every type) receives 10,000 responses through
 * its public link, then its results page's calls are timed: the report view (every question's figures, computed
 * in SQL), the survey itself and the first page of responses. Target: the report view under 1 s at p95.
 * The server runs in its own process (embedded PGlite by default, PostgreSQL when DATABASE_URL is set, on a fresh
 * database); this process is the load.
 *
 *   npm run bench:surveys                                   # PGlite
 *   DATABASE_URL=postgres://… npm run bench:surveys         # PostgreSQL
 *   BENCH_RESPONSES=10000 BENCH_QUESTIONS=50 BENCH_CONCURRENCY=16 npm run bench:surveys
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { BENCH_PASSWORD, freshDatabase, httpClient, pct, startServer, waitReady, type Json } from './harness.js'

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 10_000)
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const PORT = Number(process.env.BENCH_PORT ?? 3901)
const api = httpClient(PORT, CONCURRENCY)

const TYPES = ['rating', 'nps', 'single_choice', 'multiple_choice', 'open_text'] as const
const OPTIONS = ['Chat', 'Email', 'Phone', 'Community', 'Social media'].map((label) => ({ label }))

function question(i: number) {
  const type = TYPES[i % TYPES.length]!
  const base = { type, title: `Question ${i + 1} about our service (${type.replace('_', ' ')})`, required: false }
  return type === 'single_choice' || type === 'multiple_choice' ? { ...base, options: OPTIONS } : base
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!
const WORDS = ['fast', 'kind', 'slow', 'helpful', 'late', 'clear', 'friendly', 'confusing', 'great', 'refund']

/** A random answer to each question, a tenth of them skipped. */
function answers(questions: { id: string; type: string; options?: { id: string }[] }[]) {
  const out: Record<string, unknown> = {}
  for (const q of questions) {
    if (Math.random() < 0.1) continue
    const ids = (q.options ?? []).map((o) => o.id)
    if (q.type === 'rating') out[q.id] = 1 + Math.floor(Math.random() * 5)
    else if (q.type === 'nps') out[q.id] = Math.floor(Math.random() * 11)
    else if (q.type === 'single_choice') out[q.id] = pick(ids)
    else if (q.type === 'multiple_choice') out[q.id] = ids.filter(() => Math.random() < 0.4).slice(0, 5)
    else out[q.id] = `The support was ${pick(WORDS)} and ${pick(WORDS)}.`
    if (Array.isArray(out[q.id]) && (out[q.id] as string[]).length === 0) out[q.id] = [ids[0]]
  }
  return out
}

async function timed(rounds: number, call: () => Promise<unknown>) {
  const ms: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    await call()
    ms.push(performance.now() - t0)
  }
  return ms.sort((a, b) => a - b)
}

const fmt = (sorted: number[]) =>
  `p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`

async function main() {
  const db = await freshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-bench-'))
  const server = startServer({ port: PORT, databaseUrl: db.url, dataDir })
  try {
    await waitReady(PORT)
    const admin = await api('POST', '/api/auth/signin/', { email: 'admin@proxima.local', password: BENCH_PASSWORD })
    const token = String(admin.token)
    const created = await api(
      'POST',
      '/api/survey/survey/',
      {
        survey_topic: 'Support quality benchmark',
        survey_questions: Array.from({ length: QUESTIONS }, (_, i) => question(i)),
        allow_anonymous: true,
      },
      token,
    )
    const surveyId = Number(created.survey_id)
    const published = await api('POST', `/api/survey/survey/${surveyId}/publish/`, {}, token)
    const key = String(published.public_key)
    const questions = published.survey_questions as { id: string; type: string; options?: { id: string }[] }[]

    let next = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < RESPONSES) {
          next++
          await api('POST', `/api/survey/public/${key}/response/`, { survey_response: answers(questions) })
        }
      }),
    )
    const fillSeconds = (performance.now() - t0) / 1000

    const report = () => api('GET', `/api/survey/surveyreportview/?survey_id=${surveyId}`, undefined, token)
    const view = (await report()) as Json & { response_count: number; questions: unknown[] }
    if (view.response_count !== RESPONSES)
      throw new Error(`expected ${RESPONSES} responses, got ${view.response_count}`)
    await report()
    const reportMs = await timed(ROUNDS, report)
    const surveyMs = await timed(ROUNDS, () => api('GET', `/api/survey/survey/${surveyId}/`, undefined, token))
    const listMs = await timed(ROUNDS, () =>
      api('GET', `/api/survey/response/?survey_id=${surveyId}&limit=25`, undefined, token),
    )
    console.log(
      `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; database: ${db.url ? 'PostgreSQL' : 'PGlite (embedded)'}`,
    )
    console.log(
      `survey: ${QUESTIONS} questions, ${RESPONSES} responses through the public link in ${fillSeconds.toFixed(1)} s (${(RESPONSES / fillSeconds).toFixed(0)}/s)`,
    )
    console.log(`report view (${view.questions.length} questions, ${ROUNDS} calls): ${fmt(reportMs)}`)
    console.log(`survey: ${fmt(surveyMs)}; first page of responses: ${fmt(listMs)}`)
    const p95 = pct(reportMs, 95)
    console.log(`target: report view p95 under 1000 ms: ${p95 < 1000 ? 'met' : 'MISSED'}`)
    if (p95 >= 1000) process.exitCode = 1
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

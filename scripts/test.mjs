#!/usr/bin/env node
// The test command: the HTTP and unit suites (vitest), then the browser journeys (Playwright + Chromium).
// Runs on embedded PGlite, or on PostgreSQL when DATABASE_URL is set. Between them, the fault tests run the built
// server as a child process (stops, crashes, database and mail server loss). Ends with each suite's duration and
// one summary line. `--no-e2e` leaves out the browser journeys.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { playwrightFailures, vitestFailures } from './test-failures.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = new Set(process.argv.slice(2))
const out = mkdtempSync(join(tmpdir(), 'proxima-test-'))
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(cmd, argv, env = {}) {
  return spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
}

/** Runs `fn` and returns its result with the wall time it took, as `3m 07s`. */
function timed(fn) {
  const start = Date.now()
  const result = fn()
  const s = Math.round((Date.now() - start) / 1000)
  return [result, s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`]
}

let passed = 0
let failed = 0
let skipped = 0
let ok = true
/** What failed, as `file › test`, printed again at the end so a long log's tail still names it. */
const failures = []

/** Adds a vitest JSON report's counts to the totals. */
function countVitest(file) {
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8'))
  passed += r.numPassedTests
  failed += r.numFailedTests
  skipped += r.numPendingTests + (r.numTodoTests ?? 0)
  failures.push(...vitestFailures(r, root))
}

// 1. HTTP and unit tests, on the Node.js running this script
const unitJson = join(out, 'vitest.json')
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const [unitStatus, unitTime] = timed(() =>
  run(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`]),
)
countVitest(unitJson)
ok &&= unitStatus === 0

// 2. Fault tests, on the built server (the whole build when the browser journeys follow, which use it too)
const e2e = !args.has('--no-e2e')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const [builtStatus, buildTime] = timed(() =>
  e2e
    ? run(npm, ['run', 'build'])
    : run(npm, ['run', 'build', '-w', '@proxima/contracts']) || run(npm, ['run', 'build', '-w', '@proxima/server']),
)
const faultJson = join(out, 'faults.json')
const [faultStatus, faultTime] = timed(() =>
  builtStatus === 0
    ? run(process.execPath, [
        vitest,
        'run',
        '--config',
        'vitest.faults.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${faultJson}`,
      ])
    : builtStatus,
)
countVitest(faultJson)
ok &&= builtStatus === 0 && faultStatus === 0

// 3. Browser journeys
let browserTime = 'not run'
if (e2e) {
  if (!existsSync(chromium)) {
    const message = `Browser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`
    if (process.env.CI) {
      console.error(message)
      ok = false
    } else {
      console.warn(`${message} Skipping them.`)
    }
  } else {
    const e2eJson = join(out, 'playwright.json')
    const [status, e2eTime] = timed(() =>
      builtStatus === 0
        ? run(npx, ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, CHROMIUM_PATH: chromium })
        : builtStatus,
    )
    browserTime = e2eTime
    if (existsSync(e2eJson)) {
      const report = JSON.parse(readFileSync(e2eJson, 'utf8'))
      const s = report.stats
      failures.push(...playwrightFailures(report))
      passed += s.expected
      failed += s.unexpected + (s.flaky ?? 0)
      skipped += s.skipped
    }
    ok &&= status === 0
  }
}

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'
console.log(`\ndatabase: ${db}, Node.js ${process.version}`)
console.log(
  `duration: HTTP and unit tests ${unitTime}, build ${buildTime}, fault tests ${faultTime}, browser tests ${browserTime}`,
)
for (const f of failures) console.log(`failed: ${f}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok && failed === 0 ? 0 : 1)

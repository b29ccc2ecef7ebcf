#!/usr/bin/env node
// The test command: the HTTP and unit suites (vitest), then the browser journeys (Playwright + Chromium).
// Runs on embedded PGlite, or on PostgreSQL when DATABASE_URL is set. Ends with each suite's duration and
// one summary line. `--no-e2e` runs the HTTP and unit suites only.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

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

// 1. HTTP and unit tests, on the Node.js running this script
const unitJson = join(out, 'vitest.json')
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const [unitStatus, unitTime] = timed(() =>
  run(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`]),
)
if (existsSync(unitJson)) {
  const r = JSON.parse(readFileSync(unitJson, 'utf8'))
  passed += r.numPassedTests
  failed += r.numFailedTests
  skipped += r.numPendingTests + (r.numTodoTests ?? 0)
}
ok &&= unitStatus === 0

// 2. Browser journeys
let browserTime = 'not run'
if (!args.has('--no-e2e')) {
  if (!existsSync(chromium)) {
    const message = `Browser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`
    if (process.env.CI) {
      console.error(message)
      ok = false
    } else {
      console.warn(`${message} Skipping them.`)
    }
  } else {
    const [built, buildTime] = timed(() => run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']))
    const e2eJson = join(out, 'playwright.json')
    const [status, e2eTime] = timed(() =>
      built === 0
        ? run(npx, ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, CHROMIUM_PATH: chromium })
        : built,
    )
    browserTime = `${e2eTime} (after a ${buildTime} build)`
    if (existsSync(e2eJson)) {
      const s = JSON.parse(readFileSync(e2eJson, 'utf8')).stats
      passed += s.expected
      failed += s.unexpected + (s.flaky ?? 0)
      skipped += s.skipped
    }
    ok &&= status === 0
  }
}

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'
console.log(`\ndatabase: ${db}, Node.js ${process.version}`)
console.log(`duration: HTTP and unit tests ${unitTime}, browser tests ${browserTime}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok && failed === 0 ? 0 : 1)

import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)

/** Browser journeys in Debian's Chromium against the built app on its own port and a fresh database. */
export default defineConfig({
  testDir: 'e2e',
  // Two files at a time against the one server (each journey works in its own organization or only reads the demo
  // one; the tests of a file run in order): the whole suite in about 6 minutes instead of twice that on two cores.
  // E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Longer journeys set their own. Under the whole suite's load a journey can take twice as long as alone.
  timeout: 90_000,
  // Two cores run Chromium, the server and the runner: a full page load of the dashboard can take several seconds.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's page and a screencast, about a third of the suite's time on two cores; E2E_TRACE=1
    // keeps one for each failed test (npx playwright show-trace test-results/…/trace.zip).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // A signal the script passes on, so it drops its PostgreSQL database once the server has stopped (the default,
    // SIGKILL, left one behind after every run).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
})

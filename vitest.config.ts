import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // The fault tests run the built server as a child process: vitest.faults.config.ts.
    exclude: ['packages/server/test/faults/**', '**/node_modules/**'],
    globalSetup: ['packages/server/test/global-setup.ts'],
    setupFiles: ['packages/server/test/worker-database.ts'],
    pool: 'forks',
    // Files share their worker process and so its one database, copied from the run's migrated snapshot
    // (global-setup.ts, worker-database.ts): booting a process, the app's modules and a database per file
    // was most of the run. Every test creates its own tenants and accounts, so files that follow each other
    // on one database never meet.
    isolate: false,
    // One worker per core (the default leaves one core to the main process, which idles during the run).
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
})

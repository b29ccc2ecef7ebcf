import { defineConfig } from 'vitest/config'

/**
 * Fault tests: the built server as a child process (as an operator runs it), stopped, killed and cut off from its
 * database and mail server. Each file makes its own database; `scripts/test.mjs` builds the server first.
 */
export default defineConfig({
  test: {
    include: ['packages/server/test/faults/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
})

#!/usr/bin/env node
// Writes the commit and build time the server reports at /api/version.
import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'server', 'dist')
let commit = null
try {
  commit =
    execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim() || null
} catch {
  // not a git checkout
}
mkdirSync(out, { recursive: true })
writeFileSync(join(out, 'build-info.json'), JSON.stringify({ commit, built_at: new Date().toISOString() }) + '\n')

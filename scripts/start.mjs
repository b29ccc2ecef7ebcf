#!/usr/bin/env node
// One command to run Proxima: installs dependencies when missing, builds when sources changed, then starts
// the server (API and dashboard on one port). Uses only Node's standard library.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(args) {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

function newest(path) {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let max = 0
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue
    max = Math.max(max, newest(join(path, name)))
  }
  return max
}

const lock = join(root, 'package-lock.json')
const installed = join(root, 'node_modules', '.package-lock.json')
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.warn('Installing dependencies (npm ci)…')
  // The build tools are development dependencies, which npm leaves out under NODE_ENV=production.
  run(['ci', '--include=dev', '--no-audit', '--no-fund'])
}

const stamp = join(root, 'packages', 'server', 'dist', '.build-stamp')
const sources = [
  'package-lock.json',
  'packages/contracts/src',
  'packages/server/src',
  'packages/server/migrations',
  'packages/web/src',
  'packages/web/widget',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/vite.widget.config.ts',
]
const changed = Math.max(...sources.map((p) => newest(join(root, p))))
if (!existsSync(stamp) || statSync(stamp).mtimeMs < changed) {
  console.warn('Building Proxima…')
  run(['run', 'build'])
  writeFileSync(stamp, new Date().toISOString())
}

const server = spawn(process.execPath, [join(root, 'packages', 'server', 'dist', 'src', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

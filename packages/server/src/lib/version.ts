import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export type BuildInfo = { version: string; commit: string | null; built_at: string | null }

/** The server package's version, plus the commit and time written by the build when there was one. */
/** The server package's folder, from src/ (tsx, tests) and from dist/src/ (built) alike. */
export function serverPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir)
  return dir
}

export function readBuildInfo(): BuildInfo {
  const dir = serverPackageDir()
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  const infoPath = join(dir, 'dist', 'build-info.json')
  const info = existsSync(infoPath) ? (JSON.parse(readFileSync(infoPath, 'utf8')) as Partial<BuildInfo>) : {}
  return { version: pkg.version, commit: info.commit ?? null, built_at: info.built_at ?? null }
}

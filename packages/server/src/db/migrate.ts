import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { Database, Db } from './database.js'

const FILE = /^\d{4}_[a-z0-9_-]+\.sql$/

/** Where the numbered SQL files live, both from src/ (tsx, tests) and from dist/src/ (built). */
export function migrationsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  const built = here.includes(`${sep}dist${sep}src${sep}`)
  return built ? join(here, '..', '..', '..', 'migrations') : join(here, '..', '..', 'migrations')
}

async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => FILE.test(f)).sort()
}

const LOCK_KEY = 4_242_001

/**
 * Applies every numbered SQL file not yet recorded, each in its own transaction, in name order.
 * A session-level advisory lock keeps several starting processes from migrating at once.
 */
export async function migrate(database: Pick<Database, 'session'>, dir = migrationsDir()): Promise<string[]> {
  const files = await migrationFiles(dir)
  return database.session(async (run) => {
    await run(`select pg_advisory_lock(${LOCK_KEY})`)
    try {
      await run(`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`)
      const done = new Set((await run('select name from schema_migrations')).map((r) => String(r.name)))
      const applied: string[] = []
      for (const file of files) {
        if (done.has(file)) continue
        const text = await readFile(join(dir, file), 'utf8')
        try {
          await run(`begin;\n${text}\n;insert into schema_migrations (name) values ('${file}');\ncommit;`)
        } catch (err) {
          await run('rollback')
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err })
        }
        applied.push(file)
      }
      return applied
    } finally {
      await run(`select pg_advisory_unlock(${LOCK_KEY})`)
    }
  })
}

/** True when every migration file on disk has been applied (readiness check). */
export async function migrationsCurrent(db: Db, dir = migrationsDir()): Promise<boolean> {
  const files = await migrationFiles(dir)
  const rows = await sql<{ name: string }>`select name from schema_migrations`.execute(db)
  const done = new Set(rows.rows.map((r) => r.name))
  return files.every((f) => done.has(f))
}

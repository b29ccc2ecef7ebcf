import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite'
import type { DB } from './schema.js'

export type Db = Kysely<DB>
export type Executor = Kysely<DB> | Transaction<DB>

/** Runs a multi-statement SQL script (simple query protocol) and returns the rows of its last statement. */
export type ScriptRunner = (text: string) => Promise<Record<string, unknown>[]>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs `fn` on one dedicated database session (for advisory locks and SQL scripts). */
  session: <T>(fn: (run: ScriptRunner) => Promise<T>) => Promise<T>
  /** Closes the pool or the embedded database. */
  close: () => Promise<void>
}

// Type OIDs whose default parsing we change on both drivers.
const INT8 = 20
const NUMERIC = 1700
const DATE = 1082

/** PostgreSQL over `pg` when a URL is given; otherwise embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(opts: {
  url?: string | undefined
  dataDir?: string | undefined
  poolMax?: number
  onIdleError?: (err: Error) => void
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8) return (v: string) => Number(v)
          if (oid === NUMERIC || oid === DATE) return (v: string) => v
          return pg.types.getTypeParser(oid, format as 'text')
        }) as typeof pg.types.getTypeParser,
      },
    })
    // An idle connection dropped by the server (restart, failover) must not take the process down.
    pool.on('error', (err) => opts.onIdleError?.(err))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    const session = async <T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T> => {
      const client = await pool.connect()
      try {
        return await fn(async (text) => {
          const res = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[]
          const last = Array.isArray(res) ? res[res.length - 1] : res
          return (last?.rows ?? []) as Record<string, unknown>[]
        })
      } finally {
        client.release()
      }
    }
    return { db, kind: 'postgres', session, close: () => db.destroy() }
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true })
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    parsers: {
      [pgliteTypes.INT8]: (v: string) => Number(v),
      [NUMERIC]: (v: string) => v,
      [DATE]: (v: string) => v,
    },
  })
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) })
  // PGlite is a single session: scripts go straight to it.
  const session = async <T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T> =>
    fn(async (text) => {
      const res = await client.exec(text)
      return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[]
    })
  return { db, kind: 'pglite', session, close: () => db.destroy() }
}

/** Cheap liveness probe for /readyz. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}

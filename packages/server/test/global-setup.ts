import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '../src/db/database.js'
import { migrate } from '../src/db/migrate.js'

/**
 * With DATABASE_URL set, the suite runs against that PostgreSQL server: a database is created for the run
 * and migrated once, then serves as the template each worker process copies its own database from
 * (worker-database.ts); all are dropped at the end. Without it, one embedded database is migrated once and
 * its data directory saved as a tarball each worker starts its PGlite from. Either way the migrations are
 * the ones on disk at run time, and a worker's files share its database one after another.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL
  if (!url) return embeddedSnapshot()
  const name = `proxima_test_${randomBytes(4).toString('hex')}`
  await onServer(url, (c) => c.query(`create database ${name}`))
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${name}`
  const database = await openDatabase({ url: templateUrl.toString() })
  await migrate(database)
  await database.close()
  process.env.PROXIMA_TEST_DATABASE_TEMPLATE = templateUrl.toString()

  return () =>
    onServer(url, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [name, `${name}\\_%`],
      )
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`)
    })
}

async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

/** Migrates an embedded database with the migrations on disk now and dumps it to `PROXIMA_TEST_PGLITE_SNAPSHOT`. */
async function embeddedSnapshot() {
  const pglite = await PGlite.create()
  await migrate({
    session: (fn) => fn(async (text) => (await pglite.exec(text)).at(-1)?.rows ?? []),
  })
  const tarball = await pglite.dumpDataDir('none')
  await pglite.close()
  const dir = await mkdtemp(join(tmpdir(), 'proxima-pglite-'))
  const file = join(dir, 'snapshot.tar')
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()))
  process.env.PROXIMA_TEST_PGLITE_SNAPSHOT = file

  return async () => {
    await rm(dir, { recursive: true, force: true })
  }
}

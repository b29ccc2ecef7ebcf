import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { openDatabase } from '../src/db/database.js'
import { migrate } from '../src/db/migrate.js'

/**
 * With DATABASE_URL set, the suite runs against that PostgreSQL server: a fresh database is created for
 * the run, migrated once, shared by the test files (their data never overlaps) and dropped at the end.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL
  if (!url) return
  const name = `proxima_test_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const testUrl = new URL(url)
  testUrl.pathname = `/${name}`
  process.env.PROXIMA_TEST_DATABASE_URL = testUrl.toString()
  const database = await openDatabase({ url: testUrl.toString() })
  await migrate(database)
  await database.close()

  return async () => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
  }
}

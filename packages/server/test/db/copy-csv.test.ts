import { CompiledQuery } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyCsv } from '../../src/db/copy-csv.js'

/*
 * A COPY export counts its rows and copies them in one snapshot (db/copy-csv.ts), so the file has exactly the rows its
 * X-Report-Rows header announces, whatever is written meanwhile. PostgreSQL only: PGlite has no streaming COPY.
 */

const url = process.env.PROXIMA_TEST_DATABASE_URL
let pool: pg.Pool

beforeAll(async () => {
  if (!url) return
  pool = new pg.Pool({ connectionString: url, max: 3 })
  await pool.query('CREATE TABLE copy_probe (id int PRIMARY KEY)')
  await pool.query('INSERT INTO copy_probe SELECT g FROM generate_series(1, 3) g')
})
afterAll(async () => {
  if (!url) return
  await pool.query('DROP TABLE IF EXISTS copy_probe')
  await pool.end()
})

const rowsQuery = CompiledQuery.raw('SELECT id FROM copy_probe ORDER BY id', [])

async function text(stream: NodeJS.ReadableStream) {
  let out = ''
  for await (const chunk of stream) out += String(chunk)
  return out
}

describe.skipIf(!url)('COPY exports on PostgreSQL', () => {
  it('copies exactly the rows it counted, though a row is committed between the count and the copy', async () => {
    // The count sleeps, so that a row can be committed while it runs, after the export's snapshot was taken.
    const count = CompiledQuery.raw(
      'SELECT count(*) AS n FROM (SELECT id FROM copy_probe CROSS JOIN pg_sleep(1) LIMIT $1) x',
      [11],
    )
    const exported = copyCsv(pool, { count, query: rowsQuery, max: 10 }, 'UTC')
    const deadline = Date.now() + 10_000
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE '%pg_sleep(1)%' AND query NOT LIKE '%pg_stat%'`,
      )
      if (Number(rows[0]!.n) > 0) break
      if (Date.now() > deadline) throw new Error('The count did not start.')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await pool.query('INSERT INTO copy_probe VALUES (4)')

    const { rows, stream } = await exported
    expect(rows).toBe(3)
    expect(await text(stream!)).toBe('1\n2\n3\n')
    // The next export sees the row.
    const next = await copyCsv(
      pool,
      { count: CompiledQuery.raw('SELECT count(*) AS n FROM copy_probe', []), query: rowsQuery, max: 10 },
      'UTC',
    )
    expect(next.rows).toBe(4)
    expect(await text(next.stream!)).toBe('1\n2\n3\n4\n')
  })

  it('over the limit, copies nothing and gives its connection back', async () => {
    const count = CompiledQuery.raw('SELECT count(*) AS n FROM (SELECT id FROM copy_probe LIMIT $1) x', [3])
    const over = await copyCsv(pool, { count, query: rowsQuery, max: 2 }, 'UTC')
    expect(over).toEqual({ rows: 3, stream: null })
    expect(pool.totalCount - pool.idleCount).toBe(0)
  })
})

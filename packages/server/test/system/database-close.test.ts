import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/database.js'

const url = process.env.PROXIMA_TEST_DATABASE_URL

describe.skipIf(!url)('closing a PostgreSQL database', () => {
  it('ends the connections its sessions used, even when no query went through Kysely', async () => {
    const application = `proxima-close-${process.pid}-${Date.now()}`
    const withName = new URL(url!)
    withName.searchParams.set('application_name', application)
    const database = await openDatabase({ url: withName.toString() })
    await database.session((run) => run('select 1'))
    await database.close()

    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      let open = -1
      // A backend leaves pg_stat_activity shortly after its client disconnects.
      for (let i = 0; i < 50 && open !== 0; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 100))
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1',
          [application],
        )
        open = rows[0]!.n
      }
      expect(open).toBe(0)
    } finally {
      await admin.end()
    }
  })
})

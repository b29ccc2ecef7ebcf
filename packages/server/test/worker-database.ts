import pg from 'pg'

/**
 * On PostgreSQL, gives this worker process its own database, copied from the run's migrated template before
 * its first test file loads. A worker's files run one after another, as they do on its embedded PGlite, so a
 * test that sweeps across tenants (purging abandoned sign-ups, say) never meets another file's data half-way
 * through. Vitest runs this before every file; only the first one in a process creates the database.
 */
const server = process.env.DATABASE_URL
const template = process.env.PROXIMA_TEST_DATABASE_TEMPLATE
if (server && template && !process.env.PROXIMA_TEST_DATABASE_URL) {
  const url = new URL(template)
  const source = url.pathname.slice(1)
  const name = `${source}_w${process.pid}`
  // Connected to the server's own database: nobody may be connected to a template while it is copied.
  const c = new pg.Client({ connectionString: server })
  await c.connect()
  try {
    await c.query(`create database ${name} template ${source}`)
  } finally {
    await c.end()
  }
  url.pathname = `/${name}`
  process.env.PROXIMA_TEST_DATABASE_URL = url.toString()
}

import type { Readable } from 'node:stream'
import type { CompiledQuery } from 'kysely'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'

/*
 * `COPY (<query>) TO STDOUT WITH (FORMAT csv)` on a PostgreSQL server: the server writes the CSV, and its bytes pass
 * through as they arrive, read only as fast as the caller reads them (the socket is paused in between), so memory stays
 * flat at any size. COPY takes no bound parameters, so the query's values are written into its text as literals,
 * quoted by the driver's own escaping: an untyped literal takes its type from where it stands, as a parameter would.
 */

/** The text of `query` with each `$n` replaced by its value as a quoted literal. */
export function inlineParameters(query: Pick<CompiledQuery, 'sql' | 'parameters'>): string {
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1
    if (index >= query.parameters.length) throw new Error(`The query has no parameter $${n}.`)
    return literal(query.parameters[index])
  })
  return text
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'string') return pg.escapeLiteral(value)
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('A query parameter is not finite.')
    return `'${String(value)}'`
  }
  if (typeof value === 'boolean') return value ? `'true'` : `'false'`
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString())
  throw new Error(`A query parameter of type ${typeof value} cannot be written as a literal.`)
}

/** A COPY export: its rows as counted in its snapshot, and the CSV output (null when there were more than allowed). */
export type CopyExport = { rows: number; stream: Readable | null }

/**
 * Counts the rows of an export and, if there are no more than `max`, starts the COPY of `query`: both in one
 * read-only, repeatable-read transaction whose time zone is `timeZone`, on a connection of its own, so the file has
 * exactly the rows counted. Resolves once the COPY's first bytes (or its end) have come, so that a failing query
 * rejects rather than cutting a file. The connection goes back to the pool when the stream ends; a stream destroyed
 * before its end (a client gone) closes the connection, which stops the query on the server.
 */
export async function copyCsv(
  pool: pg.Pool,
  exported: { count: CompiledQuery; query: CompiledQuery; max: number },
  timeZone: string,
): Promise<CopyExport> {
  const client = await pool.connect()
  let released = false
  const release = (destroy: boolean | Error) => {
    if (released) return
    released = true
    client.release(destroy)
  }
  try {
    // The snapshot is taken at the transaction's first statement; the count and the COPY both read it.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    await client.query(`SELECT set_config('TimeZone', $1, true)`, [timeZone])
    const counted = await client.query<{ n: string | number }>(exported.count.sql, [...exported.count.parameters])
    const rows = Number(counted.rows[0]!.n)
    if (rows > exported.max) {
      await client.query('ROLLBACK')
      release(false)
      return { rows, stream: null }
    }
    const stream = client.query(copyTo(`COPY (${inlineParameters(exported.query)}) TO STDOUT WITH (FORMAT csv)`))
    let ended = false
    stream.once('end', () => {
      ended = true
      client.query('COMMIT').then(
        () => release(false),
        (err: Error) => release(err),
      )
    })
    stream.once('close', () => {
      if (!ended) release(true)
    })
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        stream.off('readable', onReadable)
        stream.off('end', onEnd)
        stream.off('error', settle)
        if (err) reject(err)
        else resolve()
      }
      const onReadable = () => settle()
      const onEnd = () => settle()
      stream.once('readable', onReadable)
      stream.once('end', onEnd)
      stream.once('error', settle)
    })
    return { rows, stream }
  } catch (err) {
    release(err instanceof Error ? err : true)
    throw err
  }
}

import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { guardCell } from './format.js'

/*
 * A report as CSV (contract §9.2): UTF-8 with a byte-order mark, comma-separated, CRLF line ends, RFC 4180 quoting
 * (csv-stringify quotes a cell holding a comma, a quote or a line break, doubling its quotes), a header row even
 * without data, and every text cell guarded against formulas. Rows are pulled from `rows` only as fast as the client
 * reads: the stringifier's buffer is what stands between them.
 */

export type Cell = string | number | null

/** The CSV of `columns` and then every row of `rows`, as a stream; ending it early ends the rows too. */
export function csvStream(columns: readonly string[], rows: AsyncIterable<readonly Cell[]>): Readable {
  const source = Readable.from(
    (async function* () {
      yield columns.map(guardCell)
      for await (const row of rows) yield row.map((cell) => (typeof cell === 'string' ? guardCell(cell) : cell))
    })(),
  )
  // A lone line feed or carriage return is quoted too (the record delimiter is CRLF, which alone would be).
  const csv = stringify({ bom: true, record_delimiter: '\r\n', quoted_match: /[\r\n]/ })
  source.on('error', (err) => csv.destroy(err))
  csv.on('close', () => source.destroy())
  return source.pipe(csv)
}

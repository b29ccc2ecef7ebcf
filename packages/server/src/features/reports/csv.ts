import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import { guardCell } from './format.js'

/*
 * A report as CSV (contract §9.2): UTF-8 with a byte-order mark, comma-separated, CRLF line ends, RFC 4180 quoting
 * (csv-stringify quotes a cell holding a comma, a quote or a line break, doubling its quotes), a header row even
 * without data, and every text cell guarded against formulas. A page of rows is written as one chunk, and the next
 * page is asked for only when the client has taken the chunks before (the stream's buffer holds one).
 */

export type Cell = string | number | null

const OPTIONS = { record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const

/** Rows as CSV text (a lone line feed or carriage return is quoted too, as CRLF would be). */
const csvText = (rows: readonly (readonly Cell[])[]) =>
  stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? guardCell(cell) : cell))),
    OPTIONS,
  )

/** The CSV of `columns` and then every page of `pages`, as a stream; ending it early ends the pages too. */
export function csvStream(columns: readonly string[], pages: AsyncIterable<readonly (readonly Cell[])[]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvText([columns])}`
      for await (const page of pages) if (page.length > 0) yield csvText(page)
    })(),
    { objectMode: false, highWaterMark: 1 },
  )
}

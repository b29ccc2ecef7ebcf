import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'

/*
 * A report as CSV (contract §9.2): UTF-8 with a byte-order mark, comma-separated, CRLF line ends, RFC 4180 quoting, a
 * header row even without data. The cells come from the database already written and guarded against formulas
 * (report-sql.queries.ts), by one of two ways that give the same bytes:
 * - pages of cells, written here by csv-stringify (which quotes a cell holding a comma, a quote or a line break,
 *   doubling its quotes), one page per chunk, the next page asked for only when the client has taken the chunks before;
 * - PostgreSQL's own `COPY … WITH CSV` (the same quoting rule), passed through with its record ends made CRLF.
 */

export type Cell = string | null

const OPTIONS = { record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const

const csvText = (rows: Cell[][]) => stringify(rows, OPTIONS)

const head = (columns: readonly string[]) => `\uFEFF${csvText([[...columns]])}`

/** The CSV of `columns` and then every page of `pages`, as a stream; ending it early ends the pages too. */
export function csvStream(columns: readonly string[], pages: AsyncIterable<Cell[][]>): Readable {
  return Readable.from(
    (async function* () {
      yield head(columns)
      for await (const page of pages) if (page.length > 0) yield csvText(page)
    })(),
    { objectMode: false, highWaterMark: 1 },
  )
}

/** The CSV of `columns` and then the rows of a COPY's CSV output; ending it early destroys `copy`. */
export function csvFromCopy(columns: readonly string[], copy: Readable): Readable {
  const crlf = crlfRecordEnds()
  const out = Readable.from(
    (async function* () {
      yield Buffer.from(head(columns))
      for await (const chunk of copy) yield crlf(chunk as Buffer)
    })(),
    { objectMode: false, highWaterMark: 1 },
  )
  // Ended before the rows were read from (a client gone after the header, or before any byte): the generator never
  // reached the loop that would end the COPY, so end it here (after its own end this does nothing).
  out.once('close', () => copy.destroy())
  return out
}

const QUOTE = 0x22
const LF = 0x0a
const CRLF = Buffer.from('\r\n')

/**
 * Makes the line feeds that end records CRLF, chunk by chunk (a quoted cell may span chunks). A line feed inside a
 * quoted cell is the cell's own and stays; a doubled quote inside one leaves and re-enters the quotes, which is the
 * same state.
 */
export function crlfRecordEnds(): (chunk: Buffer) => Buffer {
  let quoted = false
  return (chunk) => {
    const parts: Buffer[] = []
    let start = 0
    let i = 0
    let nextQuote = -2
    let nextLf = -2
    for (;;) {
      if (nextQuote !== -1 && nextQuote < i) nextQuote = chunk.indexOf(QUOTE, i)
      if (quoted) {
        if (nextQuote < 0) break
        quoted = false
        i = nextQuote + 1
        continue
      }
      if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf(LF, i)
      if (nextLf >= 0 && (nextQuote < 0 || nextLf < nextQuote)) {
        parts.push(chunk.subarray(start, nextLf), CRLF)
        start = i = nextLf + 1
      } else if (nextQuote >= 0) {
        quoted = true
        i = nextQuote + 1
      } else break
    }
    if (parts.length === 0) return chunk
    parts.push(chunk.subarray(start))
    return Buffer.concat(parts)
  }
}

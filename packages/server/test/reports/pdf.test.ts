import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS } from '@proxima/contracts'
import { NO_DATA, pdfStream, type PdfCell, type PdfReport } from '../../src/features/reports/pdf.js'
import { readPdf, squash, type PdfPage } from './report-files.js'

/*
 * The PDF writer of the report exports (contract §9.2), read back as a reader would: the text of every page through
 * pdf.js (header block, header row on every page, rows in order, "Page X of Y"), its link annotations, and page 1 as a
 * picture rendered by poppler's pdftoppm (landscape, nothing past the margins, a table drawn).
 */

const run = promisify(execFile)

// The pictures need poppler's pdftoppm (.ci/run installs poppler-utils): without it they are skipped here, and fail
// in CI, where it must be present.
const havePdftoppm = await run('pdftoppm', ['-v']).then(
  () => true,
  () => false,
)
if (!havePdftoppm && !process.env.CI) {
  process.stderr.write('pdftoppm not found (apt-get install poppler-utils): the PDF picture tests are skipped\n')
}

const MESSAGE_COLUMNS = REPORT_COLUMNS.messages
const CHAT_COLUMNS = REPORT_COLUMNS.chats

/** A report over `rows`, handed over in pages of `pageSize` as the export's database cursor does. */
function report(rows: readonly (readonly PdfCell[])[], overrides: Partial<PdfReport> = {}, pageSize = 100): PdfReport {
  return {
    title: 'Messages report',
    tenantName: 'Acme Support Ltd',
    generated: 'Generated 2026-11-27T11:40:00+01:00 (Europe/Paris), 2026-11-27T10:40:00+00:00 (UTC)',
    filters: 'Sent 2026-10-28 to 2026-11-27 · Channel: website, whatsapp',
    columns: MESSAGE_COLUMNS,
    rows: (async function* () {
      for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize)
    })(),
    ...overrides,
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** Each needle occurs in `haystack` after the one before it. */
function expectInOrder(haystack: string, needles: readonly string[]) {
  let at = 0
  for (const needle of needles) {
    const found = haystack.indexOf(needle, at)
    expect(found, `"${needle}" after position ${at}`).toBeGreaterThanOrEqual(0)
    at = found + needle.length
  }
}

const WORDS = ['order', 'invoice', 'login', 'password', 'refund', 'delivery', 'account', 'thanks', 'please', 'today']
/** A message row; every fifth has a text over several lines, every seventh is a voice message. */
function messageRow(i: number): PdfCell[] {
  const voice = i % 7 === 3
  const words = Array.from({ length: 4 + ((i * 13) % 40) }, (_, k) => WORDS[(i + k * 3) % WORDS.length]!)
  const text = i % 5 === 0 ? `${words.slice(0, 6).join(' ')}\nsecond line ${i}\nthird line ${i}` : words.join(' ')
  return [
    `M${10_000 + i}`,
    String(500 + Math.floor(i / 6)),
    `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:05+01:00`,
    i % 2 ? 'client' : 'tenant',
    ['Νίκος Παπαδόπουλος', 'Анна Кузнецова', 'María Ñandú', 'John Smith'][i % 4]!,
    'website',
    i % 3 ? 'Billing' : null,
    i % 11 ? 'no' : 'yes',
    voice ? null : `${text} end-${i}`,
    voice ? { text: String(5 + (i % 50)), link: `https://proxima.example.com/api/chat/voice/${i}/` } : null,
  ]
}
const cellValue = (cell: PdfCell) => (cell === null ? '' : typeof cell === 'string' ? cell : cell.text)

describe('pdfStream', () => {
  const ROWS = Array.from({ length: 300 }, (_, i) => messageRow(i))
  let pdf: Buffer
  let pages: PdfPage[]
  beforeAll(async () => {
    pdf = await collect(pdfStream(report(ROWS)))
    pages = await readPdf(pdf)
  })

  it('writes the title, the organization, the generation time and the filters on the first page', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expectInOrder(pages[0]!.text, [
      'Messages report',
      'Acme Support Ltd',
      'Generated 2026-11-27T11:40:00+01:00 (Europe/Paris), 2026-11-27T10:40:00+00:00 (UTC)',
      'Sent 2026-10-28 to 2026-11-27 · Channel: website, whatsapp',
      'Message ID',
    ])
    expect(pages[1]!.text).not.toContain('Generated 2026-11-27')
  })

  it('prints A4 landscape pages in embedded DejaVu faces only', () => {
    for (const page of pages) {
      expect(page.width).toBeCloseTo(841.89, 1)
      expect(page.height).toBeCloseTo(595.28, 1)
    }
    const raw = pdf.toString('latin1')
    expect(raw).toContain('DejaVuSansCondensed')
    expect(raw).toContain('/FontFile2')
    expect(raw).not.toContain('Helvetica')
  })

  it('repeats the header row at the top of every page and numbers the pages "Page X of N"', () => {
    expect(pages.length).toBeGreaterThan(5)
    pages.forEach((page, i) => {
      // The labels first (a label may wrap inside its column, so white space is left out), then the rows.
      const header = page.squashed.indexOf(squash(MESSAGE_COLUMNS.join('')))
      expect(header).toBeGreaterThanOrEqual(0)
      expect(header).toBeLessThan(page.squashed.indexOf('M1'))
      expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`)
    })
  })

  it('prints every row, each whole on one page, in the order given', () => {
    const all = pages.map((p) => p.squashed).join('')
    expectInOrder(
      all,
      ROWS.map((row) => squash(row.map(cellValue).join(''))),
    )
    for (const row of ROWS) {
      const whole = squash(row.map(cellValue).join(''))
      expect(pages.filter((p) => p.squashed.includes(whole))).toHaveLength(1)
    }
  })

  it('cuts a cell longer than 500 characters to its first 499 and "…"', async () => {
    const long = 'abcdefghij'.repeat(60)
    const exact = 'ABCDEFGHIJ'.repeat(50)
    const row = (text: string): PdfCell[] => ['M1', '1', '', 'client', 'Ann', 'website', '', 'no', text, null]
    const [page] = await readPdf(await collect(pdfStream(report([row(long), row(exact)]))))
    // The cell (after the Escalated cell's "no") ends with the ellipsis, and the next row follows.
    expect(page!.squashed).toContain(`no${long.slice(0, 499)}…M1`)
    expect(page!.squashed).not.toContain(long.slice(0, 500))
    // Exactly 500 characters are kept whole.
    expect(page!.squashed).toContain(`no${exact}`)
    expect(page!.squashed).not.toContain(`${exact}…`)
  })

  it('renders Greek, Cyrillic and accented Latin text intact', async () => {
    const row: PdfCell[] = [
      'M1',
      '1',
      '',
      'client',
      'Ελληνικά',
      'website',
      'Кириллица',
      'no',
      'Ñandú, Ελληνικά, Кириллица',
      null,
    ]
    const [page] = await readPdf(await collect(pdfStream(report([row], { tenantName: 'Ωμέγα Поддержка Ñandú' }))))
    expectInOrder(page!.text, ['Ωμέγα Поддержка Ñandú', 'Ελληνικά', 'Кириллица', 'Ñandú, Ελληνικά, Кириллица'])
  })

  it('draws a voice message as its duration linked to the recording', () => {
    const linkOf = (cell: PdfCell | undefined) => (cell && typeof cell === 'object' ? cell.link : null)
    const voice = ROWS.filter((row) => linkOf(row[9]) !== null)
    expect(voice.length).toBeGreaterThan(10)
    expect(pages.flatMap((p) => p.links)).toEqual(voice.map((row) => linkOf(row[9])))
    const first = voice[0]!
    const page = pages.find((p) => p.squashed.includes(squash(first.map(cellValue).join(''))))
    expect(page!.links).toContain('https://proxima.example.com/api/chat/voice/3/')
  })

  it('prints the header page and "No data for these filters." when there are no rows', async () => {
    for (const rows of [[], [[]]] as const) {
      const empty = await collect(
        pdfStream({
          ...report([]),
          rows: (async function* () {
            for (const page of rows) yield page
          })(),
        }),
      )
      const pages = await readPdf(empty)
      expect(pages).toHaveLength(1)
      expectInOrder(pages[0]!.text, ['Messages report', 'Acme Support Ltd', 'Sent 2026-10-28'])
      expectInOrder(pages[0]!.squashed, [squash(MESSAGE_COLUMNS.join('')), 'Nodataforthesefilters.', 'Page1of1'])
    }
    expect(NO_DATA).toBe('No data for these filters.')
  })

  it('keeps a row taller than a page on one page, cut with "…", and goes on with the next rows', async () => {
    const tall = Array.from({ length: 120 }, (_, k) => `L${k}`).join('\n')
    const rows: PdfCell[][] = [messageRow(1), messageRow(2), messageRow(4)]
    rows[1]![8] = tall
    const pages = await readPdf(await collect(pdfStream(report(rows))))
    expect(pages).toHaveLength(3)
    expect(pages[0]!.squashed).toContain('end-1')
    expect(pages[1]!.squashed).toContain('L0L1L2')
    expect(pages[1]!.squashed).toMatch(/L\d+…/)
    expect(pages[1]!.squashed).not.toContain('L119')
    expect(pages[2]!.squashed).toContain('end-4')
  })

  it('destroys the stream with the error the rows throw', async () => {
    const failure = new Error('the cursor was closed')
    const stream = pdfStream({
      ...report([]),
      rows: (async function* () {
        yield [messageRow(1)]
        throw failure
      })(),
    })
    await expect(collect(stream)).rejects.toBe(failure)
  })

  it('stops reading rows when the reader goes away', async () => {
    let served = 0
    let closed = false
    const stream = pdfStream({
      ...report([]),
      rows: (async function* () {
        try {
          for (let i = 0; i < 50; i++) {
            served++
            yield Array.from({ length: 100 }, (_, k) => messageRow(k))
          }
        } finally {
          closed = true
        }
      })(),
    })
    stream.destroy()
    for (let i = 0; i < 100 && !closed; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(closed).toBe(true)
    expect(served).toBeLessThan(50)
  })

  it('writes a 5,000-row report of 10 columns (its time is printed, not asserted)', async () => {
    let seed = 7
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const word = () =>
      Array.from({ length: 2 + Math.floor(random() * 8) }, () => 'aeiouklmnrstvΔλКж'[Math.floor(random() * 17)]).join(
        '',
      )
    const text = () => {
      const length = 80 + Math.floor(random() * 220)
      let t = ''
      while (t.length < length) t += `${word()} `
      return t.trim()
    }
    const rows = Array.from({ length: 5000 }, (_, i) => {
      const row = messageRow(i)
      if (row[8] !== null) row[8] = text()
      return row
    })
    const started = performance.now()
    const big = await collect(pdfStream(report(rows, {}, 1000)))
    const ms = performance.now() - started
    process.stdout.write(`PDF of 5,000 rows × 10 columns: ${Math.round(ms)} ms, ${Math.round(big.length / 1024)} KiB\n`)
    const [last] = await readPdf(big, 'last')
    const count = Number(/Page (\d+) of \1/.exec(last!.text)?.[1])
    expect(count).toBeGreaterThan(100)
    expect(last!.squashed).toContain('M14999')
  })
})

type Picture = { width: number; height: number; at: (x: number, y: number) => number }

/** A page rendered by pdftoppm at 80 dpi in grey (a binary PGM: "P5 width height max" then a byte a pixel). */
async function picture(pdf: Buffer, page: number): Promise<Picture> {
  const dir = await mkdtemp(join(tmpdir(), 'report-pdf-'))
  try {
    await writeFile(join(dir, 'report.pdf'), pdf)
    const args = ['-gray', '-r', '80', '-f', String(page), '-l', String(page), '-singlefile']
    await run('pdftoppm', [...args, join(dir, 'report.pdf'), join(dir, 'page')])
    const pgm = await readFile(join(dir, 'page.pgm'))
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'))
    expect(header, 'a binary PGM').not.toBeNull()
    const [text, width, height] = [header![0], Number(header![1]), Number(header![2])]
    const pixels = pgm.subarray(text.length)
    expect(pixels.length).toBe(width * height)
    return { width, height, at: (x, y) => pixels[y * width + x]! }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** How many pixels of a rectangle are darker than white. */
function inked(p: Picture, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (p.at(x, y) < 250) n++
  return n
}

describe.skipIf(!havePdftoppm && !process.env.CI)('the PDF as a picture', () => {
  /** Landscape, and nothing in the outer 20 px (18 pt) of the page: no cell runs past the margins. */
  function expectWithinMargins(p: Picture) {
    expect(p.width).toBeGreaterThan(p.height)
    expect(inked(p, p.width - 20, 0, p.width, p.height), 'right edge').toBe(0)
    expect(inked(p, 0, p.height - 20, p.width, p.height), 'bottom edge').toBe(0)
    expect(inked(p, 0, 0, 20, p.height), 'left edge').toBe(0)
    expect(inked(p, 0, 0, p.width, 20), 'top edge').toBe(0)
  }

  it('draws the first page landscape, within its margins, with a table across the page', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => messageRow(i))
    const p = await picture(await collect(pdfStream(report(rows))), 1)
    expectWithinMargins(p)
    // The table fills the page below the header block: well over 3 % of its pixels are ink or shading.
    const table = inked(p, 20, Math.round(p.height * 0.25), p.width - 20, Math.round(p.height * 0.9))
    expect(table / ((p.width - 40) * p.height * 0.65)).toBeGreaterThan(0.03)
    // The header row's shaded band runs from the left margin to the right one.
    const band = Array.from({ length: p.height }, (_, y) => y).filter((y) =>
      [36, Math.round(p.width / 2), p.width - 36].every((x) => p.at(x, y) >= 200 && p.at(x, y) < 245),
    )
    expect(band.length).toBeGreaterThan(8)
  })

  it('keeps long unbreakable values and rows taller than a page inside the margins of every page', async () => {
    const rows = Array.from({ length: 6 }, (_, i) =>
      CHAT_COLUMNS.map((_, c) =>
        c === 10 ? Array.from({ length: 200 }, (_, k) => `${i}-${k}`).join('\n') : `${'W'.repeat(40 + c * 9)}${i}`,
      ),
    )
    const pdf = await collect(pdfStream(report(rows, { title: 'Chats report', columns: CHAT_COLUMNS })))
    const count = (await readPdf(pdf)).length
    expect(count).toBeGreaterThan(1)
    for (let page = 1; page <= count; page++) expectWithinMargins(await picture(pdf, page))
  })
})

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { PassThrough, type Readable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'
import PDFDocument from 'pdfkit'
import { cellText, clipLines, planColumns, wrapText } from './pdf-layout.js'
import { CELL_PADDING, measureOf, startTable, textOf, type PdfCell, type Table, type TableType } from './pdf-table.js'

/*
 * A report as PDF (contract §9.2): A4 landscape in the bundled DejaVu faces (Latin, Greek and Cyrillic; nothing is
 * fetched at run time), a header block on the first page (title, organization, generation time, filters), then the
 * table with the CSV's columns, its header row on every page, and "Page X of Y" at the foot of every page. An empty
 * report is the header page and "No data for these filters.", never an empty file.
 *
 * Pages stay in memory until the last row is drawn, since each footer needs the page count; the export's row limit
 * (5,000 by default) keeps that bounded. Column widths are planned from the first page of rows the caller gives.
 */

export type { PdfCell } from './pdf-table.js'

export type PdfReport = {
  /** Exactly the contract's title, e.g. "Chats report". */
  title: string
  tenantName: string
  /** One line, e.g. "Generated 2026-11-27T11:40:00+01:00 (Europe/Paris), 2026-11-27T10:40:00+00:00 (UTC)". */
  generated: string
  /** One line summarising the filters. */
  filters: string
  /** The table's header, the CSV's columns in the same order. */
  columns: readonly string[]
  /** The rows, a page (array of rows) at a time; may be empty. */
  rows: AsyncIterable<readonly (readonly PdfCell[])[]>
}

export const NO_DATA = 'No data for these filters.'

export const MARGIN = { top: 32, bottom: 46, left: 30, right: 30 }
export const COLOURS = { text: '#1f2933', muted: '#52606d', faint: '#7b8794', accent: '#2f5d8a', rule: '#cbd2d9' }
/** Rows of the first page that the column widths are planned from (more would only cost time). */
const SAMPLE_ROWS = 200
/** Rows drawn between two turns of the event loop (about 10 ms of work). */
const ROWS_PER_TURN = 50

const require = createRequire(import.meta.url)
export type Face = 'body' | 'bodyBold' | 'sans' | 'sansBold'
/** The table in the condensed faces (14 columns fit), the header block and footers in the regular ones. */
const FACES: readonly (readonly [Face, string])[] = [
  ['body', 'DejaVuSansCondensed.ttf'],
  ['bodyBold', 'DejaVuSansCondensed-Bold.ttf'],
  ['sans', 'DejaVuSans.ttf'],
  ['sansBold', 'DejaVuSans-Bold.ttf'],
]

// Read once per process: every export embeds (a subset of) the same files.
let faceData: (readonly [Face, Buffer])[] | undefined
function registerFaces(doc: PDFKit.PDFDocument) {
  faceData ??= FACES.map(([face, file]) => [face, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))])
  for (const [face, data] of faceData) doc.registerFont(face, data)
}

/** The table's type: 8 pt, 7.5 pt from 10 columns so that 14 fit the page, smaller still for a survey's many. */
const tableType = (columns: number): TableType => ({
  regular: 'body',
  bold: 'bodyBold',
  size: columns <= 9 ? 8 : columns <= 14 ? 7.5 : 6.5,
})

/** Lines of `text` set in `face` at `size`, wrapped to the page's width, from `y`; the y below them. */
function block(doc: PDFKit.PDFDocument, text: string, face: Face, size: number, colour: string, y: number) {
  const width = doc.page.width - MARGIN.left - MARGIN.right
  const lines = wrapText(cellText(text), width, measureOf(doc, face, size))
  doc.font(face).fontSize(size).fillColor(colour)
  const lineHeight = doc.currentLineHeight(true)
  lines.forEach((line, n) => doc.text(line, MARGIN.left, y + n * lineHeight, { lineBreak: false }))
  return y + lines.length * lineHeight
}

/** What the first page of every report document opens with. */
export type ReportHeading = Pick<PdfReport, 'title' | 'tenantName' | 'generated' | 'filters'>

/** The first page's header block: title, organization, generation time, filters; the y below it. */
export function headerBlock(doc: PDFKit.PDFDocument, heading: ReportHeading): number {
  let y = MARGIN.top
  doc.rect(MARGIN.left, y, 36, 3).fill(COLOURS.accent)
  y = block(doc, heading.title, 'sansBold', 17, COLOURS.text, y + 9)
  y = block(doc, heading.tenantName, 'sans', 10.5, COLOURS.text, y + 2)
  y = block(doc, heading.generated, 'sans', 7.5, COLOURS.muted, y + 6)
  return block(doc, heading.filters, 'sans', 7.5, COLOURS.muted, y + 1.5)
}

/** The first page's header block and the table's first header row; the table, ready for rows. */
function begin(doc: PDFKit.PDFDocument, report: PdfReport, firstRows: readonly (readonly PdfCell[])[]): Table {
  const y = headerBlock(doc, report)

  const type = tableType(report.columns.length)
  const sample = firstRows.slice(0, SAMPLE_ROWS).map((row) => row.map((cell) => cellText(textOf(cell))))
  const columns = planColumns(report.columns, sample, {
    total: doc.page.width - MARGIN.left - MARGIN.right,
    padding: CELL_PADDING,
    header: measureOf(doc, type.bold, type.size),
    body: measureOf(doc, type.regular, type.size),
  })
  return startTable(doc, report.columns, columns, type, y + 12)
}

/** "Page X of Y" and the report's name at the foot of every page, once the page count is known. */
export function footers(doc: PDFKit.PDFDocument, report: Pick<PdfReport, 'title' | 'tenantName'>) {
  const { start, count } = doc.bufferedPageRange()
  const right = doc.page.width - MARGIN.right
  const name = cellText(`${report.title} · ${report.tenantName}`)
  const measure = measureOf(doc, 'sans', 7)
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const y = doc.page.height - MARGIN.bottom + 16
    doc
      .moveTo(MARGIN.left, y - 6)
      .lineTo(right, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke()
    doc.font('sans').fontSize(7).fillColor(COLOURS.faint)
    const label = `Page ${i - start + 1} of ${count}`
    doc.text(label, right - doc.widthOfString(label), y, { lineBreak: false })
    const room = right - MARGIN.left - doc.widthOfString(label) - 24
    const [shown = ''] = clipLines(wrapText(name, room, measure), 1, room, measure)
    doc.font('sans').fontSize(7).text(shown, MARGIN.left, y, { lineBreak: false })
  }
}

/** An A4 landscape document with the bundled faces, its pages kept until the footers are written. */
export function reportDocument(report: Pick<PdfReport, 'title' | 'tenantName'>): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    bufferPages: true,
    // No default font: without one pdfkit would add Helvetica, and only the embedded faces belong in the file.
    font: '',
    info: { Title: `${report.title} — ${report.tenantName}`, Author: report.tenantName, Creator: 'Proxima' },
    displayTitle: true,
    lang: 'en',
  })
  registerFaces(doc)
  return doc
}

async function write(report: PdfReport, out: PassThrough): Promise<void> {
  const doc = reportDocument(report)
  let table: Table | undefined
  for await (const page of report.rows) {
    // The reader went away: stop reading rows (leaving the loop closes the caller's cursor).
    if (out.destroyed) return
    if (page.length === 0) continue
    table ??= begin(doc, report, page)
    for (let i = 0; i < page.length; i++) {
      table.row(page[i]!)
      // Drawing is synchronous work: give other requests their turn every so many rows.
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
        await setImmediate()
        if (out.destroyed) return
      }
    }
  }
  if (out.destroyed) return
  if (table === undefined) begin(doc, report, []).note(NO_DATA)
  footers(doc, report)
  doc.pipe(out)
  doc.end()
}

/** The report as a PDF stream. A failure reading `rows` destroys the stream with that error. */
export function pdfStream(report: PdfReport): Readable {
  const out = new PassThrough()
  write(report, out).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return out
}

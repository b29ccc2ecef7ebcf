import { cellText, clipLines, wrapText, type ColumnSpec, type Measure } from './pdf-layout.js'

/*
 * The table of a PDF report (contract §9.2), drawn row by row onto a pdfkit document: a bold header row on a shaded
 * band, repeated at the top of every page; cells wrapped inside their columns; light stripes on every other row; a
 * row that does not fit the rest of a page starts the next one, and a row taller than a whole page is cut to the page
 * with "…". Lines are laid out here rather than by pdfkit's own wrapping so that a row's height is known exactly
 * before anything is drawn, and a link cell gets its annotation over exactly the text it covers.
 */

/** A cell: text (null = empty), or text with a link (a voice message: its duration and the recording's URL). */
export type PdfCell = string | null | { text: string; link: string }

/** The text a cell shows (before it is cut to 500 characters). */
export const textOf = (cell: PdfCell): string => (cell === null ? '' : typeof cell === 'string' ? cell : cell.text)

/** The faces and size the table is set in (names registered on the document). */
export type TableType = { regular: string; bold: string; size: number }

export type Table = {
  /** Draws a row, on a new page when the current one has no room for it. */
  row: (cells: readonly PdfCell[]) => void
  /** A line across the whole table, in grey (the empty report's "No data for these filters."). */
  note: (text: string) => void
}

const COLOURS = {
  text: '#1f2933',
  muted: '#616e7c',
  headerBand: '#e3e8ef',
  headerRule: '#7b8794',
  stripe: '#f3f5f8',
  rule: '#dfe3e8',
  link: '#1d5fb4',
}
const PAD_X = 4
const PAD_Y = 3

export const CELL_PADDING = PAD_X

/** A measure of `font` at `size` that remembers widths (a table measures the same words over and over). */
export function measureOf(doc: PDFKit.PDFDocument, font: string, size: number): Measure {
  const widths = new Map<string, number>()
  return (text) => {
    let width = widths.get(text)
    if (width === undefined) {
      width = doc.font(font).fontSize(size).widthOfString(text)
      widths.set(text, width)
    }
    return width
  }
}

type Laid = { lines: string[]; link: string | null }

/** Starts a table at `top` of the current page, its header row first. */
export function startTable(
  doc: PDFKit.PDFDocument,
  labels: readonly string[],
  columns: readonly ColumnSpec[],
  type: TableType,
  top: number,
): Table {
  const left = doc.page.margins.left
  const total = columns.reduce((sum, c) => sum + c.width, 0)
  const bottom = () => doc.page.height - doc.page.margins.bottom
  const measureRegular = measureOf(doc, type.regular, type.size)
  const measureBold = measureOf(doc, type.bold, type.size)
  const lineHeight = doc.font(type.regular).fontSize(type.size).currentLineHeight(true)
  const xs = columns.map((_, i) => left + columns.slice(0, i).reduce((sum, c) => sum + c.width, 0))
  const inner = (i: number) => columns[i]!.width - 2 * PAD_X
  const headerLines = labels.map((label, i) => wrapText(label, inner(i), measureBold))
  const headerHeight = Math.max(1, ...headerLines.map((l) => l.length)) * lineHeight + 2 * PAD_Y + 1

  let y = top
  let stripe = false
  let rowsOnPage = 0

  /** Lines of one cell, placed from the top left of its row. */
  function drawLines(i: number, lines: readonly string[], rowTop: number, measure: Measure) {
    lines.forEach((line, n) => {
      const x = columns[i]!.align === 'right' ? xs[i]! + columns[i]!.width - PAD_X - measure(line) : xs[i]! + PAD_X
      doc.text(line, x, rowTop + PAD_Y + n * lineHeight, { lineBreak: false })
    })
  }

  function drawHeader() {
    doc.rect(left, y, total, headerHeight).fill(COLOURS.headerBand)
    doc.font(type.bold).fontSize(type.size).fillColor(COLOURS.text)
    headerLines.forEach((lines, i) => drawLines(i, lines, y + 0.5, measureBold))
    doc
      .moveTo(left, y + headerHeight)
      .lineTo(left + total, y + headerHeight)
      .lineWidth(0.75)
      .strokeColor(COLOURS.headerRule)
      .stroke()
    y += headerHeight
    rowsOnPage = 0
  }

  function nextPage() {
    doc.addPage()
    y = doc.page.margins.top
    drawHeader()
  }

  /** A link cell: its text in the link colour, underlined, under one annotation to the URL. */
  function drawLink(i: number, lines: readonly string[], rowTop: number, url: string) {
    doc.fillColor(COLOURS.link)
    drawLines(i, lines, rowTop, measureRegular)
    const widths = lines.map((line) => measureRegular(line))
    lines.forEach((_, n) => {
      const x = columns[i]!.align === 'right' ? xs[i]! + columns[i]!.width - PAD_X - widths[n]! : xs[i]! + PAD_X
      const base = rowTop + PAD_Y + n * lineHeight + type.size * 1.02
      doc
        .moveTo(x, base)
        .lineTo(x + widths[n]!, base)
        .lineWidth(0.4)
        .strokeColor(COLOURS.link)
        .stroke()
    })
    const x = columns[i]!.align === 'right' ? xs[i]! + columns[i]!.width - PAD_X - Math.max(...widths) : xs[i]! + PAD_X
    doc.link(x, rowTop + PAD_Y, Math.max(...widths), lines.length * lineHeight, url)
    doc.fillColor(COLOURS.text)
  }

  function row(cells: readonly PdfCell[]) {
    const laid: Laid[] = columns.map((_, i) => {
      const cell = cells[i] ?? null
      const text = cellText(textOf(cell))
      return {
        lines: text === '' ? [] : wrapText(text, inner(i), measureRegular),
        link: cell !== null && typeof cell === 'object' ? cell.link : null,
      }
    })
    const heightOf = (lines: number) => lines * lineHeight + 2 * PAD_Y
    let height = heightOf(Math.max(1, ...laid.map((l) => l.lines.length)))
    // A row never splits: one that does not fit goes to the next page, unless it is the page's first row, which
    // would not fit a fresh page any better (the header row is repeated there too).
    if (y + height > bottom() && rowsOnPage > 0) nextPage()
    if (y + height > bottom()) {
      const max = Math.max(1, Math.floor((bottom() - y - 2 * PAD_Y) / lineHeight))
      laid.forEach((cell, i) => (cell.lines = clipLines(cell.lines, max, inner(i), measureRegular)))
      height = heightOf(Math.max(1, ...laid.map((l) => l.lines.length)))
    }
    if (stripe) doc.rect(left, y, total, height).fill(COLOURS.stripe)
    doc
      .moveTo(left, y + height)
      .lineTo(left + total, y + height)
      .lineWidth(0.3)
      .strokeColor(COLOURS.rule)
      .stroke()
    doc.font(type.regular).fontSize(type.size).fillColor(COLOURS.text)
    laid.forEach((cell, i) => {
      if (cell.lines.length === 0) return
      if (cell.link !== null) drawLink(i, cell.lines, y, cell.link)
      else drawLines(i, cell.lines, y, measureRegular)
    })
    y += height
    stripe = !stripe
    rowsOnPage++
  }

  function note(text: string) {
    const size = type.size + 1
    doc.font(type.regular).fontSize(size).fillColor(COLOURS.muted)
    doc.text(text, left + PAD_X, y + 3 * PAD_Y, { lineBreak: false })
    y += 6 * PAD_Y + doc.currentLineHeight(true)
    doc.fillColor(COLOURS.text)
  }

  drawHeader()
  return { row, note }
}

import { cellText, clipLines, wrapText } from './pdf-layout.js'
import { COLOURS } from './pdf.js'
import { measureOf } from './pdf-table.js'

/*
 * The pieces of an analytics sheet drawn as vectors with pdfkit (no browser, no pictures): a row of headline numbers,
 * column and line charts over time, and horizontal bars for a breakdown. Every chart says so when it has nothing to
 * show, as the dashboard does.
 */

export type Tile = { label: string; value: string; detail?: string | undefined }
export type Point = { label: string; value: number | null }
/**
 * A chart; `empty` is what it says when it has nothing to show ("Nothing in this period." unless given). Bars that
 * are all 0 show nothing, unless `zeroIsValue` (an average of 0 is an answer; a count of 0 is nothing).
 */
export type Chart = { title: string; format: (v: number) => string; empty?: string; zeroIsValue?: boolean } & (
  { kind: 'columns' | 'line'; points: Point[] } | { kind: 'bars'; items: { label: string; value: number }[] }
)

export type Box = { x: number; y: number; width: number; height: number }

const EMPTY = 'Nothing in this period.'
const BAR = '#2f5d8a'
const GRID = '#e4e7eb'
const BAR_ITEMS = 10

/** A row of headline numbers across `width`; the y below it. */
export function drawTiles(doc: PDFKit.PDFDocument, tiles: readonly Tile[], x: number, y: number, width: number) {
  if (tiles.length === 0) return y
  const gap = 10
  const w = (width - gap * (tiles.length - 1)) / tiles.length
  const height = 62
  tiles.forEach((tile, i) => {
    const left = x + i * (w + gap)
    doc.roundedRect(left, y, w, height, 4).lineWidth(0.6).strokeColor(COLOURS.rule).stroke()
    const inner = w - 16
    line(doc, tile.label, 'sans', 7.5, COLOURS.muted, left + 8, y + 8, inner)
    line(doc, tile.value, 'sansBold', 15, COLOURS.text, left + 8, y + 20, inner)
    if (tile.detail) {
      const measure = measureOf(doc, 'sans', 6.5)
      const lines = clipLines(wrapText(cellText(tile.detail), inner, measure), 2, inner, measure)
      doc.font('sans').fontSize(6.5).fillColor(COLOURS.muted)
      lines.forEach((l, n) => doc.text(l, left + 8, y + 40 + n * 8, { lineBreak: false }))
    }
  })
  return y + height
}

/** One line of text, cut with "…" to `width`. */
function line(
  doc: PDFKit.PDFDocument,
  text: string,
  face: string,
  size: number,
  colour: string,
  x: number,
  y: number,
  width: number,
) {
  const measure = measureOf(doc, face, size)
  const [shown = ''] = clipLines(wrapText(cellText(text), width, measure), 1, width, measure)
  doc.font(face).fontSize(size).fillColor(colour).text(shown, x, y, { lineBreak: false })
}

/** A chart in its box: its title, then the chart, or what it says when it has nothing to show. */
export function drawChart(doc: PDFKit.PDFDocument, chart: Chart, box: Box) {
  doc.roundedRect(box.x, box.y, box.width, box.height, 4).lineWidth(0.6).strokeColor(COLOURS.rule).stroke()
  line(doc, chart.title, 'sansBold', 9, COLOURS.text, box.x + 10, box.y + 9, box.width - 20)
  const area = { x: box.x + 10, y: box.y + 26, width: box.width - 20, height: box.height - 34 }
  const empty =
    chart.kind === 'bars'
      ? chart.items.length === 0 || (!chart.zeroIsValue && chart.items.every((i) => i.value === 0))
      : chart.points.every((p) => !p.value)
  if (empty) {
    doc
      .font('sans')
      .fontSize(8)
      .fillColor(COLOURS.faint)
      .text(chart.empty ?? EMPTY, area.x, area.y + area.height / 2 - 4, {
        width: area.width,
        align: 'center',
        lineBreak: false,
      })
    return
  }
  if (chart.kind === 'bars') bars(doc, chart.items.slice(0, BAR_ITEMS), chart.format, area)
  else overTime(doc, chart.kind, chart.points, chart.format, area)
}

/**
 * An axis that reads in round numbers: a step of 1, 2 or 5 × 10ⁿ (at least `least`) giving at most four intervals up
 * to `v`, and the ticks from 0 to the first multiple of the step at or above `v`.
 */
export function axisTicks(v: number, least = 0): number[] {
  // Nothing to show still draws an axis to 1, not a loop without end.
  const top = Math.max(v, least) > 0 ? Math.max(v, least) : 1
  const rough = top / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(least, ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power)
  const ticks = [0]
  while (ticks[ticks.length - 1]! < top) ticks.push(ticks.length * step)
  return ticks
}

function overTime(
  doc: PDFKit.PDFDocument,
  kind: 'columns' | 'line',
  points: readonly Point[],
  format: (v: number) => string,
  area: Box,
) {
  // A whole-number axis steps by at least 1 when its values are whole (counts).
  const whole = points.every((p) => p.value === null || Number.isInteger(p.value))
  const ticks = axisTicks(Math.max(...points.map((p) => p.value ?? 0)), whole ? 1 : 0)
  const max = ticks[ticks.length - 1]!
  doc.font('sans').fontSize(6.5)
  const axisWidth = Math.max(...ticks.map((v) => doc.widthOfString(format(v)))) + 6
  const plot = { x: area.x + axisWidth, y: area.y + 4, width: area.width - axisWidth, height: area.height - 18 }
  const yOf = (v: number) => plot.y + plot.height - (v / max) * plot.height
  for (const v of ticks) {
    doc
      .moveTo(plot.x, yOf(v))
      .lineTo(plot.x + plot.width, yOf(v))
      .lineWidth(0.4)
      .strokeColor(GRID)
      .stroke()
    const text = format(v)
    doc.fillColor(COLOURS.faint).text(text, plot.x - 4 - doc.widthOfString(text), yOf(v) - 3, { lineBreak: false })
  }
  const step = plot.width / Math.max(points.length, 1)
  const xOf = (i: number) => plot.x + step * i + step / 2
  if (kind === 'columns') {
    const w = Math.max(Math.min(step * 0.7, 24), 0.8)
    points.forEach((p, i) => {
      if (p.value) doc.rect(xOf(i) - w / 2, yOf(p.value), w, plot.y + plot.height - yOf(p.value)).fill(BAR)
    })
  } else {
    let drawing = false
    points.forEach((p, i) => {
      if (p.value === null) {
        drawing = false
        return
      }
      if (drawing) doc.lineTo(xOf(i), yOf(p.value))
      else doc.moveTo(xOf(i), yOf(p.value))
      drawing = true
    })
    doc.lineWidth(1.4).strokeColor(BAR).stroke()
    if (points.length <= 31)
      points.forEach((p, i) => {
        if (p.value !== null) doc.circle(xOf(i), yOf(p.value), 1.6).fill(BAR)
      })
  }
  // The first, middle and last buckets' labels: enough to read the time axis without crowding it.
  const labelled = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])]
  doc.font('sans').fontSize(6.5).fillColor(COLOURS.faint)
  for (const i of labelled) {
    const text = points[i]?.label ?? ''
    const w = doc.widthOfString(text)
    const left = Math.min(Math.max(xOf(i) - w / 2, plot.x), plot.x + plot.width - w)
    doc.text(text, left, plot.y + plot.height + 5, { lineBreak: false })
  }
}

function bars(
  doc: PDFKit.PDFDocument,
  items: readonly { label: string; value: number }[],
  format: (v: number) => string,
  area: Box,
) {
  const max = Math.max(...items.map((i) => i.value), 1)
  const labelWidth = Math.min(area.width * 0.32, 130)
  doc.font('sans').fontSize(7)
  const valueWidth = Math.max(...items.map((i) => doc.widthOfString(format(i.value)))) + 6
  const rowHeight = Math.min(area.height / Math.max(items.length, 1), 18)
  const barRoom = area.width - labelWidth - valueWidth - 8
  items.forEach((item, i) => {
    const y = area.y + i * rowHeight
    line(doc, item.label, 'sans', 7, COLOURS.text, area.x, y + rowHeight / 2 - 4, labelWidth - 6)
    const w = Math.max((item.value / max) * barRoom, item.value > 0 ? 1 : 0)
    doc.rect(area.x + labelWidth, y + rowHeight * 0.2, w, rowHeight * 0.6).fill(BAR)
    doc
      .font('sans')
      .fontSize(7)
      .fillColor(COLOURS.muted)
      .text(format(item.value), area.x + labelWidth + w + 4, y + rowHeight / 2 - 4, { lineBreak: false })
  })
}

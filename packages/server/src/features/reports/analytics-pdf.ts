import type { Readable } from 'node:stream'
import { drawChart, drawTiles } from './pdf-charts.js'
import { MARGIN, footers, headerBlock, reportDocument, type ReportHeading } from './pdf.js'
import type { Sheet } from './analytics-sheet.js'

/*
 * An analytics page as a one-page PDF: the report's header block, the page's headline numbers in a row, then its
 * charts two to a row (an odd last one takes the whole width), sized to fill the page.
 */

const GAP = 10
const MAX_CHART_HEIGHT = 260

export function analyticsPdf(heading: ReportHeading, sheet: Sheet): Readable {
  const doc = reportDocument(heading)
  const width = doc.page.width - MARGIN.left - MARGIN.right
  let y = headerBlock(doc, heading) + 14
  y = drawTiles(doc, sheet.tiles, MARGIN.left, y, width) + 14
  const rows = Math.ceil(sheet.charts.length / 2)
  const room = doc.page.height - MARGIN.bottom - y - 4
  const height = Math.min(MAX_CHART_HEIGHT, (room - GAP * (rows - 1)) / Math.max(rows, 1))
  sheet.charts.forEach((chart, i) => {
    const row = Math.floor(i / 2)
    const alone = i === sheet.charts.length - 1 && i % 2 === 0
    const w = alone ? width : (width - GAP) / 2
    const x = MARGIN.left + (i % 2) * (w + GAP)
    drawChart(doc, chart, { x, y: y + row * (height + GAP), width: w, height })
  })
  footers(doc, heading)
  doc.end()
  return doc
}

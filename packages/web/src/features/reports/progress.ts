import type { ReportFormat } from '@proxima/contracts'
import type { Expected, Received } from './download'

/*
 * How far a download is. The server says how many rows the file holds (`X-Report-Rows`) but not how long it is (it
 * streams), so a CSV's progress is its rows so far: one line break per row after the header, which quoted line
 * breaks inside a cell can overstate, so the bar stops short of full until the file has ended. A PDF's pages are
 * not countable as they arrive: its bar moves only when the server gives a length, and says the bytes otherwise.
 */

export type Progress = Received & Expected & { format: ReportFormat }

const count = (n: number) => Math.round(n).toLocaleString('en-US')

/** 900 → "900 bytes", 12_300 → "12 KB", 2_345_678 → "2.3 MB" (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${count(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`
  if (bytes < 1_000_000) return `${count(bytes / 1000)} KB`
  return `${(bytes / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
}

/** The rows of a CSV received so far: line breaks after the header's, never more than the file holds. */
const rowsSoFar = ({ lines, rows }: Progress) => Math.min(Math.max(0, lines - 1), rows ?? 0)

/** The bar's value (0–99) while the file arrives, or null when it cannot be told (an indeterminate bar). */
export function progressPercent(progress: Progress): number | null {
  const { bytes, length, rows, format } = progress
  let share: number | null = null
  if (length !== null && length > 0) share = bytes / length
  else if (format === 'csv' && rows !== null && rows > 0) share = rowsSoFar(progress) / rows
  return share === null ? null : Math.min(99, Math.floor(share * 100))
}

/** "1,200 of 5,000 rows · 2.3 MB received", or "2.3 MB received" with what the headers said. */
export function progressText(progress: Progress): string {
  const { bytes, rows, format } = progress
  const size = `${formatBytes(bytes)} received`
  if (rows === null) return size
  if (format === 'csv' && rows > 0) return `${count(rowsSoFar(progress))} of ${count(rows)} rows · ${size}`
  return `${count(rows)} ${rows === 1 ? 'row' : 'rows'} · ${size}`
}

/** "1,234 rows", "1 row", or '' when the server did not say. */
export const rowsText = (rows: number | null) => (rows === null ? '' : `${count(rows)} ${rows === 1 ? 'row' : 'rows'}`)

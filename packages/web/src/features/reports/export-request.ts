import { REPORT_PATHS, type Report, type ReportFormat } from '@proxima/contracts'
import type { ReportRequest } from './form'
import { REPORT_INFO } from './labels'

/*
 * What an export asks for. The list reports are named by their report (`ReportRequest`, which the Reports page and
 * the lists' export buttons build); any other file, such as an analytics page's PDF, by its path and body. Both are
 * run, shown and explained alike: `describeExport` says where a request goes and how the dashboard names it.
 */

/** An export by its path: a POST of `body` to `path`, answered with a file in `format`. */
export type PathRequest = {
  path: string
  format: ReportFormat
  body: Record<string, unknown>
  /** How the dashboard names the file ("Chats report", "Chats & channels analytics"). */
  title: string
  /** The file's name when the server gives none. */
  fallbackName: string
  /** Whether the file is counted in rows (a list report) or not (a page drawn on a sheet). */
  countsRows: boolean
}

export type ExportRequest = ReportRequest | PathRequest

/** `/api/reports/chatscsv/`; a PDF's first path is its canonical one. */
export const reportPath = (report: Report, format: ReportFormat) =>
  `/api/reports/${format === 'csv' ? REPORT_PATHS[report].csv : REPORT_PATHS[report].pdf[0]}/`

/** Where a request goes, what it sends and how it is named. */
export function describeExport(request: ExportRequest): PathRequest {
  if (!('report' in request)) return request
  const { report, format, body } = request
  return {
    path: reportPath(report, format),
    format,
    body,
    title: REPORT_INFO[report].title,
    fallbackName: `proxima-${report}.${format}`,
    countsRows: true,
  }
}

import type { AnalyticsFilterInput, AnalyticsReportFilter } from '@proxima/contracts'
import type { PathRequest } from '../reports/export-request'
import type { Area } from './areas'

/** An analytics page as a one-page PDF: its metrics, computed for the filter it shows, drawn on one sheet. */
export const ANALYTICS_PDF_PATH = '/api/reports/analyticspdf/'

/**
 * The PDF of an analytics page: the filter its own metric requests send (the layout's, from `filterOf`), with the
 * page as its `area`. Its title is the PDF's own ("Chats & channels analytics").
 */
export function analyticsPdfRequest(area: Area, filter: AnalyticsFilterInput): PathRequest {
  const body: AnalyticsReportFilter = { ...filter, area: area.path }
  return {
    path: ANALYTICS_PDF_PATH,
    format: 'pdf',
    body,
    title: `${area.label} analytics`,
    fallbackName: `proxima-analytics-${area.path}.pdf`,
    countsRows: false,
  }
}

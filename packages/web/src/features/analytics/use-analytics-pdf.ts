import type { AnalyticsFilterInput } from '@proxima/contracts'
import { useCallback, useEffect, useMemo } from 'react'
import { useReportExport } from '../reports/use-report-export'
import type { Area } from './areas'
import { analyticsPdfRequest } from './pdf'

/**
 * The PDF of the analytics page shown (null: a page without one, or a filter not known yet), previewed before it is
 * saved. What was made, or is being made, is of the page and filter it was asked for: another page, other filters or
 * a refresh close its preview and stop an export under way.
 */
export function useAnalyticsPdf(area: Area | null, filter: AnalyticsFilterInput | null) {
  const exporter = useReportExport()
  const request = useMemo(() => (area && filter ? analyticsPdfRequest(area, filter) : null), [area, filter])
  const { reset, run } = exporter
  // What the file is of, compared by value: the same filter as a new object changes nothing.
  const asked = request ? JSON.stringify(request.body) : null
  useEffect(() => reset, [asked, reset])
  const start = useCallback(() => {
    if (request) void run(request, 'preview')
  }, [request, run])
  return { ...exporter, request, start }
}

export type AnalyticsPdf = ReturnType<typeof useAnalyticsPdf>

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useSettings } from '../widget-settings/api'
import { analyticsKeys } from './api'
import type { AnalyticsContext, ViewChanges } from './context'
import type { BarFilter } from './filters'
import { filterOf, granularityOf, searchFromView, spanOf, viewFromSearch } from './view'

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * The analytics view of the current URL and the filters it stands for, with those of the bar's filters the page
 * `uses` (a channel, topic or assignee kept in the address for other pages is not sent). Relative periods are counted back from an
 * anchor time taken when the page opens or the view changes (not on every render), so the request stays the same
 * until the user changes something or refreshes.
 */
export function useAnalyticsView(uses: readonly BarFilter[]): AnalyticsContext {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => viewFromSearch(params), [params])
  const settings = useSettings()
  const orgZone = settings.data?.timezone ?? (settings.isError ? browserZone() : null)
  const timeZone = view.timezone ?? orgZone ?? browserZone()
  const known = view.timezone !== null || orgZone !== null
  const [anchor, setAnchor] = useState(() => Date.now())
  const client = useQueryClient()

  // Changes apply to the address as it is now, not to the view of the last render: two changes in quick
  // succession (a period, then a time zone) must both be kept.
  const update = useCallback(
    (changes: ViewChanges) => {
      setAnchor(Date.now())
      const current = viewFromSearch(new URLSearchParams(window.location.search))
      setParams(searchFromView({ ...current, ...(typeof changes === 'function' ? changes(current) : changes) }))
    },
    [setParams],
  )
  const refresh = useCallback(() => {
    setAnchor(Date.now())
    void client.invalidateQueries({ queryKey: analyticsKeys.all })
  }, [client])

  return useMemo(() => {
    const now = new Date(anchor)
    const span = spanOf(view, now, timeZone)
    return {
      view,
      update,
      refresh,
      timeZone,
      span,
      granularity: granularityOf(view, span),
      filter: known ? filterOf(view, now, timeZone, { uses }) : null,
      previousFilter: known && view.compare ? filterOf(view, now, timeZone, { previous: true, uses }) : null,
    }
  }, [anchor, view, timeZone, known, update, refresh, uses])
}

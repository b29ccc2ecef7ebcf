import type { AnalyticsFilterInput, Granularity } from '@proxima/contracts'
import { useOutletContext } from 'react-router'
import type { AnalyticsView } from './view'

export type ViewChanges = Partial<AnalyticsView> | ((current: AnalyticsView) => Partial<AnalyticsView>)

/** What the analytics layout gives each page: the view from the URL and the filters derived from it. */
export type AnalyticsContext = {
  view: AnalyticsView
  /**
   * Applies changes to the view (and so to the URL); a function gets the view as the address holds it now, which
   * may be ahead of the last render when changes follow each other quickly.
   */
  update: (changes: ViewChanges) => void
  /** The time zone numbers are shown in: the chosen one, else the organisation's. */
  timeZone: string
  granularity: Granularity
  /** Days the window covers. */
  span: number
  /** Null until the organisation's time zone is known (it decides what "today" is). */
  filter: AnalyticsFilterInput | null
  /** The window of the same length just before; null when the comparison is turned off. */
  previousFilter: AnalyticsFilterInput | null
  /** Starts the window again at the current time and reloads. */
  refresh: () => void
}

export const useAnalytics = () => useOutletContext<AnalyticsContext>()

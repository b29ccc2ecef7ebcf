import {
  ANALYTICS_AREA_PAGES,
  CHATS_METRICS,
  COMMUNITY_METRICS,
  CUSTOMERS_METRICS,
  RESPONSE_METRICS,
  SURVEYS_METRICS,
  TOPICS_METRICS,
  VOICE_METRICS,
  type AnalyticsArea,
  type AnalyticsMetric,
} from '@proxima/contracts'
import { filtersOf, type BarFilter } from './filters'

/* The metrics each analytics page loads (every one it may ask for: Surveys asks for its ratings once a survey is
 * chosen; the lists are shared with the server's analytics PDF). The filter bar offers the filters these metrics
 * apply, and the pages read their lists from here. */

export {
  CHATS_METRICS,
  COMMUNITY_METRICS,
  CUSTOMERS_METRICS,
  RESPONSE_METRICS,
  SURVEYS_METRICS,
  TOPICS_METRICS,
  VOICE_METRICS,
}

export type Area = {
  /** The page's address under /analytics, which is also its name for the server (the analytics PDF's `area`). */
  path: AnalyticsArea
  label: string
  /** Whether the page shows series (and so the granularity filter). */
  series: boolean
  /** Whether the page compares headline numbers with the previous period (and so offers to turn that off). */
  compare: boolean
  metrics: readonly AnalyticsMetric[]
  /** The filter bar's filters that at least one of the page's metrics applies. */
  filters: readonly BarFilter[]
}

const area = (a: Omit<Area, 'filters'>): Area => ({ ...a, filters: filtersOf(a.metrics) })

/** The analytics pages, each under /analytics/<path>; the first one opens at /analytics. */
export const AREAS: readonly [Area, ...Area[]] = [
  area({ path: 'chats', ...ANALYTICS_AREA_PAGES.chats, series: true, compare: true }),
  area({ path: 'response', ...ANALYTICS_AREA_PAGES.response, series: true, compare: true }),
  area({ path: 'topics', ...ANALYTICS_AREA_PAGES.topics, series: false, compare: false }),
  area({ path: 'customers', ...ANALYTICS_AREA_PAGES.customers, series: false, compare: false }),
  area({ path: 'community', ...ANALYTICS_AREA_PAGES.community, series: true, compare: true }),
  area({ path: 'voice', ...ANALYTICS_AREA_PAGES.voice, series: true, compare: true }),
  area({ path: 'surveys', ...ANALYTICS_AREA_PAGES.surveys, series: false, compare: true }),
]

import type { AnalyticsMetric } from '@proxima/contracts'
import { filtersOf, type BarFilter } from './filters'

/* The metrics each analytics page loads (every one it may ask for: Surveys asks for its ratings once a survey is
 * chosen). The filter bar offers the filters these metrics apply, and the pages read their lists from here. */

export const CHATS_METRICS = [
  'countchats',
  'counthourlychats',
  'cumulativehourlychats',
  'communicationchannels',
  'engagementfrequency',
  'countescalatedissues',
  'hourlycountescalatedissues',
] as const
export const RESPONSE_METRICS = [
  'averageresponsetime',
  'hourlyaverageresponsetime',
  'clientsatisfaction',
  'hourlyclientsatisfaction',
  'counthourlychats',
] as const
export const TOPICS_METRICS = ['populartopics', 'leasttopics'] as const
export const CUSTOMERS_METRICS = [
  'clientsaverageage',
  'genderdistribution',
  'countrydistribution',
  'statedistribution',
  'clientcitydistribution',
] as const
export const COMMUNITY_METRICS = [
  'communitymembers',
  'communitygrowthrate',
  'communityrating',
  'averagecomments',
  'cumulativecomments',
  'cumulativeissues',
  'uniquecomments',
  'issueuserrelation',
  'commentsuserrelation',
] as const
export const VOICE_METRICS = ['cumulativevoicemessage', 'averagevoicemessageperchat'] as const
export const SURVEYS_METRICS = [
  'totalsurveys',
  'surveyresponserate',
  'averagesurveyrunperiod',
  'surveyratings',
] as const

export type Area = {
  path: string
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
  area({ path: 'chats', label: 'Chats & channels', series: true, compare: true, metrics: CHATS_METRICS }),
  area({ path: 'response', label: 'Response & satisfaction', series: true, compare: true, metrics: RESPONSE_METRICS }),
  area({ path: 'topics', label: 'Topics', series: false, compare: false, metrics: TOPICS_METRICS }),
  area({ path: 'customers', label: 'Customers', series: false, compare: false, metrics: CUSTOMERS_METRICS }),
  area({ path: 'community', label: 'Community', series: true, compare: true, metrics: COMMUNITY_METRICS }),
  area({ path: 'voice', label: 'Voice', series: true, compare: true, metrics: VOICE_METRICS }),
  area({ path: 'surveys', label: 'Surveys', series: false, compare: true, metrics: SURVEYS_METRICS }),
]

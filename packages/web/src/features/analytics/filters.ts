import type { AnalyticsMetric, FilterName } from '@proxima/contracts'

/**
 * The filters each metric applies besides the window and the time zone, as the server declares them (its metric
 * definitions' `uses`, contract §7.2); anything else sent is ignored and listed in the reply's
 * `meta.ignored_filters`. The browser journey checks this table against the server's replies.
 */
export const METRIC_FILTERS: Record<AnalyticsMetric, readonly FilterName[]> = {
  countchats: ['channel', 'topic_id'],
  counthourlychats: ['channel', 'topic_id'],
  cumulativehourlychats: ['channel', 'topic_id'],
  communicationchannels: ['channel', 'topic_id'],
  engagementfrequency: ['channel', 'topic_id'],
  countescalatedissues: ['channel', 'topic_id'],
  hourlycountescalatedissues: ['channel', 'topic_id'],
  averageresponsetime: ['channel', 'topic_id', 'assignee'],
  hourlyaverageresponsetime: ['channel', 'topic_id', 'assignee'],
  clientsatisfaction: ['channel', 'assignee'],
  hourlyclientsatisfaction: ['channel', 'assignee'],
  populartopics: ['channel', 'limit'],
  leasttopics: ['channel', 'limit'],
  clientsaverageage: ['community'],
  genderdistribution: ['community'],
  countrydistribution: ['community', 'limit'],
  statedistribution: ['community', 'limit'],
  clientcitydistribution: ['community', 'limit'],
  communitymembers: ['community'],
  communitygrowthrate: ['community'],
  communityrating: ['community'],
  averagecomments: ['community'],
  cumulativecomments: ['community'],
  cumulativeissues: ['community'],
  uniquecomments: ['community', 'limit'],
  issueuserrelation: ['community'],
  commentsuserrelation: ['community', 'thread'],
  cumulativevoicemessage: ['channel'],
  averagevoicemessageperchat: ['channel'],
  totalsurveys: [],
  surveyresponserate: ['survey'],
  averagesurveyrunperiod: ['survey'],
  surveyratings: ['survey'],
}

/** The filters the shared filter bar offers beside period and time zone, in the order it shows them. */
export const BAR_FILTERS = ['channel', 'topic_id', 'assignee'] as const satisfies readonly FilterName[]
export type BarFilter = (typeof BAR_FILTERS)[number]

export const BAR_FILTER_NOUNS: Record<BarFilter, string> = {
  channel: 'channel',
  topic_id: 'topic',
  assignee: 'assignee',
}

/** The filter bar's filters that at least one of `metrics` applies. */
export const filtersOf = (metrics: readonly AnalyticsMetric[]): BarFilter[] =>
  BAR_FILTERS.filter((f) => metrics.some((m) => METRIC_FILTERS[m].includes(f)))

/** Of a reply's ignored filters, those the filter bar sets, e.g. a topic on a satisfaction chart. */
export const ignoredBarFilters = (ignored: readonly FilterName[]): BarFilter[] =>
  BAR_FILTERS.filter((f) => ignored.includes(f))

import { z } from 'zod'
import { AnalyticsFilterInput } from './analytics.js'
import type { AnalyticsMetric } from './analytics-replies.js'

/*
 * The analytics pages ("areas") and the metrics each one shows: the dashboard loads a page's metrics with one batch,
 * and the analytics PDF of a page (`/api/reports/analyticspdf/`) draws the same metrics on one sheet.
 */

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

export const ANALYTICS_AREAS = ['chats', 'response', 'topics', 'customers', 'community', 'voice', 'surveys'] as const
export const AnalyticsArea = z.enum(ANALYTICS_AREAS)
export type AnalyticsArea = z.infer<typeof AnalyticsArea>

/** Each page's name and metrics. */
export const ANALYTICS_AREA_PAGES: Record<AnalyticsArea, { label: string; metrics: readonly AnalyticsMetric[] }> = {
  chats: { label: 'Chats & channels', metrics: CHATS_METRICS },
  response: { label: 'Response & satisfaction', metrics: RESPONSE_METRICS },
  topics: { label: 'Topics', metrics: TOPICS_METRICS },
  customers: { label: 'Customers', metrics: CUSTOMERS_METRICS },
  community: { label: 'Community', metrics: COMMUNITY_METRICS },
  voice: { label: 'Voice', metrics: VOICE_METRICS },
  surveys: { label: 'Surveys', metrics: SURVEYS_METRICS },
}

/** The analytics PDF's input: the page, and the filter the page was showing. */
export const AnalyticsReportFilter = AnalyticsFilterInput.extend({ area: AnalyticsArea })
export type AnalyticsReportFilter = z.infer<typeof AnalyticsReportFilter>

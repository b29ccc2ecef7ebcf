import { z } from 'zod'
import { ChannelName } from './chat.js'
import { Timestamp } from './common.js'
import { AnalyticsFilterInput, FILTER_NAMES, Granularity } from './analytics.js'

/*
 * The replies of the 33 descriptive analytics endpoints (contract §7.3–§7.11): the fields the dashboard reads, under
 * their kept legacy names where the contract keeps them, plus `meta`. Ratios are null when their denominator is 0.
 */

/** What a reply was computed for: the resolved window, time zone and granularity, and the filters applied. */
export const AnalyticsMeta = z.object({
  from: Timestamp,
  to: Timestamp,
  timezone: z.string(),
  granularity: Granularity.nullable(),
  filters: z.record(z.string(), z.unknown()),
  ignored_filters: z.array(z.enum(FILTER_NAMES)),
  generated_at: Timestamp,
  cached: z.boolean(),
})
export type AnalyticsMeta = z.infer<typeof AnalyticsMeta>

const count = z.number().int().nonnegative()
const ratio = z.number().nullable()

/** A series bucket `[start_time, end_time)`: `partial` when it reaches outside the window or past now. */
const bucket = { start_time: Timestamp, end_time: Timestamp, partial: z.boolean() }
const series = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ ...bucket, ...shape }))
const reply = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, meta: AnalyticsMeta })

const distribution = z.object({ '1': count, '2': count, '3': count, '4': count, '5': count })
const ranked = <K extends string>(key: K) =>
  z.array(
    z.object({ [key]: z.string(), count, percentage: ratio } as Record<K, z.ZodString> & {
      count: typeof count
      percentage: typeof ratio
    }),
  )
const demographics = { total_clients: count, unknown_count: count }

// §7.3 Chats and channels
export const CountChatsReply = reply({
  chat_count: count,
  by_status: z.object({ open: count, pending: count, resolved: count }),
  previous_period_count: count,
  change_percentage: ratio,
})
export const CountHourlyChatsReply = reply({
  total_chats_last_hour: count,
  previous_hour_count: count,
  series: series({ count }),
})
export const CumulativeHourlyChatsReply = reply({
  data: series({ count, cumulative: count }),
  total: count,
})
export const CommunicationChannelsReply = reply({
  mobile_count: count,
  website_count: count,
  facebook_count: count,
  instagram_count: count,
  whatsapp_count: count,
  email_count: count,
  total: count,
  channels: z.array(z.object({ channel: ChannelName, chat_count: count, message_count: count, percentage: ratio })),
})
export const EngagementFrequencyReply = reply({
  data: series({
    month: z.string().optional(),
    year: z.number().int(),
    count,
    message_count: count,
    active_clients: count,
    future: z.boolean(),
  }),
})

// §7.4 Escalations
export const CountEscalatedIssuesReply = reply({
  count,
  escalation_events: count,
  escalation_rate: ratio,
  by_channel: z.array(z.object({ channel: ChannelName, count })),
})
export const HourlyCountEscalatedIssuesReply = reply({ count, series: series({ count }) })

// §7.5 Response time
const responseStats = {
  avg_response_time: ratio,
  average_seconds: ratio,
  median_seconds: ratio,
  response_count: count,
}
export const AverageResponseTimeReply = reply({
  ...responseStats,
  p90_seconds: ratio,
  unanswered_count: count,
  first_response: z.object({ average_seconds: ratio, median_seconds: ratio, p90_seconds: ratio, count }),
})
export const HourlyAverageResponseTimeReply = reply({ ...responseStats, series: series(responseStats) })

// §7.6 Client satisfaction
const satisfaction = { satisfaction_percentage: ratio, average_rating: ratio, rated_count: count }
export const ClientSatisfactionReply = reply({ ...satisfaction, distribution, rating_response_rate: ratio })
export const HourlyClientSatisfactionReply = reply({ ...satisfaction, series: series(satisfaction) })

// §7.7 Topics
export const PopularTopicsReply = reply({
  data: z.array(
    z.object({ topic: z.string(), topic_id: z.number().int(), count, message_count: count, percentage: ratio }),
  ),
  unassigned_count: count,
})
export const LeastTopicsReply = reply({
  least_engaged_topics: z.array(z.string()),
  data: z.array(z.object({ topic: z.string(), topic_id: z.number().int(), count })),
})

// §7.8 Client demographics
export const AGE_RANGES = ['under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const
export const ClientsAverageAgeReply = reply({
  ...demographics,
  average_age: ratio,
  median_age: ratio,
  with_age_count: count,
  age_groups: z.array(z.object({ range: z.enum(AGE_RANGES), count, percentage: ratio })),
})
export const ClientCityDistributionReply = reply({ ...demographics, cities: ranked('city'), other_count: count })
export const CountryDistributionReply = reply({ ...demographics, countries: ranked('country'), other_count: count })
export const StateDistributionReply = reply({ ...demographics, state: ranked('state'), other_count: count })
export const GenderDistributionReply = reply({ ...demographics, gender: ranked('gender') })

// §7.9 Community
export const AverageCommentsReply = reply({
  avg_comments_per_thread: ratio,
  thread_count: count,
  comment_count: count,
  staff_reply_count: count,
  threads_without_comments: count,
})
export const CommunityGrowthRateReply = reply({
  growth_rate: ratio,
  member_count_start: count,
  member_count_end: count,
  joins: count,
  leaves: count,
  net_change: z.number().int(),
  time_diff: z.number().int().nullable(),
  series: series({ members: count, joins: count, leaves: count, growth_rate: ratio }),
})
export const CommunityMembersReply = reply({
  community: z.string().nullable(),
  member_count: count,
  new_members: count,
  left_members: count,
  active_members: count,
})
export const CommunityRatingReply = reply({
  count: ratio,
  average_rating: ratio,
  rating_count: count,
  distribution,
  ratings_in_window: count,
})
const runningTotals = series({ count })
export const CumulativeCommentsReply = reply({ count, in_window: count, series: runningTotals })
export const CumulativeIssuesReply = reply({
  count,
  open_count: count,
  solved_count: count,
  in_window: count,
  series: runningTotals,
})
export const UniqueCommentsReply = reply({
  count,
  data: z.array(
    z.object({
      client: z.number().int(),
      username: z.string().nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      total: count,
    }),
  ),
  average_commenters_per_thread: ratio,
})
export const IssueUserRelationReply = reply({ count, issue_count: count, issues_per_client: ratio })
export const CommentsUserRelationReply = reply({ count, comment_count: count, comments_per_client: ratio })

// §7.10 Voice messages
export const CumulativeVoiceMessageReply = reply({
  total_voice_size: count,
  voice_message_count: count,
  total_duration_seconds: z.number().nonnegative(),
  total_bytes: count,
  in_window: z.object({ count, duration_seconds: z.number().nonnegative() }),
  series: runningTotals,
})
export const AverageVoiceMessagePerChatReply = reply({
  average_voice_messages_per_chat: ratio,
  voice_message_count: count,
  active_chat_count: count,
  chats_with_voice: count,
  average_duration_seconds: ratio,
})

// §7.11 Surveys
export const SurveyRatingsReply = reply({
  survey_id: z.number().int(),
  average_rating: ratio,
  response_count: count,
  questions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.enum(['rating', 'nps']),
      average: ratio,
      count,
      distribution: z.record(z.string(), count),
    }),
  ),
  nps: z.object({ score: ratio, promoters: count, passives: count, detractors: count, count }).nullable(),
}).catchall(z.number().nullable())
export const SurveyResponseRateReply = reply({
  response_rate: ratio,
  basis: z.enum(['audience', 'impressions']).nullable(),
  respondents: count,
  audience_size: count,
  response_count: count,
  impressions: count,
  survey_count: count,
})
export const AverageSurveyRunPeriodReply = reply({
  avg_survey_period: z.string().nullable(),
  avg_survey_period_seconds: ratio,
  survey_count: count,
})
export const TotalSurveysReply = reply({
  survey_count: count,
  by_status: z.object({ draft: count, published: count, closed: count }),
  created_in_window: count,
})

/** Every endpoint's reply schema by metric name. */
export const ANALYTICS_REPLIES = {
  countchats: CountChatsReply,
  counthourlychats: CountHourlyChatsReply,
  cumulativehourlychats: CumulativeHourlyChatsReply,
  communicationchannels: CommunicationChannelsReply,
  engagementfrequency: EngagementFrequencyReply,
  countescalatedissues: CountEscalatedIssuesReply,
  hourlycountescalatedissues: HourlyCountEscalatedIssuesReply,
  averageresponsetime: AverageResponseTimeReply,
  hourlyaverageresponsetime: HourlyAverageResponseTimeReply,
  clientsatisfaction: ClientSatisfactionReply,
  hourlyclientsatisfaction: HourlyClientSatisfactionReply,
  populartopics: PopularTopicsReply,
  leasttopics: LeastTopicsReply,
  clientsaverageage: ClientsAverageAgeReply,
  clientcitydistribution: ClientCityDistributionReply,
  countrydistribution: CountryDistributionReply,
  statedistribution: StateDistributionReply,
  genderdistribution: GenderDistributionReply,
  averagecomments: AverageCommentsReply,
  communitygrowthrate: CommunityGrowthRateReply,
  communitymembers: CommunityMembersReply,
  communityrating: CommunityRatingReply,
  cumulativecomments: CumulativeCommentsReply,
  cumulativeissues: CumulativeIssuesReply,
  uniquecomments: UniqueCommentsReply,
  issueuserrelation: IssueUserRelationReply,
  commentsuserrelation: CommentsUserRelationReply,
  cumulativevoicemessage: CumulativeVoiceMessageReply,
  averagevoicemessageperchat: AverageVoiceMessagePerChatReply,
  surveyratings: SurveyRatingsReply,
  surveyresponserate: SurveyResponseRateReply,
  averagesurveyrunperiod: AverageSurveyRunPeriodReply,
  totalsurveys: TotalSurveysReply,
} as const

export type AnalyticsMetric = keyof typeof ANALYTICS_REPLIES
export const ANALYTICS_METRICS = Object.keys(ANALYTICS_REPLIES) as [AnalyticsMetric, ...AnalyticsMetric[]]
export const AnalyticsMetricName = z.enum(ANALYTICS_METRICS)
export type AnalyticsReply<N extends AnalyticsMetric> = z.infer<(typeof ANALYTICS_REPLIES)[N]>
export type AnalyticsValues<N extends AnalyticsMetric> = Omit<AnalyticsReply<N>, 'meta'>

/** `POST /api/analytics/batch/`: several metrics for one filter, each computed and failing on its own (§7.1). */
export const AnalyticsBatchInput = z.object({
  metrics: z
    .array(AnalyticsMetricName)
    .min(1, { error: 'Name at least one metric.' })
    .max(ANALYTICS_METRICS.length, { error: `Name at most ${ANALYTICS_METRICS.length} metrics.` }),
  filter: AnalyticsFilterInput.default({}),
})
export type AnalyticsBatchInput = z.infer<typeof AnalyticsBatchInput>

export const AnalyticsBatchReply = z.object({
  results: z.record(z.string(), z.record(z.string(), z.unknown())),
  errors: z.record(z.string(), z.object({ message: z.string(), code: z.string() })),
})
export type AnalyticsBatchReply = z.infer<typeof AnalyticsBatchReply>

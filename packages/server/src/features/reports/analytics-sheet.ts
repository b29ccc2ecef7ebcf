import {
  CHANNEL_LABELS,
  NONE,
  bucketLabel,
  changeFromPercentage,
  formatCount,
  formatDecimal,
  formatDuration,
  formatDurationShort,
  formatPercent,
  formatRating,
  type AnalyticsArea,
  type AnalyticsMeta,
  type AnalyticsMetric,
  type AnalyticsReply,
} from '@proxima/contracts'
import type { Chart, Point, Tile } from './pdf-charts.js'

/*
 * What the analytics PDF of each dashboard page shows: the page's headline numbers and its charts, from the same
 * metrics the page loads (contracts' analytics areas) and read the same way (the shared number formats).
 */

export type MetricReader = <N extends AnalyticsMetric>(name: N) => Promise<AnalyticsReply<N>>
/** A page's numbers and charts, and the window and time zone they were computed for. */
export type Sheet = { tiles: Tile[]; charts: Chart[]; meta: AnalyticsMeta }

type Bucket = { start_time: string; end_time: string }

/** A series' buckets labelled as the dashboard labels them. */
function pointsOf<B extends Bucket>(items: readonly B[], meta: AnalyticsMeta, value: (b: B) => number | null): Point[] {
  const first = items[0]
  const last = items[items.length - 1]
  const longSpan = !!first && !!last && Date.parse(last.end_time) - Date.parse(first.start_time) > 86_400_000
  return items.map((b) => ({
    label: bucketLabel(b.start_time, meta.granularity, meta.timezone, longSpan),
    value: value(b),
  }))
}

const against = (text: string | undefined, what: string) => (text ? `${text} against ${what}` : undefined)
const count = (v: number) => formatCount(v)

async function chats(read: MetricReader): Promise<Sheet> {
  const [c, hourly, channels, escalated] = await Promise.all([
    read('countchats'),
    read('counthourlychats'),
    read('communicationchannels'),
    read('countescalatedissues'),
  ])
  return {
    meta: c.meta,
    tiles: [
      {
        label: 'Chats',
        value: formatCount(c.chat_count),
        detail: against(changeFromPercentage(c.change_percentage)?.text, 'the previous period'),
      },
      { label: 'Open', value: formatCount(c.by_status.open) },
      { label: 'Pending', value: formatCount(c.by_status.pending) },
      { label: 'Resolved', value: formatCount(c.by_status.resolved) },
      {
        label: 'Escalated chats',
        value: formatCount(escalated.count),
        detail:
          escalated.escalation_rate === null
            ? undefined
            : `${formatPercent(escalated.escalation_rate)} of chats with messages`,
      },
    ],
    charts: [
      {
        kind: 'columns',
        title: 'Chats over time',
        points: pointsOf(hourly.series, hourly.meta, (b) => b.count),
        format: count,
      },
      {
        kind: 'bars',
        title: 'Chats by channel',
        items: channels.channels.map((ch) => ({ label: CHANNEL_LABELS[ch.channel], value: ch.chat_count })),
        format: count,
      },
    ],
  }
}

async function response(read: MetricReader): Promise<Sheet> {
  const [time, timeSeries, rating, ratingSeries] = await Promise.all([
    read('averageresponsetime'),
    read('hourlyaverageresponsetime'),
    read('clientsatisfaction'),
    read('hourlyclientsatisfaction'),
  ])
  return {
    meta: time.meta,
    tiles: [
      {
        label: 'Average response',
        value: formatDuration(time.average_seconds),
        detail: `${formatCount(time.response_count)} replies`,
      },
      { label: 'Median response', value: formatDuration(time.median_seconds) },
      { label: 'First response (average)', value: formatDuration(time.first_response.average_seconds) },
      {
        label: 'Satisfaction',
        value: formatPercent(rating.satisfaction_percentage),
        detail: `${formatCount(rating.rated_count)} ratings`,
      },
      { label: 'Average rating', value: formatRating(rating.average_rating) },
    ],
    charts: [
      {
        kind: 'line',
        title: 'Average response time',
        points: pointsOf(timeSeries.series, timeSeries.meta, (b) => b.average_seconds),
        format: (v) => formatDurationShort(v),
      },
      {
        kind: 'bars',
        title: 'Ratings',
        items: (['5', '4', '3', '2', '1'] as const).map((stars) => ({
          label: `${stars} ${stars === '1' ? 'star' : 'stars'}`,
          value: rating.distribution[stars],
        })),
        format: count,
      },
      {
        kind: 'line',
        title: 'Satisfaction over time',
        points: pointsOf(ratingSeries.series, ratingSeries.meta, (b) => b.satisfaction_percentage),
        format: (v) => formatPercent(v, 0),
      },
    ],
  }
}

async function topics(read: MetricReader): Promise<Sheet> {
  const [popular, least] = await Promise.all([read('populartopics'), read('leasttopics')])
  const withTopic = popular.data.reduce((n, t) => n + t.count, 0)
  return {
    meta: popular.meta,
    tiles: [
      { label: 'Topics discussed', value: formatCount(popular.data.filter((t) => t.count > 0).length) },
      { label: 'Chats with a topic', value: formatCount(withTopic) },
      { label: 'Chats without a topic', value: formatCount(popular.unassigned_count) },
    ],
    charts: [
      {
        kind: 'bars',
        title: 'Most discussed topics',
        items: popular.data.map((t) => ({ label: t.topic, value: t.count })),
        format: count,
      },
      {
        kind: 'bars',
        title: 'Least discussed topics',
        items: least.data.map((t) => ({ label: t.topic, value: t.count })),
        format: count,
      },
    ],
  }
}

/** The Customers page: those who chatted in the period, or, with a community chosen, that community's members. */
async function customers(read: MetricReader, filter: SheetFilter): Promise<Sheet> {
  const [age, gender, countries, cities] = await Promise.all([
    read('clientsaverageage'),
    read('genderdistribution'),
    read('countrydistribution'),
    read('clientcitydistribution'),
  ])
  return {
    meta: age.meta,
    tiles: [
      {
        label: filter.community === undefined ? 'Customers who chatted' : 'Community members',
        value: formatCount(age.total_clients),
      },
      { label: 'Average age', value: age.average_age === null ? NONE : formatDecimal(age.average_age, 1) },
      { label: 'Median age', value: age.median_age === null ? NONE : formatDecimal(age.median_age, 1) },
      { label: 'Age unknown', value: formatCount(age.total_clients - age.with_age_count) },
    ],
    charts: [
      {
        kind: 'bars',
        title: 'Age',
        items: age.age_groups.map((g) => ({ label: g.range, value: g.count })),
        format: count,
      },
      {
        kind: 'bars',
        title: 'Gender',
        items: gender.gender.map((g) => ({ label: g.gender, value: g.count })),
        format: count,
      },
      {
        kind: 'bars',
        title: 'Countries',
        items: countries.countries.map((c) => ({ label: c.country, value: c.count })),
        format: count,
      },
      {
        kind: 'bars',
        title: 'Cities',
        items: cities.cities.map((c) => ({ label: c.city, value: c.count })),
        format: count,
      },
    ],
  }
}

async function community(read: MetricReader): Promise<Sheet> {
  const [members, growth, rating, comments, issues] = await Promise.all([
    read('communitymembers'),
    read('communitygrowthrate'),
    read('communityrating'),
    read('averagecomments'),
    read('cumulativeissues'),
  ])
  return {
    meta: members.meta,
    tiles: [
      {
        label: 'Members',
        value: formatCount(members.member_count),
        detail: `${formatCount(members.new_members)} joined in the period`,
      },
      {
        label: 'Growth',
        value: growth.growth_rate === null ? NONE : formatPercent(growth.growth_rate),
        detail: `${formatCount(growth.joins)} joins, ${formatCount(growth.leaves)} leaves`,
      },
      {
        label: 'Issues',
        value: formatCount(issues.count),
        detail: `${formatCount(issues.open_count)} open, ${formatCount(issues.solved_count)} solved`,
      },
      {
        label: 'Comments per thread',
        value: formatDecimal(comments.avg_comments_per_thread, 1),
        detail: `${formatCount(comments.comment_count)} comments`,
      },
      {
        label: 'Rating',
        value: formatRating(rating.average_rating),
        detail: `${formatCount(rating.rating_count)} ratings`,
      },
    ],
    charts: [
      {
        kind: 'line',
        title: 'Members over time',
        points: pointsOf(growth.series, growth.meta, (b) => b.members),
        format: count,
      },
      {
        kind: 'line',
        title: 'Issues raised (running total)',
        points: pointsOf(issues.series, issues.meta, (b) => b.count),
        format: count,
      },
    ],
  }
}

async function voice(read: MetricReader): Promise<Sheet> {
  const [total, perChat] = await Promise.all([read('cumulativevoicemessage'), read('averagevoicemessageperchat')])
  return {
    meta: total.meta,
    tiles: [
      { label: 'Voice messages', value: formatCount(total.voice_message_count) },
      {
        label: 'In the period',
        value: formatCount(total.in_window.count),
        detail: `${formatDuration(total.in_window.duration_seconds)} in all`,
      },
      { label: 'Per active chat', value: formatDecimal(perChat.average_voice_messages_per_chat, 2) },
      { label: 'Average length', value: formatDuration(perChat.average_duration_seconds) },
    ],
    charts: [
      {
        kind: 'line',
        title: 'Voice messages (running total)',
        points: pointsOf(total.series, total.meta, (b) => b.count),
        format: count,
      },
    ],
  }
}

/** The Surveys page; with a survey chosen, that survey's ratings as the page's "Survey ratings" card shows them. */
async function surveys(read: MetricReader, filter: SheetFilter): Promise<Sheet> {
  const [total, rate, period, ratings] = await Promise.all([
    read('totalsurveys'),
    read('surveyresponserate'),
    read('averagesurveyrunperiod'),
    filter.survey === undefined ? null : read('surveyratings'),
  ])
  const tiles: Tile[] = [
    {
      label: 'Surveys',
      value: formatCount(total.survey_count),
      detail: `${formatCount(total.created_in_window)} created in the period`,
    },
    {
      label: 'Response rate',
      value: formatPercent(rate.response_rate),
      detail: `${formatCount(rate.response_count)} responses`,
    },
    { label: 'Average run', value: formatDuration(period.avg_survey_period_seconds) },
  ]
  const charts: Chart[] = [
    {
      kind: 'bars',
      title: 'Surveys by status',
      items: (['published', 'closed', 'draft'] as const).map((s) => ({ label: s, value: total.by_status[s] })),
      format: count,
    },
  ]
  if (ratings) {
    tiles.push({
      label: 'Average rating',
      value: formatRating(ratings.average_rating),
      detail: `over ${counted(ratings.response_count, 'response')} to this survey`,
    })
    if (ratings.nps)
      tiles.push({
        label: 'NPS',
        value: formatDecimal(ratings.nps.score, 0),
        detail: `${counted(ratings.nps.promoters, 'promoter')}, ${counted(ratings.nps.detractors, 'detractor')}`,
      })
    charts.push({
      kind: 'bars',
      title: `Average answer per question (${scales(ratings.questions)})`,
      items: ratings.questions
        .filter((q) => q.average !== null)
        .map((q) => ({ label: q.title, value: q.average ?? 0 })),
      format: (v) => formatDecimal(v),
      zeroIsValue: true,
      empty:
        ratings.questions.length === 0
          ? 'This survey has no rating or NPS questions.'
          : 'No responses to this survey in this period yet.',
    })
  }
  return { meta: total.meta, tiles, charts }
}

/** "1 response", "3 responses". */
const counted = (n: number, one: string) => `${formatCount(n)} ${n === 1 ? one : `${one}s`}`

/** The scales a survey's rated questions use, said once for the chart: "ratings 1–5, NPS 0–10". */
function scales(questions: readonly { type: 'rating' | 'nps' }[]) {
  const said = []
  if (questions.some((q) => q.type === 'rating')) said.push('ratings 1–5')
  if (questions.some((q) => q.type === 'nps')) said.push('NPS 0–10')
  return said.join(', ') || 'none rated'
}

/** The filter a sheet reads beyond its metrics' own (which page parts it draws). */
export type SheetFilter = { survey?: number | undefined; community?: number | undefined }

export const SHEETS: Record<AnalyticsArea, (read: MetricReader, filter: SheetFilter) => Promise<Sheet>> = {
  chats,
  response,
  topics,
  customers,
  community,
  voice,
  surveys,
}

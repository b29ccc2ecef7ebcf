import { percentage, round2 } from '../../../lib/numbers.js'
import { metric, type MetricContext } from '../metric.js'
import { bucketBounds, seriesItems } from '../series.js'
import { lastHourWindow } from '../window.js'
import {
  firstResponseStats,
  unansweredCount,
  waitStats,
  waitStatsByBucket,
  type ResponseFilter,
  type WaitStats,
} from './responses.queries.js'
import {
  ratingStats,
  ratingStatsByBucket,
  resolvedRated,
  type RatingStats,
  type SatisfactionFilter,
} from './responses-satisfaction.queries.js'
import { leastTopics, popularTopics, topicTotals, type TopicFilter } from './responses-topics.queries.js'

/*
 * Response time, satisfaction and topics (contract §7.5, §7.6, §7.7). `business_hours` is not supported: the
 * response-time metrics do not use it, so it is listed in `meta.ignored_filters`.
 */

/** The last hour before now (§7.2), which the hourly metrics' headline numbers cover. */

const num = (v: number | string | null) => (v === null ? null : Number(v))
const rounded = (v: number | string | null) => (v === null ? null : round2(Number(v)))

function responseFilter(ctx: MetricContext): ResponseFilter {
  return {
    tenantId: ctx.tenantId,
    channel: ctx.filter.channel,
    topicId: ctx.filter.topic_id,
    assignee: ctx.filter.assignee,
  }
}

function responseValues(s: WaitStats) {
  const mean = num(s.mean)
  return {
    avg_response_time: mean === null ? null : round2(mean / 60),
    average_seconds: rounded(mean),
    median_seconds: rounded(s.median),
    response_count: Number(s.n),
  }
}

const averageresponsetimeMetric = metric({
  name: 'averageresponsetime',
  uses: ['channel', 'topic_id', 'assignee'],
  compute: async (ctx) => {
    const f = responseFilter(ctx)
    const [stats, first, unanswered] = await Promise.all([
      waitStats(ctx.db, f, ctx.window),
      firstResponseStats(ctx.db, f, ctx.window),
      unansweredCount(ctx.db, f, ctx.window),
    ])
    return {
      ...responseValues(stats),
      p90_seconds: rounded(stats.p90),
      unanswered_count: unanswered,
      first_response: {
        average_seconds: rounded(first.mean),
        median_seconds: rounded(first.median),
        p90_seconds: rounded(first.p90),
        count: Number(first.n),
      },
    }
  },
})

const hourlyaverageresponsetimeMetric = metric({
  name: 'hourlyaverageresponsetime',
  uses: ['channel', 'topic_id', 'assignee'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async (ctx) => {
    const f = responseFilter(ctx)
    const [headline, rows] = await Promise.all([
      waitStats(ctx.db, f, lastHourWindow(ctx.now)),
      waitStatsByBucket(ctx.db, f, ctx.window, bucketBounds(ctx.buckets)),
    ])
    const values = new Map(rows.map((r) => [Number(r.b), responseValues(r)]))
    return {
      ...responseValues(headline),
      series: seriesItems(ctx.buckets, values, () => ({
        avg_response_time: null,
        average_seconds: null,
        median_seconds: null,
        response_count: 0,
      })),
    }
  },
})

function satisfactionFilter(ctx: MetricContext): SatisfactionFilter {
  return { tenantId: ctx.tenantId, channel: ctx.filter.channel, assignee: ctx.filter.assignee }
}

function satisfactionValues(s: RatingStats) {
  return {
    satisfaction_percentage: percentage(Number(s.satisfied), Number(s.n)),
    average_rating: rounded(s.mean),
    rated_count: Number(s.n),
  }
}

const clientsatisfactionMetric = metric({
  name: 'clientsatisfaction',
  uses: ['channel', 'assignee'],
  compute: async (ctx) => {
    const f = satisfactionFilter(ctx)
    const [stats, resolved] = await Promise.all([
      ratingStats(ctx.db, f, ctx.window),
      resolvedRated(ctx.db, f, ctx.window),
    ])
    return {
      ...satisfactionValues(stats),
      distribution: {
        '1': Number(stats.r1),
        '2': Number(stats.r2),
        '3': Number(stats.r3),
        '4': Number(stats.r4),
        '5': Number(stats.r5),
      },
      rating_response_rate: percentage(Number(resolved.rated), Number(resolved.resolved)),
    }
  },
})

const hourlyclientsatisfactionMetric = metric({
  name: 'hourlyclientsatisfaction',
  uses: ['channel', 'assignee'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async (ctx) => {
    const f = satisfactionFilter(ctx)
    const [headline, rows] = await Promise.all([
      ratingStats(ctx.db, f, lastHourWindow(ctx.now)),
      ratingStatsByBucket(ctx.db, f, ctx.window, bucketBounds(ctx.buckets)),
    ])
    const values = new Map(rows.map((r) => [Number(r.b), satisfactionValues(r)]))
    return {
      ...satisfactionValues(headline),
      series: seriesItems(ctx.buckets, values, () => ({
        satisfaction_percentage: null,
        average_rating: null,
        rated_count: 0,
      })),
    }
  },
})

const topicFilter = (ctx: MetricContext): TopicFilter => ({ tenantId: ctx.tenantId, channel: ctx.filter.channel })

const populartopicsMetric = metric({
  name: 'populartopics',
  uses: ['channel', 'limit'],
  compute: async (ctx) => {
    const f = topicFilter(ctx)
    const [totals, rows] = await Promise.all([
      topicTotals(ctx.db, f, ctx.window),
      popularTopics(ctx.db, f, ctx.window, ctx.filter.limit),
    ])
    const total = Number(totals.total)
    return {
      data: rows.map((r) => ({
        topic: r.name,
        topic_id: Number(r.topic_id),
        count: Number(r.n),
        message_count: Number(r.messages),
        percentage: percentage(Number(r.n), total),
      })),
      unassigned_count: Number(totals.unassigned),
    }
  },
})

const leasttopicsMetric = metric({
  name: 'leasttopics',
  uses: ['channel', 'limit'],
  compute: async (ctx) => {
    const rows = await leastTopics(ctx.db, topicFilter(ctx), ctx.window, ctx.filter.limit)
    return {
      least_engaged_topics: rows.filter((r) => r.lowest).map((r) => r.name),
      data: rows
        .filter((r) => r.listed)
        .map((r) => ({ topic: r.name, topic_id: Number(r.topic_id), count: Number(r.n) })),
    }
  },
})

export const responsesMetrics = {
  averageresponsetime: averageresponsetimeMetric,
  hourlyaverageresponsetime: hourlyaverageresponsetimeMetric,
  clientsatisfaction: clientsatisfactionMetric,
  hourlyclientsatisfaction: hourlyclientsatisfactionMetric,
  populartopics: populartopicsMetric,
  leasttopics: leasttopicsMetric,
}

import { percentage, round2 } from '../../../lib/numbers.js'
import { metric, type MetricContext } from '../metric.js'
import { seriesEdges, seriesItems } from '../series.js'
import { lastHourWindow } from '../window.js'
import {
  firstResponseStats,
  meanOf,
  unansweredCount,
  waitMediansByBucket,
  waitPercentiles,
  waitSums,
  waitSumsByBucket,
  type ResponseFilter,
  type WaitSums,
} from './responses.queries.js'
import {
  resolvedRated,
  stars,
  starsByBucket,
  type SatisfactionFilter,
  type Stars,
} from './responses-satisfaction.queries.js'
import {
  leastTopics,
  messagesOfOlderChats,
  popularTopics,
  topicCounts,
  type TopicFilter,
} from './responses-topics.queries.js'

/*
 * Response time, satisfaction and topics (contract §7.5, §7.6, §7.7). `business_hours` is not supported: the
 * response-time metrics do not use it, so it is listed in `meta.ignored_filters`. Counts, sums and ratings by stars
 * come from the rollups where they can (the queries say when); means and shares are derived from them here, the same
 * way whichever path they came by.
 */

const rounded = (v: number | string | null) => (v === null ? null : round2(Number(v)))

function responseFilter(ctx: MetricContext): ResponseFilter {
  return {
    tenantId: ctx.tenantId,
    channel: ctx.filter.channel,
    topicId: ctx.filter.topic_id,
    assignee: ctx.filter.assignee,
    live: !ctx.rollups,
  }
}

function responseValues(sums: WaitSums, median: number | null) {
  const mean = meanOf(sums)
  return {
    avg_response_time: mean === null ? null : round2(mean / 60),
    average_seconds: rounded(mean),
    median_seconds: rounded(median),
    response_count: sums.n,
  }
}

const averageresponsetimeMetric = metric({
  name: 'averageresponsetime',
  uses: ['channel', 'topic_id', 'assignee'],
  compute: async (ctx) => {
    const f = responseFilter(ctx)
    const [sums, percentiles, first, unanswered] = await Promise.all([
      waitSums(ctx.db, f, ctx.window),
      waitPercentiles(ctx.db, f, ctx.window),
      firstResponseStats(ctx.db, f, ctx.window),
      unansweredCount(ctx.db, f, ctx.window, ctx.now),
    ])
    return {
      ...responseValues(sums, percentiles.median),
      p90_seconds: rounded(percentiles.p90),
      unanswered_count: unanswered,
      first_response: {
        average_seconds: rounded(first.mean),
        median_seconds: rounded(first.median),
        p90_seconds: rounded(first.p90),
        count: first.n,
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
    const lastHour = lastHourWindow(ctx.now)
    const edges = seriesEdges(ctx.buckets, ctx.window)
    const [headline, headlinePercentiles, sums, medians] = await Promise.all([
      waitSums(ctx.db, f, lastHour),
      waitPercentiles(ctx.db, f, lastHour),
      waitSumsByBucket(ctx.db, f, edges),
      waitMediansByBucket(ctx.db, f, edges),
    ])
    const values = new Map(
      [...sums].filter(([, s]) => s.n > 0).map(([b, s]) => [b, responseValues(s, medians.get(b) ?? null)]),
    )
    return {
      ...responseValues(headline, headlinePercentiles.median),
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
  return { tenantId: ctx.tenantId, channel: ctx.filter.channel, assignee: ctx.filter.assignee, live: !ctx.rollups }
}

function satisfactionValues(s: Stars) {
  const n = s[0] + s[1] + s[2] + s[3] + s[4]
  const points = s[0] + 2 * s[1] + 3 * s[2] + 4 * s[3] + 5 * s[4]
  return {
    satisfaction_percentage: percentage(s[3] + s[4], n),
    average_rating: n === 0 ? null : round2(points / n),
    rated_count: n,
  }
}

const clientsatisfactionMetric = metric({
  name: 'clientsatisfaction',
  uses: ['channel', 'assignee'],
  compute: async (ctx) => {
    const f = satisfactionFilter(ctx)
    const [counts, resolved] = await Promise.all([stars(ctx.db, f, ctx.window), resolvedRated(ctx.db, f, ctx.window)])
    return {
      ...satisfactionValues(counts),
      distribution: { '1': counts[0], '2': counts[1], '3': counts[2], '4': counts[3], '5': counts[4] },
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
      stars(ctx.db, f, lastHourWindow(ctx.now)),
      starsByBucket(ctx.db, f, seriesEdges(ctx.buckets, ctx.window)),
    ])
    const values = new Map(
      [...rows].filter(([, s]) => s.some((n) => n > 0)).map(([b, s]) => [b, satisfactionValues(s)]),
    )
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

const topicFilter = (ctx: MetricContext): TopicFilter => ({
  tenantId: ctx.tenantId,
  channel: ctx.filter.channel,
  live: !ctx.rollups,
})

const populartopicsMetric = metric({
  name: 'populartopics',
  uses: ['channel', 'limit'],
  compute: async (ctx) => {
    const f = topicFilter(ctx)
    const counts = await topicCounts(ctx.db, f, ctx.window, true)
    const rows = await popularTopics(ctx.db, f, counts, ctx.filter.limit)
    const older = await messagesOfOlderChats(
      ctx.db,
      f,
      ctx.window,
      rows.map((r) => Number(r.topic_id)),
    )
    const total = [...counts.values()].reduce((sum, c) => sum + c.chats, 0)
    return {
      data: rows.map((r) => {
        const id = Number(r.topic_id)
        return {
          topic: r.name,
          topic_id: id,
          count: Number(r.n),
          message_count: (counts.get(id)?.messages ?? 0) - (older.get(id) ?? 0),
          percentage: percentage(Number(r.n), total),
        }
      }),
      unassigned_count: counts.get(0)?.chats ?? 0,
    }
  },
})

const leasttopicsMetric = metric({
  name: 'leasttopics',
  uses: ['channel', 'limit'],
  compute: async (ctx) => {
    const f = topicFilter(ctx)
    const rows = await leastTopics(ctx.db, f, await topicCounts(ctx.db, f, ctx.window, false), ctx.filter.limit)
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

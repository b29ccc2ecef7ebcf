import { ChannelName } from '@proxima/contracts'
import { percentage } from '../../../lib/numbers.js'
import { metric, type MetricContext } from '../metric.js'
import { runningTotals, seriesEdges, seriesItems } from '../series.js'
import { lastHourWindow } from '../window.js'
import {
  channelCounts,
  chatsLastHours,
  chatsPerBucket,
  chatsWithMessages,
  chatTotals,
  activeClientsPerBucket,
  messagesPerBucket,
  type ChatScope,
} from './chats.queries.js'
import { escalatedChats, escalatedChatsPerBucket, escalationsByChannel } from './escalations.queries.js'

/*
 * Chats, channels and escalations (contract §7.3, §7.4). Chats count by creation time, messages by sending time
 * (deleted ones too, contract §4.5), escalations by each `escalated` event; the channel and topic filters are the chat's current
 * ones. Series values cover only the part of a bucket inside the window.
 */

const CHANNELS = ChannelName.options

const chatScope = (ctx: MetricContext): ChatScope => ({
  tenantId: ctx.tenantId,
  channels: ctx.filter.channel,
  topicId: ctx.filter.topic_id,
  live: !ctx.rollups,
})

/** The last hour, `[now − 60 min, now)`, whatever the window. */

const countSeries = (ctx: MetricContext, counts: ReadonlyMap<number, number>) =>
  seriesItems(ctx.buckets, new Map([...counts].map(([b, count]) => [b, { count }])), () => ({ count: 0 }))

const countchatsMetric = metric({
  name: 'countchats',
  uses: ['channel', 'topic_id'],
  compute: async (ctx) => {
    const t = await chatTotals(ctx.db, chatScope(ctx), ctx.window)
    return {
      chat_count: t.total,
      by_status: { open: t.open, pending: t.pending, resolved: t.resolved },
      previous_period_count: t.previous,
      change_percentage: percentage(t.total - t.previous, t.previous),
    }
  },
})

const counthourlychatsMetric = metric({
  name: 'counthourlychats',
  uses: ['channel', 'topic_id'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async (ctx) => {
    const scope = chatScope(ctx)
    const [hours, counts] = await Promise.all([
      chatsLastHours(ctx.db, scope, ctx.now),
      chatsPerBucket(ctx.db, scope, seriesEdges(ctx.buckets, ctx.window)),
    ])
    return {
      total_chats_last_hour: hours.last,
      previous_hour_count: hours.previous,
      series: countSeries(ctx, counts),
    }
  },
})

const cumulativehourlychatsMetric = metric({
  name: 'cumulativehourlychats',
  uses: ['channel', 'topic_id'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async (ctx) => {
    const counts = await chatsPerBucket(ctx.db, chatScope(ctx), seriesEdges(ctx.buckets, ctx.window))
    const items = countSeries(ctx, counts)
    const totals = runningTotals(
      0,
      items.map((i) => i.count),
    )
    return {
      data: items.map((item, i) => ({ ...item, cumulative: totals[i]! })),
      total: totals.at(-1) ?? 0,
    }
  },
})

const communicationchannelsMetric = metric({
  name: 'communicationchannels',
  uses: ['channel', 'topic_id'],
  compute: async (ctx) => {
    const counts = await channelCounts(ctx.db, chatScope(ctx), ctx.window)
    const of = (channel: (typeof CHANNELS)[number]) => counts.get(channel) ?? { chats: 0, messages: 0 }
    const total = CHANNELS.reduce((sum, channel) => sum + of(channel).chats, 0)
    return {
      mobile_count: of('mobile').chats,
      website_count: of('website').chats,
      facebook_count: of('facebook').chats,
      instagram_count: of('instagram').chats,
      whatsapp_count: of('whatsapp').chats,
      email_count: of('email').chats,
      total,
      channels: CHANNELS.map((channel) => ({
        channel,
        chat_count: of(channel).chats,
        message_count: of(channel).messages,
        percentage: percentage(of(channel).chats, total),
      })),
    }
  },
})

const engagementfrequencyMetric = metric({
  name: 'engagementfrequency',
  uses: ['channel', 'topic_id'],
  series: 'month',
  defaultWindow: 'calendar_year',
  compute: async (ctx) => {
    const scope = chatScope(ctx)
    const edges = seriesEdges(ctx.buckets, ctx.window)
    const [chats, messages, active] = await Promise.all([
      chatsPerBucket(ctx.db, scope, edges),
      messagesPerBucket(ctx.db, scope, edges),
      activeClientsPerBucket(ctx.db, scope, edges),
    ])
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: ctx.timezone })
    const yearOf = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: ctx.timezone })
    return {
      data: ctx.buckets.map((b, i) => {
        const live = !b.future
        return {
          ...(ctx.granularity === 'month' ? { month: monthName.format(b.start) } : {}),
          year: Number(yearOf.format(b.start)),
          start_time: b.start.toISOString(),
          end_time: b.end.toISOString(),
          count: live ? (chats.get(i + 1) ?? 0) : 0,
          message_count: live ? (messages.get(i + 1) ?? 0) : 0,
          active_clients: live ? (active.get(i + 1) ?? 0) : 0,
          partial: b.partial,
          future: b.future,
        }
      }),
    }
  },
})

const countescalatedissuesMetric = metric({
  name: 'countescalatedissues',
  uses: ['channel', 'topic_id'],
  compute: async (ctx) => {
    const scope = chatScope(ctx)
    const [byChannel, messaged] = await Promise.all([
      escalationsByChannel(ctx.db, scope, ctx.window),
      chatsWithMessages(ctx.db, scope, ctx.window),
    ])
    const of = (channel: (typeof CHANNELS)[number]) => byChannel.get(channel) ?? { chats: 0, events: 0 }
    // A chat has one channel, so the distinct chats of the channels add up.
    const count = CHANNELS.reduce((sum, channel) => sum + of(channel).chats, 0)
    return {
      count,
      escalation_events: CHANNELS.reduce((sum, channel) => sum + of(channel).events, 0),
      escalation_rate: percentage(count, messaged),
      by_channel: CHANNELS.map((channel) => ({ channel, count: of(channel).chats })),
    }
  },
})

const hourlycountescalatedissuesMetric = metric({
  name: 'hourlycountescalatedissues',
  uses: ['channel', 'topic_id'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async (ctx) => {
    const scope = chatScope(ctx)
    const [count, counts] = await Promise.all([
      escalatedChats(ctx.db, scope, lastHourWindow(ctx.now)),
      escalatedChatsPerBucket(ctx.db, scope, seriesEdges(ctx.buckets, ctx.window)),
    ])
    return { count, series: countSeries(ctx, counts) }
  },
})

export const chatsMetrics = {
  countchats: countchatsMetric,
  counthourlychats: counthourlychatsMetric,
  cumulativehourlychats: cumulativehourlychatsMetric,
  communicationchannels: communicationchannelsMetric,
  engagementfrequency: engagementfrequencyMetric,
  countescalatedissues: countescalatedissuesMetric,
  hourlycountescalatedissues: hourlycountescalatedissuesMetric,
}

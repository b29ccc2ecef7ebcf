import { AGE_RANGES } from '@proxima/contracts'
import { Temporal } from 'temporal-polyfill'
import { percentage, round2 } from '../../../lib/numbers.js'
import { metric, type MetricContext } from '../metric.js'
import { bucketBounds, runningTotals, seriesItems } from '../series.js'
import {
  clientAges,
  genderCounts,
  placeDistribution,
  type PlaceColumn,
  type Population,
} from './people-demographics.queries.js'
import { voiceMessagesByBucket, voicePerChat } from './people-voice.queries.js'

/* Client demographics and voice messages (contract §7.8, §7.10); the definitions are in docs/metrics/people.md. */

const population = (ctx: MetricContext): Population => ({
  tenantId: ctx.tenantId,
  communityId: ctx.scope.community?.id,
  window: ctx.window,
})

/** The local calendar date of the window's last instant: ages are counted on the last day the window covers. */
function lastDay(ctx: MetricContext): string {
  return Temporal.Instant.fromEpochMilliseconds(ctx.window.to.getTime() - 1)
    .toZonedDateTimeISO(ctx.timezone)
    .toPlainDate()
    .toString()
}

const ratio = (value: string | number | null) => (value === null ? null : round2(Number(value)))

const clientsaverageageMetric = metric({
  name: 'clientsaverageage',
  uses: ['community'],
  compute: async (ctx) => {
    const row = await clientAges(ctx.db, population(ctx), lastDay(ctx))
    const total = Number(row.total)
    const known = Number(row.known)
    const counts = [row.under_18, row.from_18, row.from_25, row.from_35, row.from_45, row.from_55, row.from_65]
    return {
      total_clients: total,
      unknown_count: total - known,
      average_age: ratio(row.average),
      median_age: ratio(row.median),
      with_age_count: known,
      age_groups: AGE_RANGES.map((range, i) => {
        const count = Number(counts[i])
        return { range, count, percentage: percentage(count, known) }
      }),
    }
  },
})

/** A profile column's distribution: the top `limit` groups, the rest of the known values as `other_count`. */
async function places(ctx: MetricContext, column: PlaceColumn) {
  const row = await placeDistribution(ctx.db, population(ctx), column, ctx.filter.limit)
  const total = Number(row.total)
  const known = Number(row.known)
  const top = row.top.map((g) => ({ label: g.label, count: Number(g.count) }))
  return {
    total_clients: total,
    unknown_count: total - known,
    top: top.map((g) => ({ ...g, percentage: percentage(g.count, known) })),
    other_count: known - top.reduce((sum, g) => sum + g.count, 0),
  }
}

const clientcitydistributionMetric = metric({
  name: 'clientcitydistribution',
  uses: ['community', 'limit'],
  compute: async (ctx) => {
    const { top, ...rest } = await places(ctx, 'city')
    return { ...rest, cities: top.map(({ label, count, percentage }) => ({ city: label, count, percentage })) }
  },
})

const countrydistributionMetric = metric({
  name: 'countrydistribution',
  uses: ['community', 'limit'],
  compute: async (ctx) => {
    const { top, ...rest } = await places(ctx, 'country')
    return { ...rest, countries: top.map(({ label, count, percentage }) => ({ country: label, count, percentage })) }
  },
})

const statedistributionMetric = metric({
  name: 'statedistribution',
  uses: ['community', 'limit'],
  compute: async (ctx) => {
    const { top, ...rest } = await places(ctx, 'state')
    return { ...rest, state: top.map(({ label, count, percentage }) => ({ state: label, count, percentage })) }
  },
})

const genderdistributionMetric = metric({
  name: 'genderdistribution',
  uses: ['community'],
  compute: async (ctx) => {
    const row = await genderCounts(ctx.db, population(ctx))
    const counts = { Male: Number(row.male), Female: Number(row.female), Other: Number(row.other) }
    const known = counts.Male + counts.Female + counts.Other
    const total = Number(row.total)
    return {
      total_clients: total,
      unknown_count: total - known,
      gender: (['Male', 'Female', 'Other'] as const).map((gender) => ({
        gender,
        count: counts[gender],
        percentage: percentage(counts[gender], known),
      })),
    }
  },
})

const seconds = (ms: number) => round2(ms / 1000)

const cumulativevoicemessageMetric = metric({
  name: 'cumulativevoicemessage',
  uses: ['channel'],
  series: 'day',
  compute: async (ctx) => {
    const rows = await voiceMessagesByBucket(
      ctx.db,
      ctx.tenantId,
      ctx.filter.channel,
      ctx.window,
      bucketBounds(ctx.buckets),
    )
    const perBucket = new Map(rows.map((r) => [Number(r.bucket), Number(r.count)]))
    const sum = (key: 'count' | 'duration_ms' | 'bytes' | 'window_count' | 'window_duration_ms') =>
      rows.reduce((total, r) => total + Number(r[key]), 0)
    const count = sum('count')
    const totals = runningTotals(
      perBucket.get(0) ?? 0,
      ctx.buckets.map((_, i) => perBucket.get(i + 1) ?? 0),
    )
    return {
      total_voice_size: count,
      voice_message_count: count,
      total_duration_seconds: seconds(sum('duration_ms')),
      total_bytes: sum('bytes'),
      in_window: { count: sum('window_count'), duration_seconds: seconds(sum('window_duration_ms')) },
      series: seriesItems(ctx.buckets, new Map(totals.map((total, i) => [i + 1, { count: total }])), () => ({
        count: 0,
      })),
    }
  },
})

const averagevoicemessageperchatMetric = metric({
  name: 'averagevoicemessageperchat',
  uses: ['channel'],
  compute: async (ctx) => {
    const row = await voicePerChat(ctx.db, ctx.tenantId, ctx.filter.channel, ctx.window)
    const active = Number(row.active_chats)
    const voice = Number(row.voice_messages)
    return {
      average_voice_messages_per_chat: active === 0 ? null : round2(voice / active),
      voice_message_count: voice,
      active_chat_count: active,
      chats_with_voice: Number(row.chats_with_voice),
      average_duration_seconds: row.average_duration_ms === null ? null : seconds(Number(row.average_duration_ms)),
    }
  },
})

export const peopleMetrics = {
  clientsaverageage: clientsaverageageMetric,
  clientcitydistribution: clientcitydistributionMetric,
  countrydistribution: countrydistributionMetric,
  statedistribution: statedistributionMetric,
  genderdistribution: genderdistributionMetric,
  cumulativevoicemessage: cumulativevoicemessageMetric,
  averagevoicemessageperchat: averagevoicemessageperchatMetric,
}

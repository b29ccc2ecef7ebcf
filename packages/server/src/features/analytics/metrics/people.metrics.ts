import { AGE_RANGES, type AnalyticsMetric } from '@proxima/contracts'
import { Temporal } from 'temporal-polyfill'
import { percentage, round2 } from '../../../lib/numbers.js'
import { metric, type MetricContext } from '../metric.js'
import {
  demographics,
  type Demographic,
  type Demographics,
  type PlaceColumn,
  type Population,
} from './people-demographics.queries.js'
import { chatsWithMessages } from './chats.queries.js'
import { firstMessageDay, voiceChatsIn, voiceSumsPerBucket, type VoiceSums } from './people-voice.queries.js'

/* Client demographics and voice messages (contract §7.8, §7.10); the definitions are in docs/metrics/people.md. */

const population = (ctx: MetricContext): Population => ({
  tenantId: ctx.tenantId,
  communityId: ctx.scope.community?.id,
  window: ctx.window,
  live: !ctx.rollups,
})

/** The local calendar date of the window's last instant: ages are counted on the last day the window covers. */
function lastDay(ctx: MetricContext): string {
  return Temporal.Instant.fromEpochMilliseconds(ctx.window.to.getTime() - 1)
    .toZonedDateTimeISO(ctx.timezone)
    .toPlainDate()
    .toString()
}

/** Which part of the demographics each demographic metric shows. */
const DEMOGRAPHIC_OF: Partial<Record<AnalyticsMetric, Demographic>> = {
  clientsaverageage: 'ages',
  genderdistribution: 'genders',
  clientcitydistribution: 'city',
  countrydistribution: 'country',
  statedistribution: 'state',
}

/**
 * One part of the population's demographics. The parts of every demographic metric of the request are read together,
 * once, in one statement (a batch's five share their population); the key names all they depend on.
 */
async function demographicOf<D extends Demographic>(ctx: MetricContext, own: D): Promise<Demographics[D]> {
  const p = population(ctx)
  const day = lastDay(ctx)
  const limit = ctx.filter.limit
  const parts: Demographic[] = [own]
  for (const name of ctx.requested) {
    const part = DEMOGRAPHIC_OF[name]
    if (part !== undefined && !parts.includes(part)) parts.push(part)
  }
  parts.sort()
  const key = ['demographics', parts.join(','), p.tenantId, p.communityId, p.window.from.toISOString()]
  const all = await ctx.shared([...key, p.window.to.toISOString(), p.live, day, limit].join(' '), () =>
    demographics(ctx.db, p, parts, day, limit),
  )
  return all[own]
}

const ratio = (value: string | number | null) => (value === null ? null : round2(Number(value)))

const clientsaverageageMetric = metric({
  name: 'clientsaverageage',
  uses: ['community'],
  compute: async (ctx) => {
    const row = await demographicOf(ctx, 'ages')
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
  const row = await demographicOf(ctx, column)
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
    const row = await demographicOf(ctx, 'genders')
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

const ZERO: VoiceSums = { count: 0, timed: 0, ms: 0, bytes: 0 }

const cumulativevoicemessageMetric = metric({
  name: 'cumulativevoicemessage',
  uses: ['channel'],
  series: 'day',
  compute: async (ctx) => {
    const { from, to } = ctx.window
    // The running totals are needed at every bucket's start (the previous bucket's end), at `from` and at `to`.
    // They are 0 where the tenant's messages begin, so the sums start there (or at the first of those instants).
    const instants = [...new Set([...ctx.buckets.map((b) => b.start.getTime()), from.getTime(), to.getTime()])].sort(
      (a, b) => a - b,
    )
    const first = await firstMessageDay(ctx.db, ctx.tenantId)
    const edges = (first && first.getTime() < instants[0]! ? [first.getTime(), ...instants] : instants).map(
      (t) => new Date(t),
    )
    const sums = await voiceSumsPerBucket(
      ctx.db,
      { tenantId: ctx.tenantId, channels: ctx.filter.channel, live: !ctx.rollups },
      edges,
    )
    // Running totals at each edge: everything sent before it.
    const totals = new Map<number, VoiceSums>()
    let total = ZERO
    edges.forEach((edge, i) => {
      const add = sums.get(i) ?? ZERO // the span that ends at this edge (none before the first)
      total = {
        count: total.count + add.count,
        timed: total.timed + add.timed,
        ms: total.ms + add.ms,
        bytes: total.bytes + add.bytes,
      }
      totals.set(edge.getTime(), total)
    })
    /** Everything sent before `at` (one of the edges). */
    const before = (at: number) => totals.get(at) ?? ZERO
    const end = before(to.getTime())
    const start = before(from.getTime())
    return {
      total_voice_size: end.count,
      voice_message_count: end.count,
      total_duration_seconds: seconds(end.ms),
      total_bytes: end.bytes,
      in_window: { count: end.count - start.count, duration_seconds: seconds(end.ms - start.ms) },
      series: ctx.buckets.map((b) => ({
        start_time: b.start.toISOString(),
        end_time: b.end.toISOString(),
        partial: b.partial,
        count: before(Math.min(b.end.getTime(), to.getTime())).count,
      })),
    }
  },
})

const averagevoicemessageperchatMetric = metric({
  name: 'averagevoicemessageperchat',
  uses: ['channel'],
  compute: async (ctx) => {
    const channels = ctx.filter.channel
    const [voice, active] = await Promise.all([
      voiceChatsIn(ctx.db, { tenantId: ctx.tenantId, channels, live: !ctx.rollups }, ctx.window),
      chatsWithMessages(
        ctx.db,
        { tenantId: ctx.tenantId, channels, topicId: undefined, live: !ctx.rollups },
        ctx.window,
      ),
    ])
    return {
      average_voice_messages_per_chat: active === 0 ? null : round2(voice.count / active),
      voice_message_count: voice.count,
      active_chat_count: active,
      chats_with_voice: voice.chats,
      average_duration_seconds: voice.timed === 0 ? null : seconds(voice.ms / voice.timed),
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

import {
  FORECAST_HORIZON,
  FORECAST_VARIANTS,
  planById,
  type ForecastGranularity,
  type PredictiveEndpoint,
  type PredictiveInput,
  type PredictiveReply,
  type SeriesForecast,
} from '@proxima/contracts'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { AppError, assertFound, badRequest, notFound } from '../../lib/errors.js'
import { percentage } from '../../lib/numbers.js'
import {
  escalationHistory,
  findCommunity,
  GENDERS,
  interactions,
  involvementHistory,
  memberHistory,
  newClientHistory,
  topicHistories,
  uniqueClientHistory,
  type HistoryScope,
} from '../analytics/history.js'
import { windowBound } from '../analytics/window.js'
import { forecastSeries, seedOf } from './forecast/forecast.js'
import { defaultFrom, planPeriods, type Period, type PeriodPlan } from './periods.js'
import { tenantBasics } from './predictive.queries.js'

/*
 * Predictive analytics (contract §8): each endpoint reads its histories from the analytics (the rollups where they
 * are sealed), forecasts them (forecast/), and answers in the tenant's or the request's time zone. Answers are kept
 * for an hour per tenant, endpoint and parameters as the request gave them; identical requests that arrive while
 * one is being computed share its computation.
 */

const CACHE_TTL_MS = 3_600_000
const CACHE_ENTRIES = 2_000
/** The most the kept answers may weigh, counted as the characters of their JSON (a daily answer is 20–100 kB). */
const CACHE_CHARACTERS = 32_000_000

/** A request's parameters after defaults and checks. */
type Params = {
  tenantId: number
  granularity: ForecastGranularity
  timezone: string
  from: Date
  to: Date
  horizon: number
  measure: 'chats' | 'messages'
  topics: number
  channels: PredictiveInput['channel']
  community: number | undefined
  createdAt: Date
}

const invalid = (field: string, message: string) => badRequest('validation.failed', message, { [field]: [message] })

const featureUnavailable = () =>
  new AppError(403, 'plan.feature_unavailable', 'Predictive analytics are not part of your plan.')

type Reply = PredictiveReply<PredictiveEndpoint>
type Job = { endpoint: PredictiveEndpoint; params: Params }

export function createPredictiveService({ db, clock }: { db: Db; clock: Clock }) {
  const cache = new LRUCache<string, Reply, Job>({
    max: CACHE_ENTRIES,
    maxSize: CACHE_CHARACTERS,
    sizeCalculation: (reply) => JSON.stringify(reply).length,
    ttl: CACHE_TTL_MS,
    fetchMethod: (_key, _stale, { context }) => compute(context.endpoint, context.params),
  })

  /** One alias pair: both spellings at once must agree. */
  function aliased(plain: number | undefined, alias: number | undefined, name: string) {
    if (plain !== undefined && alias !== undefined && plain !== alias)
      throw invalid(name, `Send one of "${name}" and "${name}_id", or the same value in both.`)
    return plain ?? alias
  }

  async function resolve(actor: StaffActor, input: PredictiveInput): Promise<Params> {
    const tenant = aliased(input.tenant, input.tenant_id, 'tenant')
    if (tenant !== undefined && tenant !== actor.tenantId) throw notFound()
    const basics = await tenantBasics(db, actor.tenantId)
    if (!planById(basics.plan).features.predictive_analytics) throw featureUnavailable()
    const community = aliased(input.community, input.community_id, 'community')
    if (community !== undefined) assertFound(await findCommunity(db, actor.tenantId, community))

    const fromVariant = input.variant === undefined ? undefined : FORECAST_VARIANTS[input.variant]
    if (input.granularity !== undefined && fromVariant !== undefined && input.granularity !== fromVariant)
      throw invalid('variant', '"variant" and "granularity" disagree: send one of them.')
    const granularity = input.granularity ?? fromVariant ?? 'day'
    const limit = FORECAST_HORIZON[granularity]
    const horizon = input.horizon ?? limit.default
    if (horizon > limit.max) throw invalid('horizon', `Must be a whole number from 1 to ${limit.max}.`)

    const timezone = input.timezone ?? basics.timezone
    const now = clock.now()
    // History ends now at the latest: a later `to` (today's date, say) would count periods that have not happened.
    const to =
      input.to === undefined ? now : new Date(Math.min(windowBound(input.to, timezone, 'to').getTime(), now.getTime()))
    const from =
      input.from === undefined ? defaultFrom(to, granularity, timezone) : windowBound(input.from, timezone, 'from')
    if (from >= to) throw invalid('from', '"from" must be before "to".')
    return {
      tenantId: actor.tenantId,
      granularity,
      timezone,
      from,
      to,
      horizon,
      measure: input.measure ?? 'chats',
      topics: input.topics ?? 5,
      channels: input.channel ? [...new Set(input.channel)].sort() : undefined,
      community,
      createdAt: new Date(basics.created_at),
    }
  }

  async function run<E extends PredictiveEndpoint>(
    actor: StaffActor,
    endpoint: E,
    input: PredictiveInput,
  ): Promise<PredictiveReply<E>> {
    const params = await resolve(actor, input)
    // The parameters as the request gave them (a missing `to` is "now" for the hour the answer is kept).
    const key = JSON.stringify([
      params.tenantId,
      endpoint,
      params.granularity,
      params.timezone,
      input.from ?? null,
      input.to ?? null,
      params.horizon,
      endpoint === 'chat/interactions' ? params.measure : null,
      endpoint === 'chat/topics' ? params.topics : null,
      endpoint.startsWith('chat/') ? (params.channels ?? null) : null,
      endpoint.startsWith('community/') ? (params.community ?? null) : null,
    ])
    const status: LRUCache.Status<string, Reply, Job> = {}
    const reply = await cache.fetch(key, { context: { endpoint, params }, status })
    // Kept from an earlier request, or shared with an identical one being computed: not computed for this one.
    return { ...(reply as PredictiveReply<E>), cached: status.fetch === 'hit' || status.fetch === 'inflight' }
  }

  function plan(p: Params): PeriodPlan {
    const periods = planPeriods(p)
    if (!periods)
      throw invalid('from', 'At most 1,000 periods of history: choose a later "from" or a coarser granularity.')
    return periods
  }

  const times = (p: Period) => ({ start_time: p.start.toISOString(), end_time: p.end.toISOString() })

  /** The season length the seasonal candidates try (§8.3): weekly data only with two years of it. */
  const seasonOf = (g: ForecastGranularity, points: number) =>
    g === 'day' ? 7 : g === 'month' ? 12 : points >= 104 ? 52 : null

  /** One series' forecast reply from its values per period of `periods.edges` (history, then the unfinished one). */
  function series(p: Params, periods: PeriodPlan, values: readonly number[], seedKey: string): SeriesForecast {
    const n = periods.history.length
    const history = values.slice(0, n)
    // Seeded by what decides the history, so the same history gives the same bands whenever it is asked for.
    const historyEnd = periods.history.at(-1)?.end ?? p.to
    const f = forecastSeries(history, {
      horizon: p.horizon,
      season: seasonOf(p.granularity, n),
      seed: seedOf(`${p.tenantId}|${seedKey}|${p.granularity}|${p.timezone}|${historyEnd.toISOString()}`),
    })
    return {
      history: periods.history.map((period, i) => ({ ...times(period), value: history[i]! })),
      current_period: periods.current ? { ...times(periods.current), value_so_far: values[n] ?? 0 } : null,
      forecast: periods.future.map((period, i) => ({ ...times(period), ...f.points[i]! })),
      method: f.method,
      backtest: f.backtest,
      quality: f.quality,
      data_points: n,
    }
  }

  /** The change from `before` to `after` in percent of `before` (null from 0). */
  const change = (before: number, after: number) => percentage(after - before, before)
  /** Each period's change in percent against the period before it (the first against `start`). */
  const growthRates = (items: readonly { start_time: string; end_time: string; value: number }[], start: number) =>
    items.map((item, i) => ({
      start_time: item.start_time,
      end_time: item.end_time,
      growth_rate: change(i === 0 ? start : items[i - 1]!.value, item.value),
    }))

  async function compute(endpoint: PredictiveEndpoint, p: Params): Promise<Reply> {
    const periods = plan(p)
    const { edges } = periods
    const grid = { timeZone: p.timezone, unit: p.granularity }
    const chats: HistoryScope = { tenantId: p.tenantId, channels: p.channels, grid }
    const clients: HistoryScope = { tenantId: p.tenantId, grid }
    const communities: HistoryScope = { tenantId: p.tenantId, community: p.community, grid }
    const base = {
      granularity: p.granularity,
      timezone: p.timezone,
      generated_at: clock.now().toISOString(),
      cached: false,
    }
    switch (endpoint) {
      case 'chat/interactions': {
        const values = await interactions(db, chats, edges, p.measure)
        return {
          metric: 'chat.interactions',
          unit: p.measure,
          ...base,
          ...series(p, periods, values, `chat.interactions.${p.measure}`),
        }
      }
      case 'chat/topics': {
        const all = await topicHistories(db, chats, edges)
        const inHistory = (values: readonly number[]) =>
          values.slice(0, periods.history.length).reduce((a, b) => a + b, 0)
        const top = all
          .map((t) => ({ ...t, total: inHistory(t.values) }))
          .filter((t) => t.total > 0)
          .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name) || a.topicId - b.topicId)
          .slice(0, p.topics)
        return {
          metric: 'chat.topics',
          unit: 'chats',
          ...base,
          topics: top.map((t) => ({
            topic: t.name,
            topic_id: t.topicId,
            ...series(p, periods, t.values, `chat.topics.${t.topicId}`),
          })),
        }
      }
      case 'chat/escalatedchats': {
        const h = await escalationHistory(db, chats, edges)
        return {
          metric: 'chat.escalated_chats',
          unit: 'chats',
          ...base,
          ...series(p, periods, h.escalated, 'chat.escalated_chats'),
          escalation_rate_history: periods.history.map((period, i) => ({
            ...times(period),
            escalation_rate: percentage(h.escalated[i]!, h.withMessages[i]!),
          })),
        }
      }
      case 'client/genderdistribution': {
        const byGender = await newClientHistory(db, clients, edges)
        const genders = GENDERS.map((gender) => ({
          gender,
          ...series(p, periods, byGender[gender], `client.new_clients.${gender}`),
        }))
        const share = (total: (g: (typeof genders)[number]) => number) => {
          const all = genders.reduce((sum, g) => sum + total(g), 0)
          return genders.map((g) => ({ gender: g.gender, percentage: percentage(total(g), all) }))
        }
        return {
          metric: 'client.new_clients',
          unit: 'clients',
          ...base,
          genders,
          current_share: share((g) => g.history.reduce((sum, h) => sum + h.value, 0)),
          projected_share: share((g) => g.forecast.reduce((sum, f) => sum + f.value, 0)),
        }
      }
      case 'client/uniqueclients': {
        const values = await uniqueClientHistory(db, clients, edges)
        const n = periods.history.length
        return {
          metric: 'client.unique_clients',
          unit: 'clients',
          ...base,
          ...series(p, periods, values, 'client.unique_clients'),
          change_percentage: n < 2 ? null : change(values[n - 2]!, values[n - 1]!),
        }
      }
      case 'community/growthrate': {
        const members = await memberHistory(db, communities, edges)
        const s = series(p, periods, members.ends, 'community.members')
        const lastMembers = s.history.at(-1)?.value ?? members.start
        return {
          metric: 'community.members',
          unit: 'members',
          ...base,
          ...s,
          growth_rate_history: growthRates(s.history, members.start),
          growth_rate_forecast: growthRates(s.forecast, lastMembers),
        }
      }
      case 'community/involvements': {
        const h = await involvementHistory(db, communities, edges)
        return {
          metric: 'community.involvements',
          unit: 'actions',
          ...base,
          ...series(p, periods, h.actions, 'community.involvements'),
          participants_history: periods.history.map((period, i) => ({
            ...times(period),
            participants: h.participants[i]!,
          })),
        }
      }
    }
  }

  return { run }
}

export type PredictiveService = ReturnType<typeof createPredictiveService>

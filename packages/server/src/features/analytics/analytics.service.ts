import {
  ANALYTICS_REPLIES,
  type AnalyticsBatchInput,
  type AnalyticsBatchReply,
  type AnalyticsFilterInput,
  type AnalyticsMeta,
  type AnalyticsMetric,
  type AnalyticsReply,
} from '@proxima/contracts'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { AppError, assertFound, isDatabaseUnavailable, notFound } from '../../lib/errors.js'
import type { SettingsService } from '../tenants/settings.service.js'
import { canonicalFilter, ignoredFilters, type AnalyticsFilter } from './filter.js'
import type { MetricContext, MetricDefinition, MetricScope } from './metric.js'
import { METRICS } from './metrics/index.js'
import { findCommunity, findStaffMember, findSurvey, findThread, findTopic } from './scope.queries.js'
import { bucketsOf, calendarYearWindow, lastHoursWindow, resolveWindow, windowBound, type Window } from './window.js'

type Deps = {
  db: Db
  clock: Clock
  settings: Pick<SettingsService, 'getSettings'>
  log?: Pick<FastifyBaseLogger, 'error'>
  /** Read sealed hours from the rollups (default); false reads everything live (the rollup equality test). */
  rollups?: boolean
}

/** Metrics computed at once by a batch: enough to overlap round trips without taking the whole pool. */
const BATCH_CONCURRENCY = 4

/** The descriptive analytics of contract §7: one metric, or a batch of them for one filter. */
export function createAnalyticsService({ db, clock, settings, log, rollups = true }: Deps) {
  /**
   * The rows the filter names, each checked to be the caller's tenant's, whether or not the metric uses it: another
   * tenant's community, thread, survey, topic or staff member answers 404 like one that does not exist (§1.5).
   */
  async function loadScope(tenantId: number, filter: AnalyticsFilter): Promise<MetricScope> {
    const [community, thread, survey] = await Promise.all([
      filter.community === undefined ? undefined : findCommunity(db, tenantId, filter.community).then(assertFound),
      filter.thread === undefined ? undefined : findThread(db, tenantId, filter.thread).then(assertFound),
      filter.survey === undefined ? undefined : findSurvey(db, tenantId, filter.survey).then(assertFound),
      filter.topic_id === undefined ? undefined : findTopic(db, tenantId, filter.topic_id).then(assertFound),
      filter.assignee === undefined ? undefined : findStaffMember(db, tenantId, filter.assignee).then(assertFound),
    ])
    const scope: MetricScope = {}
    if (community) scope.community = { id: Number(community.id), name: community.name }
    if (thread) scope.thread = { id: Number(thread.id), createdAt: new Date(thread.created_at) }
    if (survey)
      scope.survey = {
        id: Number(survey.id),
        createdAt: new Date(survey.created_at),
        publishedAt: survey.published_at ? new Date(survey.published_at) : null,
        closedAt: survey.closed_at ? new Date(survey.closed_at) : null,
      }
    return scope
  }

  /** What every metric of one request shares: the canonical filter, its scope rows and the tenant's time zone. */
  async function prepare(actor: StaffActor, input: AnalyticsFilterInput, metrics: readonly AnalyticsMetric[]) {
    const { filter, given } = canonicalFilter(input)
    // A tenant value must be the caller's own (contract §1.5): any other answers like an unknown id.
    if (filter.tenant !== undefined && filter.tenant !== actor.tenantId) throw notFound()
    const [scope, timezone] = await Promise.all([
      loadScope(actor.tenantId, filter),
      filter.timezone ?? settings.getSettings(actor).then((s) => s.timezone),
    ])
    return { filter, given, scope, timezone, now: clock.now(), requested: new Set(metrics), shared: sharedWork() }
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>

  function windowOf(def: MetricDefinition, p: Prepared, granularity: string | null): Window {
    const { filter, scope, timezone, now } = p
    const explicit = resolveWindow(filter, timezone, now)
    if (filter.from !== undefined) return explicit
    const to = explicit.to
    switch (def.defaultWindow) {
      case 'hours':
        return granularity === 'hour' ? lastHoursWindow(to, timezone) : explicit
      case 'calendar_year':
        return calendarYearWindow(
          filter.to === undefined ? now : windowBound(filter.to, timezone, 'to'),
          timezone,
          filter.to !== undefined,
        )
      case 'survey_life':
        return scope.survey && scope.survey.createdAt < to ? { from: scope.survey.createdAt, to } : explicit
      case 'thread_life':
        return scope.thread && scope.thread.createdAt < to ? { from: scope.thread.createdAt, to } : explicit
      default:
        return explicit
    }
  }

  async function compute<N extends AnalyticsMetric>(
    actor: StaffActor,
    def: MetricDefinition<N>,
    p: Prepared,
  ): Promise<AnalyticsReply<N>> {
    if (def.requires === 'survey' && !p.scope.survey)
      throw new AppError(400, 'analytics.scope_required', 'Choose a survey.', {
        errors: { survey: ['Choose a survey.'] },
      })
    const granularity = def.series ? (p.filter.granularity ?? def.series) : null
    const window = windowOf(def, p, granularity)
    const buckets = granularity ? bucketsOf(window, granularity, p.timezone, p.now) : []
    const uses = new Set(def.uses)
    if (def.series) uses.add('granularity')
    const ignored = ignoredFilters(p.given, uses)
    const ctx: MetricContext = {
      db,
      actor,
      tenantId: actor.tenantId,
      filter: p.filter,
      window,
      timezone: p.timezone,
      now: p.now,
      rollups,
      granularity,
      buckets,
      scope: p.scope,
      requested: p.requested,
      shared: p.shared,
    }
    const values = await def.compute(ctx)
    const meta: AnalyticsMeta = {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      timezone: p.timezone,
      granularity,
      filters: appliedFilters(p.filter, p.given, ignored),
      ignored_filters: ignored,
      generated_at: p.now.toISOString(),
      cached: false,
    }
    return { ...values, meta } as AnalyticsReply<N>
  }

  /** One metric (the 33 endpoints). */
  async function run<N extends AnalyticsMetric>(
    actor: StaffActor,
    name: N,
    input: AnalyticsFilterInput,
  ): Promise<AnalyticsReply<N>> {
    return compute(actor, METRICS[name] as MetricDefinition<N>, await prepare(actor, input, [name]))
  }

  /**
   * Several metrics for one filter (`POST /api/analytics/batch/`). A stranger's scope row fails the whole request
   * like it fails each endpoint (404); anything else a metric refuses or trips on is its own entry in `errors`.
   */
  async function batch(actor: StaffActor, input: AnalyticsBatchInput): Promise<AnalyticsBatchReply> {
    const names = [...new Set(input.metrics)]
    const p = await prepare(actor, input.filter, names)
    const results: AnalyticsBatchReply['results'] = {}
    const errors: AnalyticsBatchReply['errors'] = {}
    let next = 0
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++]!
        try {
          // Checked against the endpoint's own reply schema, as the endpoint's reply is: a reply that does not fit
          // is this metric's failure, not the batch's (and unknown keys are dropped the same way).
          results[name] = ANALYTICS_REPLIES[name].parse(await compute(actor, METRICS[name], p))
        } catch (err) {
          if (isDatabaseUnavailable(err)) throw err
          if (err instanceof AppError) {
            errors[name] = { message: err.message, code: err.code }
          } else {
            log?.error({ err, metric: name }, 'analytics metric failed')
            errors[name] = { message: 'This number could not be computed. Try again.', code: 'internal' }
          }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, names.length) }, worker))
    return { results, errors }
  }

  return { run, batch }
}

/** The filters a reply was computed with, by canonical name (`meta.filters`). */
function appliedFilters(filter: AnalyticsFilter, given: readonly string[], ignored: readonly string[]) {
  const applied: Record<string, unknown> = {}
  for (const name of given) if (!ignored.includes(name)) applied[name] = filter[name as keyof AnalyticsFilter]
  return applied
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>

/** A request's shared work (`MetricContext.shared`): each key's work starts once, on its first use. */
function sharedWork() {
  const started = new Map<string, Promise<unknown>>()
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let result = started.get(key) as Promise<T> | undefined
    if (result === undefined) {
      result = work()
      started.set(key, result)
    }
    return result
  }
}

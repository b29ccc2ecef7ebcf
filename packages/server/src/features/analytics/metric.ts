import type { AnalyticsMetric, AnalyticsValues, FilterName, Granularity } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import type { AnalyticsFilter } from './filter.js'
import type { Bucket, Window } from './window.js'

/*
 * One descriptive metric (contract §7): which filters it applies, how its default window and series are chosen, and
 * how its values are computed. The service resolves the filter, window, time zone and buckets once and hands every
 * metric the same context; a metric only reads.
 */

/** The rows a metric may be scoped to, already checked to belong to the caller's tenant (a stranger's is a 404). */
export type MetricScope = {
  community?: { id: number; name: string }
  thread?: { id: number; createdAt: Date }
  survey?: { id: number; createdAt: Date; publishedAt: Date | null; closedAt: Date | null }
}

export type MetricContext = {
  db: Executor
  actor: StaffActor
  tenantId: number
  filter: AnalyticsFilter
  /** `[from, to)` after defaults. */
  window: Window
  timezone: string
  now: Date
  /** Whether counts may come from the rollups (else everything is read live; both give the same numbers). */
  rollups: boolean
  /** The series granularity (the request's, else the metric's default); null for metrics without a series. */
  granularity: Granularity | null
  /** The series buckets of the window at that granularity; empty without a series. */
  buckets: Bucket[]
  scope: MetricScope
  /** The metrics this request computes (one, or a batch's): shared work does only what they need. */
  requested: ReadonlySet<AnalyticsMetric>
  /**
   * Work that several metrics of one request need (a batch's demographics read one population), done once: the first
   * call with a key starts `work`, later calls with that key get its result. The key must name everything the work
   * depends on.
   */
  shared: <T>(key: string, work: () => Promise<T>) => Promise<T>
}

/**
 * How the window defaults when `from` is not given (§7.2, §7.3, §7.9, §7.11):
 * - `days`: 30 days before `to`;
 * - `hours`: with hourly granularity, the 23 local hours before the current one and the current one; else `days`;
 * - `calendar_year`: the calendar year containing `to` (and its end when `to` is not given either);
 * - `survey_life`: from the survey's creation (when a survey is given; else `days`);
 * - `thread_life`: from the thread's creation (when a thread is given; else `days`).
 */
export type DefaultWindow = 'days' | 'hours' | 'calendar_year' | 'survey_life' | 'thread_life'

export type MetricDefinition<N extends AnalyticsMetric = AnalyticsMetric> = {
  name: N
  /** Filters beyond the tenant, window and time zone that this metric applies; the others are ignored and listed. */
  uses: readonly FilterName[]
  /** Default series granularity; absent for metrics without a series (`granularity` is then ignored). */
  series?: Granularity
  defaultWindow?: DefaultWindow
  /** A scope the metric cannot do without (400 `analytics.scope_required`). */
  requires?: 'survey'
  compute: (ctx: MetricContext) => Promise<AnalyticsValues<N>>
}

/** Declares a metric with its reply type checked against the contract. */
export const metric = <N extends AnalyticsMetric>(definition: MetricDefinition<N>): MetricDefinition<N> => definition

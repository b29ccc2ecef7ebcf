import type { AnalyticsMetric } from '@proxima/contracts'
import { useMetrics } from './api'
import { useAnalytics } from './context'
import type { MetricOutcome } from './outcome'

/**
 * A page's metrics in one batch, and, while the comparison is on, its `headline` metrics once more for the previous
 * period in a second batch (the headline numbers whose replies carry no previous value of their own).
 */
export function useArea<N extends AnalyticsMetric, H extends AnalyticsMetric = never>(
  metrics: readonly N[],
  headline: readonly H[] = [],
) {
  const ctx = useAnalytics()
  const current = useMetrics(metrics, ctx.filter)
  const previous = useMetrics(headline, ctx.previousFilter)
  return { ctx, outcomes: current.outcomes, previous: previous.outcomes, retry: current.refetch }
}

/** A fulfilled outcome's reply, else null. */
export const valueOf = <N extends AnalyticsMetric>(outcome: MetricOutcome<N>) =>
  outcome.status === 'fulfilled' ? outcome.data : null

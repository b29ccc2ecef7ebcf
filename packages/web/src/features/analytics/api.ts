import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AnalyticsBatchReply, AnalyticsFilterInput, AnalyticsMetric } from '@proxima/contracts'
import { apiFetch } from '../../api/client'
import { metricOutcomes, type Outcomes } from './outcome'

/*
 * State design: a page's metrics are one `POST /api/analytics/batch/` held by TanStack Query (keyed by the metrics and
 * the filter, so a shared filter is one cache entry, and a filter change keeps the last numbers on screen until the
 * new ones arrive). Each metric's pending / fulfilled / rejected outcome (seed §4) is derived from that request by
 * `metricOutcomes` (outcome.ts) rather than stored twice in Redux: the query cache already is the store of the
 * replies, and the per-metric outcome is a pure function of it.
 */

export const analyticsKeys = {
  all: ['analytics'] as const,
  batch: (metrics: readonly AnalyticsMetric[], filter: AnalyticsFilterInput | null) =>
    ['analytics', 'batch', [...metrics].sort(), filter] as const,
}

export const fetchBatch = (metrics: readonly AnalyticsMetric[], filter: AnalyticsFilterInput, signal?: AbortSignal) =>
  apiFetch<AnalyticsBatchReply>('/api/analytics/batch/', {
    method: 'POST',
    body: { metrics, filter },
    ...(signal ? { signal } : {}),
  })

/**
 * The outcome of each of `metrics` for `filter`, loaded with one batch request; nothing is requested while the
 * filter is not known yet (null) or no metric is asked for.
 */
export function useMetrics<N extends AnalyticsMetric>(metrics: readonly N[], filter: AnalyticsFilterInput | null) {
  const query = useQuery({
    queryKey: analyticsKeys.batch(metrics, filter),
    queryFn: ({ signal }) => fetchBatch(metrics, filter ?? {}, signal),
    enabled: filter !== null && metrics.length > 0,
    staleTime: 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  })
  const outcomes: Outcomes<N> = metricOutcomes(metrics, query)
  return {
    outcomes,
    fetching: query.isFetching,
    refetch: () => void query.refetch(),
  }
}

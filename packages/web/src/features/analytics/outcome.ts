import type { AnalyticsBatchReply, AnalyticsMetric, AnalyticsReply } from '@proxima/contracts'

/*
 * Each metric of a page is a background task with a pending, fulfilled or rejected outcome (seed §4). A page loads
 * its metrics with one batch request held by TanStack Query (api.ts); `metricOutcomes` turns that request's state
 * into one outcome per metric: pending while the request is, fulfilled with the metric's reply, rejected with the
 * metric's own entry in `errors`, or, when the whole request failed, with the seed's message rule for everyone.
 */

export type MetricOutcome<N extends AnalyticsMetric> =
  | { status: 'pending' }
  | { status: 'fulfilled'; data: AnalyticsReply<N> }
  | { status: 'rejected'; message: string; code?: string }

export type Outcomes<N extends AnalyticsMetric> = { [K in N]: MetricOutcome<K> }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)

/**
 * The message stored for a rejected request (seed §4): the server's `message` field if present (the body an
 * ApiError keeps, or a response's `data` as other HTTP clients put it), else the error's own message, else the
 * error as text.
 */
export function rejectionMessage(error: unknown): string {
  if (isRecord(error)) {
    const body = isRecord(error.body) ? error.body : isRecord(error.response) ? error.response.data : undefined
    const server = isRecord(body) ? text(body.message) : null
    if (server) return server
    const own = text(error.message)
    if (own) return own
  }
  if (typeof error === 'string') return error
  if (isRecord(error) || Array.isArray(error)) {
    try {
      return JSON.stringify(error)
    } catch {
      return Object.prototype.toString.call(error)
    }
  }
  return String(error)
}

export type BatchState = { status: 'pending' | 'error' | 'success'; data?: AnalyticsBatchReply; error?: unknown }

/** One outcome per metric from the state of the batch request that loads them. */
export function metricOutcomes<N extends AnalyticsMetric>(metrics: readonly N[], batch: BatchState): Outcomes<N> {
  const outcomes = {} as Record<N, MetricOutcome<N>>
  for (const name of metrics) {
    if (batch.status === 'pending') outcomes[name] = { status: 'pending' }
    else if (batch.status === 'error' || !batch.data) {
      outcomes[name] = { status: 'rejected', message: rejectionMessage(batch.error) }
    } else {
      const reply = batch.data.results[name]
      const failure = batch.data.errors[name]
      if (reply) outcomes[name] = { status: 'fulfilled', data: reply as AnalyticsReply<N> }
      else if (failure) outcomes[name] = { status: 'rejected', message: failure.message, code: failure.code }
      else outcomes[name] = { status: 'rejected', message: 'The server sent no value for this metric.' }
    }
  }
  return outcomes
}

import type { AnalyticsMetric } from '@proxima/contracts'
import type { MetricDefinition } from '../metric.js'
import { chatsMetrics } from './chats.metrics.js'
import { communityMetrics } from './community.metrics.js'
import { peopleMetrics } from './people.metrics.js'
import { responsesMetrics } from './responses.metrics.js'
import { surveysMetrics } from './surveys.metrics.js'

/** The 33 descriptive metrics by endpoint name; the type makes a missing or misnamed one a compile error. */
export const METRICS: { [N in AnalyticsMetric]: MetricDefinition<N> } = {
  ...chatsMetrics,
  ...responsesMetrics,
  ...peopleMetrics,
  ...communityMetrics,
  ...surveysMetrics,
}

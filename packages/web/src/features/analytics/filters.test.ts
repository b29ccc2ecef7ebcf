import { ANALYTICS_METRICS } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import { AREAS } from './areas'
import { filtersOf, ignoredBarFilters, METRIC_FILTERS } from './filters'

describe('the filters each page offers', () => {
  it('are those at least one of its metrics applies', () => {
    expect(Object.fromEntries(AREAS.map((a) => [a.path, a.filters]))).toEqual({
      chats: ['channel', 'topic_id'],
      response: ['channel', 'topic_id', 'assignee'],
      topics: ['channel'],
      customers: [],
      community: [],
      voice: ['channel'],
      surveys: [],
    })
  })

  it('cover every metric exactly once across the pages', () => {
    const shown = new Set(AREAS.flatMap((a) => a.metrics))
    expect([...shown].sort()).toEqual([...ANALYTICS_METRICS].sort())
    expect(Object.keys(METRIC_FILTERS).sort()).toEqual([...ANALYTICS_METRICS].sort())
  })

  it('are read from the metrics, in the order of the bar', () => {
    expect(filtersOf(['clientsatisfaction', 'countchats'])).toEqual(['channel', 'topic_id', 'assignee'])
    expect(filtersOf([])).toEqual([])
    expect(ignoredBarFilters(['granularity', 'assignee', 'community', 'topic_id'])).toEqual(['topic_id', 'assignee'])
  })
})

import { describe, expect, it } from 'vitest'
import { filterSummary, periodSummary, shortZone } from './summary'
import { DEFAULT_VIEW, viewFromSearch } from './view'

const view = (query: string) => viewFromSearch(new URLSearchParams(query))
const ALL = ['channel', 'topic_id', 'assignee'] as const

describe('the summary of the active filters', () => {
  it('names the period and the time zone', () => {
    expect(filterSummary(DEFAULT_VIEW, 'UTC', ALL)).toBe('Last 30 days · UTC')
    expect(filterSummary(view('period=7d'), 'America/New_York', ALL)).toBe('Last 7 days · New York')
  })

  it('counts channels, naming a single one', () => {
    expect(filterSummary(view('channel=email,website'), 'UTC', ALL)).toBe('Last 30 days · UTC · 2 channels')
    expect(filterSummary(view('channel=whatsapp'), 'UTC', ALL)).toBe('Last 30 days · UTC · WhatsApp')
  })

  it('names the topic and the assignee, or their numbers until the names are loaded', () => {
    const v = view('topic=4&assignee=9')
    expect(filterSummary(v, 'UTC', ALL, { topic: 'Returns', assignee: 'Sofia Ruiz' })).toBe(
      'Last 30 days · UTC · Returns · Sofia Ruiz',
    )
    expect(filterSummary(v, 'UTC', ALL)).toBe('Last 30 days · UTC · Topic #4 · Staff #9')
  })

  it('leaves out the filters the page does not offer', () => {
    expect(filterSummary(view('channel=email&topic=4&assignee=9'), 'UTC', ['channel'])).toBe(
      'Last 30 days · UTC · Email',
    )
    expect(filterSummary(view('channel=email&topic=4'), 'UTC', [])).toBe('Last 30 days · UTC')
  })

  it('shows custom dates, with years only when they differ', () => {
    expect(periodSummary(view('period=custom&from=2026-01-05&to=2026-02-01'))).toBe('5 Jan – 1 Feb')
    expect(periodSummary(view('period=custom&from=2025-12-20&to=2026-01-10'))).toBe('20 Dec 2025 – 10 Jan 2026')
  })

  it('shortens zone names to their place', () => {
    expect(shortZone('UTC')).toBe('UTC')
    expect(shortZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires')
  })
})

import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VIEW,
  filterOf,
  granularitiesFor,
  granularityOf,
  localDate,
  previousWindowOf,
  searchFromView,
  toggledChannels,
  viewFromSearch,
  windowOf,
} from './view'

const view = (query: string) => viewFromSearch(new URLSearchParams(query))
// 2026-03-10 22:30 UTC: already 11 March in Tokyo, still 10 March in New York.
const NOW = new Date('2026-03-10T22:30:00Z')

describe('the view in the URL', () => {
  it('is the default view for an empty query, and the default view writes an empty query', () => {
    expect(view('')).toEqual(DEFAULT_VIEW)
    expect(searchFromView(DEFAULT_VIEW).toString()).toBe('')
  })

  it('reads every field and writes them back in the same form', () => {
    const query =
      'period=custom&from=2026-01-05&to=2026-02-01&timezone=Asia%2FKolkata&channel=website%2Cemail&topic=3&assignee=21&granularity=week&compare=0&community=7&survey=12'
    const parsed = view(query)
    expect(parsed).toEqual({
      period: 'custom',
      from: '2026-01-05',
      to: '2026-02-01',
      timezone: 'Asia/Kolkata',
      channels: ['website', 'email'],
      topic: 3,
      assignee: 21,
      granularity: 'week',
      compare: false,
      community: 7,
      survey: 12,
    })
    expect(searchFromView(parsed).toString()).toBe(query)
  })

  it('drops what it does not understand', () => {
    expect(
      view(
        'period=decade&timezone=Mars%2FOlympus&channel=pigeon,EMAIL,email&topic=0&assignee=2.5&granularity=minute&community=-3&survey=x',
      ),
    ).toEqual({ ...DEFAULT_VIEW, channels: ['email'] })
  })

  it('keeps dates only for a custom period, swaps reversed ones and ignores impossible ones', () => {
    expect(view('period=7d&from=2026-01-01').from).toBeNull()
    expect(view('period=custom&from=2026-02-10&to=2026-02-01')).toMatchObject({ from: '2026-02-01', to: '2026-02-10' })
    expect(view('period=custom&from=2026-13-45').from).toBeNull()
  })
})

describe('choosing channels', () => {
  it('applies what the list added or removed to the channels chosen now', () => {
    // The list still showed no channel when Email was ticked, after Website had been.
    expect(toggledChannels(['website'], [], ['email'])).toEqual(['website', 'email'])
    expect(toggledChannels(['website', 'email'], ['website', 'email'], ['email'])).toEqual(['email'])
    expect(toggledChannels([], [], ['instagram', 'mobile'])).toEqual(['mobile', 'instagram'])
  })
})

describe('the window of a view', () => {
  it('takes today in the time zone', () => {
    expect(localDate(NOW, 'Asia/Tokyo')).toBe('2026-03-11')
    expect(localDate(NOW, 'America/New_York')).toBe('2026-03-10')
  })

  it('covers the last 7 days up to today, both whole days', () => {
    expect(windowOf(view('period=7d'), NOW, 'Asia/Tokyo')).toEqual({ from: '2026-03-05', to: '2026-03-11' })
    expect(windowOf(view('period=7d'), NOW, 'America/New_York')).toEqual({ from: '2026-03-04', to: '2026-03-10' })
  })

  it('starts this year on 1 January and the last 24 hours a day before now', () => {
    expect(windowOf(view('period=year'), NOW, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-03-10' })
    expect(windowOf(view('period=24h'), NOW, 'UTC')).toEqual({ from: '2026-03-09T22:30:00.000Z' })
  })

  it('compares with the same number of days just before', () => {
    // 1 January to 10 March is 69 days.
    expect(previousWindowOf(view('period=year'), NOW, 'UTC')).toEqual({ from: '2025-10-24', to: '2025-12-31' })
    expect(previousWindowOf(view('period=7d'), NOW, 'UTC')).toEqual({ from: '2026-02-25', to: '2026-03-03' })
    expect(previousWindowOf(view('period=custom&from=2026-02-01&to=2026-02-28'), NOW, 'UTC')).toEqual({
      from: '2026-01-04',
      to: '2026-01-31',
    })
    expect(previousWindowOf(view('period=24h'), NOW, 'UTC')).toEqual({
      from: '2026-03-08T22:30:00.000Z',
      to: '2026-03-09T22:30:00.000Z',
    })
  })
})

describe('granularity', () => {
  it('offers hours only while the series stays within 1,000 buckets', () => {
    expect(granularitiesFor(41)).toEqual(['hour', 'day', 'week', 'month'])
    expect(granularitiesFor(42)).toEqual(['day', 'week', 'month'])
  })

  it('follows the span unless a fitting one is chosen', () => {
    expect(granularityOf(DEFAULT_VIEW, 1)).toBe('hour')
    expect(granularityOf(DEFAULT_VIEW, 30)).toBe('day')
    expect(granularityOf(DEFAULT_VIEW, 365)).toBe('week')
    expect(granularityOf({ ...DEFAULT_VIEW, granularity: 'month' }, 30)).toBe('month')
    expect(granularityOf({ ...DEFAULT_VIEW, granularity: 'hour' }, 90)).toBe('day')
  })
})

describe('the filter object', () => {
  it('carries the window, granularity, and only the filters chosen', () => {
    expect(filterOf(view('period=7d'), NOW, 'UTC')).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      granularity: 'day',
    })
    expect(filterOf(view('period=7d&timezone=Asia%2FTokyo&channel=email&survey=4'), NOW, 'Asia/Tokyo')).toEqual({
      from: '2026-03-05',
      to: '2026-03-11',
      granularity: 'day',
      timezone: 'Asia/Tokyo',
      channel: ['email'],
      survey: 4,
    })
    expect(filterOf(view('period=7d&topic=5&assignee=8'), NOW, 'UTC')).toMatchObject({ topic_id: 5, assignee: 8 })
    expect(filterOf(view('period=7d'), NOW, 'UTC', { previous: true })).toMatchObject({
      from: '2026-02-25',
      to: '2026-03-03',
    })
  })

  it("sends only the bar's filters the page offers", () => {
    const v = view('period=7d&channel=email&topic=5&assignee=8')
    expect(filterOf(v, NOW, 'UTC', { uses: ['channel', 'topic_id'] })).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      granularity: 'day',
      channel: ['email'],
      topic_id: 5,
    })
    expect(filterOf(v, NOW, 'UTC', { uses: [] })).toEqual({ from: '2026-03-04', to: '2026-03-10', granularity: 'day' })
  })
})

import { describe, expect, it } from 'vitest'
import {
  bucketLabel,
  changeFromPercentage,
  changeOf,
  formatCount,
  formatDuration,
  formatDurationShort,
  formatPercent,
  formatRating,
} from './format'

describe('analytics numbers', () => {
  it('formats counts, percentages and ratings, with a dash for nothing', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(null)).toBe('—')
    expect(formatPercent(66.666)).toBe('66.7%')
    expect(formatPercent(100)).toBe('100%')
    expect(formatPercent(null)).toBe('—')
    expect(formatRating(4.256)).toBe('4.26 / 5')
  })

  it('formats durations in the largest two units', () => {
    expect(formatDuration(0)).toBe('0 s')
    expect(formatDuration(42.4)).toBe('42 s')
    expect(formatDuration(185)).toBe('3 min 5 s')
    expect(formatDuration(180)).toBe('3 min')
    expect(formatDuration(7440)).toBe('2 h 4 min')
    expect(formatDuration(3 * 86400 + 7200)).toBe('3 d 2 h')
    expect(formatDuration(null)).toBe('—')
  })

  it('formats axis durations in one unit', () => {
    expect(formatDurationShort(42.4)).toBe('42 s')
    expect(formatDurationShort(500)).toBe('8.3 min')
    expect(formatDurationShort(1980)).toBe('33 min')
    expect(formatDurationShort(9000)).toBe('2.5 h')
    expect(formatDurationShort(3 * 86400)).toBe('3 d')
  })

  it('states the change against the previous period', () => {
    expect(changeOf(15, 12)).toEqual({ text: '+25%', direction: 'up' })
    expect(changeOf(9, 12)).toEqual({ text: '−25%', direction: 'down' })
    expect(changeOf(5, 0)).toBeNull()
    expect(changeOf(null, 3)).toBeNull()
    expect(changeOf(80, 76.8, 'points')).toEqual({ text: '+3.2 pts', direction: 'up' })
    expect(changeOf(4, 4)).toEqual({ text: '±0%', direction: 'same' })
    expect(changeFromPercentage(-12.5)).toEqual({ text: '−12.5%', direction: 'down' })
    expect(changeFromPercentage(null)).toBeNull()
  })

  it('labels buckets in the time zone', () => {
    const start = '2026-03-10T22:00:00Z'
    expect(bucketLabel(start, 'hour', 'Asia/Kolkata')).toBe('03:30')
    expect(bucketLabel(start, 'day', 'Asia/Tokyo')).toBe('11 Mar')
    expect(bucketLabel(start, 'week', 'UTC')).toBe('Week of 10 Mar')
    expect(bucketLabel(start, 'month', 'UTC')).toBe('Mar 2026')
  })
})

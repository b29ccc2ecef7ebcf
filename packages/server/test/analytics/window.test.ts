import { describe, expect, it } from 'vitest'
import { bucketsOf, isTimeZone, resolveWindow, windowBound } from '../../src/features/analytics/window.js'
import { AppError } from '../../src/lib/errors.js'

const iso = (d: Date) => d.toISOString()
const spans = (b: { start: Date; end: Date }[]) => b.map((x) => `${iso(x.start)}/${iso(x.end)}`)
const hours = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / 3_600_000
const NOW = new Date('2026-11-26T12:00:00Z')

function refusal(run: () => unknown) {
  try {
    run()
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, code: err.code }
    throw err
  }
  throw new Error('expected a refusal')
}

describe('window bounds (contract §7.2)', () => {
  it('reads a date as the local midnight that starts it, or (as "to") the next one', () => {
    expect(iso(windowBound('2026-03-01', 'Europe/Berlin', 'from'))).toBe('2026-02-28T23:00:00.000Z')
    expect(iso(windowBound('2026-03-01', 'Europe/Berlin', 'to'))).toBe('2026-03-01T23:00:00.000Z')
    expect(iso(windowBound('2026-03-01', 'Asia/Kolkata', 'from'))).toBe('2026-02-28T18:30:00.000Z')
    expect(iso(windowBound('2026-03-01T10:00:00+02:00', 'Europe/Berlin', 'from'))).toBe('2026-03-01T08:00:00.000Z')
  })

  it('defaults to the 30 days before now and refuses reversed or over-long windows', () => {
    const w = resolveWindow({}, 'UTC', NOW)
    expect(iso(w.to)).toBe(iso(NOW))
    expect(iso(w.from)).toBe('2026-10-27T12:00:00.000Z')
    expect(refusal(() => resolveWindow({ from: '2026-03-02', to: '2026-03-01' }, 'UTC', NOW))).toEqual({
      status: 400,
      code: 'validation.failed',
    })
    // The same day as both bounds is a whole day, not an empty window.
    const day = resolveWindow({ from: '2026-03-01', to: '2026-03-01' }, 'UTC', NOW)
    expect((day.to.getTime() - day.from.getTime()) / 3_600_000).toBe(24)
    expect(refusal(() => resolveWindow({ from: '2024-01-01', to: '2026-01-01' }, 'UTC', NOW))).toEqual({
      status: 400,
      code: 'validation.failed',
    })
    // 2024 (a leap year) and 2025 whole: 731 days.
    expect(() => resolveWindow({ from: '2024-01-01', to: '2025-12-31' }, 'UTC', NOW)).not.toThrow()
  })

  it('knows IANA zones', () => {
    expect(isTimeZone('America/New_York')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
  })
})

describe('series buckets (contract §7.2)', () => {
  it('gives a spring DST day 23 hourly buckets and an autumn one 25, each one real hour', () => {
    const spring = resolveWindow({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Berlin', NOW)
    const short = bucketsOf(spring, 'hour', 'Europe/Berlin', NOW)
    expect(short).toHaveLength(23)
    expect(short.every((b) => hours(b) === 1)).toBe(true)
    const autumn = resolveWindow({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Berlin', NOW)
    const long = bucketsOf(autumn, 'hour', 'Europe/Berlin', NOW)
    expect(long).toHaveLength(25)
    expect(iso(long[0]!.start)).toBe('2026-10-24T22:00:00.000Z')
    expect(iso(long[24]!.end)).toBe('2026-10-25T23:00:00.000Z')
    // The day bucket of those days is 23 and 25 hours long.
    expect(hours(bucketsOf(spring, 'day', 'Europe/Berlin', NOW)[0]!)).toBe(23)
    expect(hours(bucketsOf(autumn, 'day', 'Europe/Berlin', NOW)[0]!)).toBe(25)
  })

  it('starts the hours of a half-hour zone at half past in UTC', () => {
    const w = resolveWindow({ from: '2026-03-01T00:10:00Z', to: '2026-03-01T02:00:00Z' }, 'Asia/Kolkata', NOW)
    expect(spans(bucketsOf(w, 'hour', 'Asia/Kolkata', NOW))).toEqual([
      '2026-02-28T23:30:00.000Z/2026-03-01T00:30:00.000Z',
      '2026-03-01T00:30:00.000Z/2026-03-01T01:30:00.000Z',
      '2026-03-01T01:30:00.000Z/2026-03-01T02:30:00.000Z',
    ])
  })

  it('aligns weeks on Monday and months on the 1st, marking the cut ones partial', () => {
    // Wednesday 4 March to Wednesday 18 March 2026, UTC.
    const w = resolveWindow({ from: '2026-03-04', to: '2026-03-17' }, 'UTC', NOW)
    const weeks = bucketsOf(w, 'week', 'UTC', NOW)
    expect(spans(weeks)).toEqual([
      '2026-03-02T00:00:00.000Z/2026-03-09T00:00:00.000Z',
      '2026-03-09T00:00:00.000Z/2026-03-16T00:00:00.000Z',
      '2026-03-16T00:00:00.000Z/2026-03-23T00:00:00.000Z',
    ])
    expect(weeks.map((b) => b.partial)).toEqual([true, false, true])
    const months = bucketsOf(
      resolveWindow({ from: '2026-01-15', to: '2026-03-31' }, 'America/New_York', NOW),
      'month',
      'America/New_York',
      NOW,
    )
    expect(spans(months)).toEqual([
      '2026-01-01T05:00:00.000Z/2026-02-01T05:00:00.000Z',
      '2026-02-01T05:00:00.000Z/2026-03-01T05:00:00.000Z',
      '2026-03-01T05:00:00.000Z/2026-04-01T04:00:00.000Z',
    ])
    expect(months.map((b) => b.partial)).toEqual([true, false, false])
  })

  it('marks buckets that reach past now partial and those after it future', () => {
    const w = resolveWindow({ from: '2026-11-25', to: '2026-11-27' }, 'UTC', NOW)
    expect(bucketsOf(w, 'day', 'UTC', NOW).map((b) => [b.partial, b.future])).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ])
  })

  it('refuses more than 1,000 buckets with analytics.too_many_buckets', () => {
    const w = resolveWindow({ from: '2026-01-01', to: '2026-03-01' }, 'UTC', NOW)
    expect(refusal(() => bucketsOf(w, 'hour', 'UTC', NOW))).toEqual({
      status: 400,
      code: 'analytics.too_many_buckets',
    })
    // 1 January to 1 March inclusive: 31 + 28 + 1 days.
    expect(bucketsOf(w, 'day', 'UTC', NOW)).toHaveLength(60)
  })
})

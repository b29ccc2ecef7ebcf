import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coverage, DAY_MS, HOUR_MS, type Piece } from '../../src/features/analytics/rollup/coverage.js'
import { runs } from '../../src/features/analytics/rollup/roller.js'

/*
 * Which parts of a series come from day rollups, hour rollups and the live tables (rollup/coverage.ts), and the hour
 * runs the roller rolls again.
 */

const D = Date.parse('2026-03-02T00:00:00Z') // a UTC midnight
const t = (iso: string) => Date.parse(iso)
const edges = (...ms: number[]) => ms.map((m) => new Date(m))
const state = (sealedUntil: number | null, dirty: number[] = []) => ({
  sealedUntil: sealedUntil === null ? null : new Date(sealedUntil),
  dirtyHours: new Set(dirty),
})
const piece = (level: Piece['level'], from: number, to: number, b: number): Piece => ({ level, from, to, b })

describe('coverage', () => {
  it('reads whole days from the day rollups when all 24 hours are sealed and clean, merged per bucket', () => {
    expect(coverage(edges(D, D + 3 * DAY_MS), state(D + 3 * DAY_MS))).toEqual([piece('day', D, D + 3 * DAY_MS, 1)])
    expect(coverage(edges(D, D + DAY_MS, D + 2 * DAY_MS), state(D + 5 * DAY_MS))).toEqual([
      piece('day', D, D + DAY_MS, 1),
      piece('day', D + DAY_MS, D + 2 * DAY_MS, 2),
    ])
  })

  it('reads a day whose last hour is not sealed yet hour by hour, and what is not sealed live', () => {
    // Sealed up to 23:00 of the first day: that day is 23 sealed hours and one live one.
    expect(coverage(edges(D, D + 2 * DAY_MS), state(D + 23 * HOUR_MS))).toEqual([
      piece('hour', D, D + 23 * HOUR_MS, 1),
      piece('live', D + 23 * HOUR_MS, D + 2 * DAY_MS, 1),
    ])
    // Sealed to 06:00 of the second day.
    expect(coverage(edges(D, D + 2 * DAY_MS), state(D + DAY_MS + 6 * HOUR_MS))).toEqual([
      piece('day', D, D + DAY_MS, 1),
      piece('hour', D + DAY_MS, D + DAY_MS + 6 * HOUR_MS, 1),
      piece('live', D + DAY_MS + 6 * HOUR_MS, D + 2 * DAY_MS, 1),
    ])
  })

  it('falls back to hours and a live hour for a day with a dirty hour; the days around it stay whole', () => {
    const dirty = D + DAY_MS + 5 * HOUR_MS
    expect(coverage(edges(D, D + 3 * DAY_MS), state(D + 3 * DAY_MS, [dirty]))).toEqual([
      piece('day', D, D + DAY_MS, 1),
      piece('hour', D + DAY_MS, dirty, 1),
      piece('live', dirty, dirty + HOUR_MS, 1),
      piece('hour', dirty + HOUR_MS, D + 2 * DAY_MS, 1),
      piece('day', D + 2 * DAY_MS, D + 3 * DAY_MS, 1),
    ])
    // Two dirty hours in a row are one live piece; a dirty first and last hour leave the day's middle in hours.
    expect(coverage(edges(D, D + DAY_MS), state(D + DAY_MS, [D + 3 * HOUR_MS, D + 4 * HOUR_MS]))).toEqual([
      piece('hour', D, D + 3 * HOUR_MS, 1),
      piece('live', D + 3 * HOUR_MS, D + 5 * HOUR_MS, 1),
      piece('hour', D + 5 * HOUR_MS, D + DAY_MS, 1),
    ])
    expect(coverage(edges(D, D + DAY_MS), state(D + DAY_MS, [D + 23 * HOUR_MS]))).toEqual([
      piece('hour', D, D + 23 * HOUR_MS, 1),
      piece('live', D + 23 * HOUR_MS, D + DAY_MS, 1),
    ])
    expect(coverage(edges(D, D + DAY_MS), state(D + DAY_MS, [D, D + 23 * HOUR_MS]))).toEqual([
      piece('live', D, D + HOUR_MS, 1),
      piece('hour', D + HOUR_MS, D + 23 * HOUR_MS, 1),
      piece('live', D + 23 * HOUR_MS, D + DAY_MS, 1),
    ])
  })

  it('ignores a dirty mark outside the buckets', () => {
    expect(coverage(edges(D, D + DAY_MS), state(D + 3 * DAY_MS, [D - HOUR_MS, D + DAY_MS]))).toEqual([
      piece('day', D, D + DAY_MS, 1),
    ])
  })

  it('reads half-hour-zone day buckets (Asia/Kolkata) live up to the hour at each edge', () => {
    // Kolkata days start at 18:30 UTC the day before.
    const k = edges(t('2026-03-01T18:30:00Z'), t('2026-03-02T18:30:00Z'), t('2026-03-03T18:30:00Z'))
    expect(coverage(k, state(D + 5 * DAY_MS))).toEqual([
      piece('live', t('2026-03-01T18:30:00Z'), t('2026-03-01T19:00:00Z'), 1),
      // 19:00 to midnight and the next day's hours up to 18:00: a whole UTC day does not fit in the bucket.
      piece('hour', t('2026-03-01T19:00:00Z'), t('2026-03-02T18:00:00Z'), 1),
      piece('live', t('2026-03-02T18:00:00Z'), t('2026-03-02T18:30:00Z'), 1),
      piece('live', t('2026-03-02T18:30:00Z'), t('2026-03-02T19:00:00Z'), 2),
      piece('hour', t('2026-03-02T19:00:00Z'), t('2026-03-03T18:00:00Z'), 2),
      piece('live', t('2026-03-03T18:00:00Z'), t('2026-03-03T18:30:00Z'), 2),
    ])
    // A Kolkata week holds whole UTC days between its edges.
    const week = edges(t('2026-03-01T18:30:00Z'), t('2026-03-08T18:30:00Z'))
    expect(coverage(week, state(D + 10 * DAY_MS))).toEqual([
      piece('live', t('2026-03-01T18:30:00Z'), t('2026-03-01T19:00:00Z'), 1),
      piece('hour', t('2026-03-01T19:00:00Z'), D, 1),
      piece('day', D, D + 6 * DAY_MS, 1),
      piece('hour', D + 6 * DAY_MS, t('2026-03-08T18:00:00Z'), 1),
      piece('live', t('2026-03-08T18:00:00Z'), t('2026-03-08T18:30:00Z'), 1),
    ])
  })

  it('reads half-hour-zone hour buckets entirely live (no whole UTC hour fits in one)', () => {
    const k = edges(t('2026-03-02T04:30:00Z'), t('2026-03-02T05:30:00Z'), t('2026-03-02T06:30:00Z'))
    expect(coverage(k, state(D + DAY_MS))).toEqual([
      piece('live', t('2026-03-02T04:30:00Z'), t('2026-03-02T05:30:00Z'), 1),
      piece('live', t('2026-03-02T05:30:00Z'), t('2026-03-02T06:30:00Z'), 2),
    ])
  })

  it('reads a window starting or ending mid-hour live up to the hour boundary', () => {
    const from = t('2026-03-02T10:17:00Z')
    const to = t('2026-03-04T04:45:00Z')
    expect(coverage(edges(from, to), state(D + 5 * DAY_MS))).toEqual([
      piece('live', from, t('2026-03-02T11:00:00Z'), 1),
      piece('hour', t('2026-03-02T11:00:00Z'), D + DAY_MS, 1),
      piece('day', D + DAY_MS, D + 2 * DAY_MS, 1),
      piece('hour', D + 2 * DAY_MS, t('2026-03-04T04:00:00Z'), 1),
      piece('live', t('2026-03-04T04:00:00Z'), to, 1),
    ])
    // Within one hour: a single live piece.
    expect(coverage(edges(from, from + 20 * 60_000), state(D + 5 * DAY_MS))).toEqual([
      piece('live', from, from + 20 * 60_000, 1),
    ])
  })

  it('reads everything live when nothing is sealed, one merged piece per bucket', () => {
    expect(coverage(edges(D, D + DAY_MS, D + 3 * DAY_MS), state(null))).toEqual([
      piece('live', D, D + DAY_MS, 1),
      piece('live', D + DAY_MS, D + 3 * DAY_MS, 2),
    ])
    // A watermark before the buckets is as good as none.
    expect(coverage(edges(D, D + DAY_MS), state(D - DAY_MS))).toEqual([piece('live', D, D + DAY_MS, 1)])
  })

  it('answers no pieces without a bucket, and skips empty buckets', () => {
    expect(coverage(edges(D), state(D + DAY_MS))).toEqual([])
    expect(coverage([], state(D + DAY_MS))).toEqual([])
    expect(coverage(edges(D, D, D + HOUR_MS), state(D + DAY_MS))).toEqual([piece('hour', D, D + HOUR_MS, 2)])
  })

  it('tiles every bucket exactly with the coarsest exact pieces (any buckets, watermark and marks)', () => {
    const hourIndex = fc.integer({ min: 0, max: 24 * 12 })
    const instant = fc.oneof(
      hourIndex.map((h) => D + h * HOUR_MS),
      fc.integer({ min: 0, max: 12 * DAY_MS }).map((ms) => D + ms),
      fc.integer({ min: 0, max: 12 * 48 }).map((h) => D + h * 30 * 60_000),
    )
    const input = fc.record({
      cuts: fc.uniqueArray(instant, { minLength: 0, maxLength: 12 }),
      sealed: fc.option(instant, { nil: null }),
      dirty: fc.uniqueArray(
        hourIndex.map((h) => D + h * HOUR_MS),
        { maxLength: 20 },
      ),
    })
    fc.assert(
      fc.property(input, ({ cuts, sealed, dirty }) => {
        const sorted = [...cuts].sort((a, b) => a - b)
        const s = state(sealed, dirty)
        const pieces = coverage(edges(...sorted), s)
        const sealedMs = sealed ?? Number.NEGATIVE_INFINITY
        const clean = (h: number) => h + HOUR_MS <= sealedMs && !s.dirtyHours.has(h)
        const cleanDay = (d: number) => {
          for (let h = d; h < d + DAY_MS; h += HOUR_MS) if (!clean(h)) return false
          return true
        }
        const wholeHours = (p: Piece) => {
          const out: number[] = []
          for (let h = Math.ceil(p.from / HOUR_MS) * HOUR_MS; h + HOUR_MS <= p.to; h += HOUR_MS) out.push(h)
          return out
        }
        const problems: string[] = []
        const check = (ok: boolean, what: string, p: Piece) => {
          if (!ok) problems.push(`${what}: ${JSON.stringify(p)}`)
        }
        // Contiguous, in order, each within its bucket, covering all buckets.
        let at = sorted[0]
        for (const [i, p] of pieces.entries()) {
          check(p.from < p.to && p.from === at, 'contiguous', p)
          check(p.from >= sorted[p.b - 1]! && p.to <= sorted[p.b]!, 'in its bucket', p)
          at = p.to
          const next = pieces[i + 1]
          check(!(next && next.level === p.level && next.b === p.b), 'merged', p)
          if (p.level === 'day') check(p.from % DAY_MS === 0 && p.to % DAY_MS === 0, 'whole days', p)
          if (p.level !== 'live') {
            check(p.from % HOUR_MS === 0 && p.to % HOUR_MS === 0, 'whole hours', p)
            check(wholeHours(p).every(clean), 'sealed and clean', p)
          }
          // Coarsest: no whole clean UTC day is read by the hour, no whole clean hour live.
          if (p.level === 'hour')
            for (let d = Math.ceil(p.from / DAY_MS) * DAY_MS; d + DAY_MS <= p.to; d += DAY_MS)
              check(!cleanDay(d), 'a clean day by the hour', p)
          if (p.level === 'live') check(!wholeHours(p).some(clean), 'a clean hour live', p)
        }
        if (sorted.length > 1) check(at === sorted[sorted.length - 1], 'covers the buckets', pieces[0]!)
        expect(problems).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})

describe('runs', () => {
  it('joins hours less than a day apart into one run, in order, without repeats', () => {
    const h = (n: number) => D + n * HOUR_MS
    expect(runs([])).toEqual([])
    expect(runs([h(3)])).toEqual([[h(3), h(4)]])
    expect(runs([h(5), h(0), h(5)])).toEqual([[h(0), h(6)]])
    // 24 hours after the end of a run starts a new one; 23 do not.
    expect(runs([h(0), h(24)])).toEqual([[h(0), h(25)]])
    expect(runs([h(0), h(25)])).toEqual([
      [h(0), h(1)],
      [h(25), h(26)],
    ])
    expect(runs([h(100), h(2), h(40), h(60)])).toEqual([
      [h(2), h(3)],
      [h(40), h(61)],
      [h(100), h(101)],
    ])
  })
})

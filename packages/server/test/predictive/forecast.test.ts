import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fit } from '../../src/features/predictive/forecast/fit.js'
import {
  eligibleCandidates,
  foldOrigins,
  forecastSeries,
  seedOf,
  smapePoint,
} from '../../src/features/predictive/forecast/forecast.js'
import { MODEL_NAMES, MODELS, pointForecast } from '../../src/features/predictive/forecast/models.js'

const WEEK = [5, 12, 20, 22, 18, 9, 2]
const weeks = (n: number) => Array.from({ length: n * 7 }, (_, i) => WEEK[i % 7]!)
const options = { horizon: 14, season: 7, seed: 42 }

describe('candidates on series with a known answer', () => {
  it('every candidate forecasts a constant as that constant', () => {
    const y = Array.from({ length: 28 }, () => 17)
    for (const name of MODEL_NAMES) {
      const fitted = fit(MODELS[name], y, 7)
      expect(fitted.sse, name).toBeCloseTo(0, 9)
      for (const v of pointForecast(fitted.filter, 10)) expect(v, name).toBeCloseTo(17, 9)
    }
  })

  it('seasonal naive repeats the last season, and wins on a pure weekly pattern', () => {
    const y = weeks(8)
    const fitted = fit(MODELS.seasonal_naive, y, 7)
    expect(pointForecast(fitted.filter, 14)).toEqual([...WEEK, ...WEEK])
    const f = forecastSeries(y, options)
    expect(f.method.name).toBe('seasonal_naive')
    expect(f.method.seasonal_period).toBe(7)
    expect(f.backtest?.smape).toBe(0)
    expect(f.points.map((p) => p.value)).toEqual([...WEEK, ...WEEK])
    // No error in sample, so no spread.
    for (const p of f.points) expect(p.upper_95 - p.lower_95).toBe(0)
  })

  it('Holt-Winters learns a weekly pattern on a rising level', () => {
    const y = weeks(10).map((v, i) => v + 0.5 * i)
    const fitted = fit(MODELS.holt_winters, y, 7)
    const ahead = pointForecast(fitted.filter, 7)
    const truth = WEEK.map((v, i) => v + 0.5 * (y.length + i))
    ahead.forEach((v, i) => expect(Math.abs(v - truth[i]!)).toBeLessThan(2))
    expect(fitted.params.phi).toBeGreaterThanOrEqual(0.8)
    expect(fitted.params.phi).toBeLessThanOrEqual(0.98)
  })

  it('Holt-Winters starts from the median of the first seasons: an outlier there does not stay in its season', () => {
    // Three years of a monthly pattern, the first year's March ten times its size: the start-up takes medians (of
    // each year, of each month's deviations), so no month of the forecast is off the usual year by 10 or more
    // (from a start-up on means, January would be 22 too high).
    const YEAR = [40, 42, 50, 55, 60, 70, 80, 78, 62, 55, 48, 44]
    const y = Array.from({ length: 36 }, (_, i) => YEAR[i % 12]! * (i === 2 ? 10 : 1))
    const ahead = pointForecast(fit(MODELS.holt_winters, y, 12).filter, 12)
    ahead.forEach((v, i) => expect(Math.abs(v - YEAR[i]!), `month ${i + 1}`).toBeLessThan(10))
  })

  it('a damped trend follows a straight line better than the level models', () => {
    const y = Array.from({ length: 40 }, (_, i) => 10 + 3 * i)
    const f = forecastSeries(y, { horizon: 6, season: null, seed: 1 })
    expect(f.method.name).toBe('holt_damped')
    const smape = Object.fromEntries(f.backtest!.candidates.map((c) => [c.name, c.smape]))
    expect(smape.holt_damped).toBeLessThan(smape.naive!)
    expect(smape.holt_damped).toBeLessThan(smape.ses!)
    // Rising, and by less each step (damped), starting above the last value.
    const values = f.points.map((p) => p.value)
    expect(values[0]).toBeGreaterThan(y.at(-1)!)
    for (let i = 1; i < values.length; i++) {
      expect(values[i]).toBeGreaterThan(values[i - 1]!)
      expect(values[i]! - values[i - 1]!).toBeLessThanOrEqual(values[1]! - values[0]! + 1e-9)
    }
  })

  it('simple exponential smoothing weights recent points by alpha', () => {
    const fitted = fit(MODELS.ses, [0, 0, 0, 0, 0, 10, 10, 10, 10, 10, 10, 10], 1)
    expect(fitted.params.alpha).toBeGreaterThan(0.8)
    expect(pointForecast(fitted.filter, 1)[0]).toBeGreaterThan(9.9)
  })

  it('fitting stays inside the parameter ranges and is deterministic', () => {
    const y = weeks(6).map((v, i) => v + ((i * 7919) % 5))
    const a = fit(MODELS.holt_winters, y, 7)
    const b = fit(MODELS.holt_winters, y, 7)
    expect(a.params).toEqual(b.params)
    for (const [name, v] of Object.entries(a.params)) {
      const [lo, hi] = name === 'phi' ? [0.8, 0.98] : [0.01, 0.99]
      expect(v).toBeGreaterThanOrEqual(lo)
      expect(v).toBeLessThanOrEqual(hi)
    }
  })
})

describe('selection', () => {
  it('sMAPE per point is 0 when both are 0 and 200 at the extremes', () => {
    expect(smapePoint(0, 0)).toBe(0)
    expect(smapePoint(5, 0)).toBe(200)
    expect(smapePoint(0, 5)).toBe(200)
    expect(smapePoint(90, 110)).toBeCloseTo(20, 9)
  })

  it('folds do not overlap unless two full seasons need them closer', () => {
    expect(foldOrigins(180, 14, 7)).toEqual([138, 152, 166])
    // 36 months, folds of 6: 18 months before the first would be under two years; 3 apart keeps 24.
    expect(foldOrigins(36, 6, 12)).toEqual([24, 27, 30])
    expect(foldOrigins(8, 1, null)).toEqual([5, 6, 7])
    // Not even one apart would keep two seasons: the folds are placed for the others.
    expect(foldOrigins(18, 4, 7)).toEqual([6, 10, 14])
  })

  it('seasonal candidates need two full seasons in every fold', () => {
    expect(eligibleCandidates(18, 4, 7)).toEqual(['naive', 'ses', 'holt_damped'])
    expect(eligibleCandidates(20, 4, 7)).toEqual([...MODEL_NAMES])
    expect(eligibleCandidates(60, 12, null)).toEqual(['naive', 'ses', 'holt_damped'])
  })

  it('reports the backtest: three folds of min(horizon, n / 5) points, every candidate scored', () => {
    const y = weeks(8).map((v, i) => v + (i % 3))
    const f = forecastSeries(y, { horizon: 5, season: 7, seed: 3 })
    expect(f.backtest).toMatchObject({ folds: 3, fold_horizon: 5 })
    expect(f.backtest!.candidates.map((c) => c.name)).toEqual([...MODEL_NAMES])
    const best = Math.min(...f.backtest!.candidates.map((c) => c.smape))
    expect(f.backtest!.smape).toBe(best)
    expect(f.points).toHaveLength(5)
  })

  it('MAPE is null when every actual is 0 in the folds', () => {
    const y = [...Array.from({ length: 12 }, (_, i) => i + 1), 0, 0, 0, 0, 0, 0]
    const f = forecastSeries(y, { horizon: 2, season: null, seed: 9 })
    expect(f.backtest!.mape).toBeNull()
  })
})

describe('intervals', () => {
  it('are the same for the same seed, and ordered lower_95 ≤ lower_80 ≤ value ≤ upper_80 ≤ upper_95', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 0, maxLength: 60 }),
        fc.integer(),
        (y, seed) => {
          const a = forecastSeries(y, { horizon: 8, season: 7, seed })
          expect(forecastSeries(y, { horizon: 8, season: 7, seed })).toEqual(a)
          expect(a.points).toHaveLength(8)
          for (const p of a.points) {
            expect(p.lower_95).toBeGreaterThanOrEqual(0)
            expect(p.lower_95).toBeLessThanOrEqual(p.lower_80)
            expect(p.lower_80).toBeLessThanOrEqual(p.value)
            expect(p.value).toBeLessThanOrEqual(p.upper_80)
            expect(p.upper_80).toBeLessThanOrEqual(p.upper_95)
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  it('widen with the noise and further ahead on a random walk', () => {
    let v = 100
    const y = Array.from({ length: 80 }, (_, i) => (v += ((i * 7_919) % 11) - 5))
    const f = forecastSeries(y, { horizon: 10, season: null, seed: seedOf('t|m|2026-01-01') })
    const width = (i: number) => f.points[i]!.upper_95 - f.points[i]!.lower_95
    expect(width(0)).toBeGreaterThan(0)
    expect(width(9)).toBeGreaterThan(width(0))
    expect(f.points[0]!.upper_80 - f.points[0]!.lower_80).toBeLessThan(width(0))
  })

  it('clip at zero: a series falling to nothing never forecasts below it', () => {
    const y = Array.from({ length: 30 }, (_, i) => Math.max(0, 60 - 3 * i))
    const f = forecastSeries(y, { horizon: 10, season: null, seed: 5 })
    for (const p of f.points) expect(Math.min(p.value, p.lower_80, p.lower_95)).toBeGreaterThanOrEqual(0)
  })

  it('another seed draws other paths', () => {
    const y = weeks(8).map((v, i) => v + 3 * Math.sin(i * i))
    const a = forecastSeries(y, { ...options, seed: 1 })
    const b = forecastSeries(y, { ...options, seed: 2 })
    expect(a.points.some((p) => p.upper_95 > p.value)).toBe(true)
    expect(a.points.map((p) => p.value)).toEqual(b.points.map((p) => p.value))
    expect(a.points.map((p) => p.upper_95)).not.toEqual(b.points.map((p) => p.upper_95))
  })
})

describe('short and flat histories', () => {
  it('fewer than 8 points: the mean, normal bands from the standard deviation, no backtest', () => {
    const f = forecastSeries([10, 12, 14, 16], options)
    expect(f.quality).toBe('insufficient_history')
    expect(f.method).toEqual({
      name: 'mean',
      seasonal_period: null,
      parameters: { alpha: null, beta: null, gamma: null, phi: null },
      selected_by: 'short_history',
    })
    expect(f.backtest).toBeNull()
    const sd = Math.sqrt(((3 * 3 + 1 + 1 + 3 * 3) * 1) / 3)
    expect(f.points[0]).toEqual({
      value: 13,
      lower_80: Math.round((13 - 1.2816 * sd) * 100) / 100,
      upper_80: Math.round((13 + 1.2816 * sd) * 100) / 100,
      lower_95: Math.round((13 - 1.96 * sd) * 100) / 100,
      upper_95: Math.round((13 + 1.96 * sd) * 100) / 100,
    })
    expect(f.points).toHaveLength(14)
  })

  it('an empty history forecasts 0 with 0-wide bands', () => {
    const f = forecastSeries([], { ...options, horizon: 3 })
    expect(f.quality).toBe('insufficient_history')
    expect(f.points).toEqual(
      Array.from({ length: 3 }, () => ({ value: 0, lower_80: 0, upper_80: 0, lower_95: 0, upper_95: 0 })),
    )
  })

  it('every value 0 is flat: zero forecast, zero bands', () => {
    const f = forecastSeries(
      Array.from({ length: 30 }, () => 0),
      options,
    )
    expect(f.quality).toBe('flat')
    expect(f.method.name).toBe('naive')
    for (const p of f.points) expect(p).toEqual({ value: 0, lower_80: 0, upper_80: 0, lower_95: 0, upper_95: 0 })
  })
})

import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { quantileSorted, sampleStandardDeviation } from 'simple-statistics'
import { fit } from './fit.js'
import { MODEL_NAMES, MODELS, pointForecast, type Filter, type ModelName, type Params } from './models.js'

/*
 * One series' forecast (contract §8.3): the candidates that have enough history are compared by a rolling-origin
 * backtest, the winner is refitted on the whole history, and its intervals come from simulated future paths that
 * add bootstrapped in-sample one-step errors. A history shorter than `MIN_POINTS` gets its mean instead.
 */

/** Fewer points than this: the history's mean (§8.3 step 5). */
export const MIN_POINTS = 8
export const FOLDS = 3
export const PATHS = 2000
/** Normal quantiles of the short-history bands. */
const Z80 = 1.2816
const Z95 = 1.96

export type Quality = 'ok' | 'insufficient_history' | 'flat'

export type ForecastPoint = { value: number; lower_80: number; upper_80: number; lower_95: number; upper_95: number }

export type Method = {
  name: ModelName | 'mean'
  seasonal_period: number | null
  parameters: { alpha: number | null; beta: number | null; gamma: number | null; phi: number | null }
  selected_by: 'backtest_smape' | 'short_history'
}

export type Backtest = {
  smape: number
  mape: number | null
  mae: number
  folds: number
  fold_horizon: number
  candidates: { name: ModelName; smape: number }[]
}

export type SeriesForecast = { points: ForecastPoint[]; method: Method; backtest: Backtest | null; quality: Quality }

export type ForecastOptions = {
  horizon: number
  /** The season length to try seasonal candidates with; null for none. */
  season: number | null
  /** Seeds the bootstrap, so the same history and seed give the same bands. */
  seed: number
}

/** sMAPE of one point (§8.3 step 3): 200 × |F − A| ÷ (|F| + |A|), 0 when both are 0. */
export function smapePoint(forecast: number, actual: number): number {
  const scale = Math.abs(forecast) + Math.abs(actual)
  return scale === 0 ? 0 : (200 * Math.abs(forecast - actual)) / scale
}

const round2 = (v: number) => Math.round(v * 100) / 100
const clip = (v: number) => Math.max(0, v)

const noParameters = { alpha: null, beta: null, gamma: null, phi: null }
const parametersOf = (p: Params): Method['parameters'] => ({
  alpha: p.alpha ?? null,
  beta: p.beta ?? null,
  gamma: p.gamma ?? null,
  phi: p.phi ?? null,
})

const zeroPoint = (): ForecastPoint => ({ value: 0, lower_80: 0, upper_80: 0, lower_95: 0, upper_95: 0 })

/** The mean of a short history, with bands from its standard deviation and normal quantiles. */
function meanForecast(y: readonly number[], horizon: number): SeriesForecast {
  const method: Method = { name: 'mean', seasonal_period: null, parameters: noParameters, selected_by: 'short_history' }
  if (y.length === 0)
    return {
      points: Array.from({ length: horizon }, zeroPoint),
      method,
      backtest: null,
      quality: 'insufficient_history',
    }
  const m = y.reduce((a, b) => a + b, 0) / y.length
  const sd = y.length > 1 ? sampleStandardDeviation([...y]) : 0
  const point: ForecastPoint = {
    value: round2(clip(m)),
    lower_80: round2(clip(m - Z80 * sd)),
    upper_80: round2(clip(m + Z80 * sd)),
    lower_95: round2(clip(m - Z95 * sd)),
    upper_95: round2(clip(m + Z95 * sd)),
  }
  return {
    points: Array.from({ length: horizon }, () => ({ ...point })),
    method,
    backtest: null,
    quality: 'insufficient_history',
  }
}

/** The least training a fold keeps: two full seasons when seasonal candidates can be scored, else Holt's start. */
function minTraining(n: number, foldHorizon: number, season: number | null): number {
  const nonSeasonal = Math.max(...MODEL_NAMES.filter((m) => !MODELS[m].seasonal).map((m) => MODELS[m].minPoints(1)))
  if (season === null) return nonSeasonal
  const seasonal = Math.max(...MODEL_NAMES.filter((m) => MODELS[m].seasonal).map((m) => MODELS[m].minPoints(season)))
  // With origins one point apart, the shortest training part has n − h′ − (FOLDS − 1) points.
  return n - foldHorizon - (FOLDS - 1) >= seasonal ? seasonal : nonSeasonal
}

/**
 * The folds' origins (§8.3 step 3), oldest first: the last one leaves `foldHorizon` points after it; the others are
 * `foldHorizon` apart, so the folds' test points do not overlap, or closer (down to one point) when that keeps the
 * shortest training part long enough for every candidate (two full seasons for the seasonal ones).
 */
export function foldOrigins(n: number, foldHorizon: number, season: number | null): number[] {
  const last = n - foldHorizon
  const room = Math.floor((last - minTraining(n, foldHorizon, season)) / (FOLDS - 1))
  const step = Math.max(1, Math.min(foldHorizon, room))
  return Array.from({ length: FOLDS }, (_, k) => last - (FOLDS - 1 - k) * step)
}

/** The candidates that the shortest fold's training part has enough points for. */
export function eligibleCandidates(n: number, foldHorizon: number, season: number | null): ModelName[] {
  const shortest = foldOrigins(n, foldHorizon, season)[0]!
  return MODEL_NAMES.filter((name) => {
    const model = MODELS[name]
    if (model.seasonal && season === null) return false
    return shortest >= model.minPoints(season ?? 1)
  })
}

type Scores = { name: ModelName; smape: number; mape: number | null; mae: number }

/** Rolling-origin backtest (§8.3 step 3): each fold trains on the points before its origin and forecasts the next `foldHorizon`. */
function backtest(
  y: readonly number[],
  names: readonly ModelName[],
  origins: readonly number[],
  foldHorizon: number,
  season: number,
): Scores[] {
  return names.map((name) => {
    const model = MODELS[name]
    let smape = 0
    let absolute = 0
    let percent = 0
    let nonZero = 0
    let points = 0
    for (const origin of origins) {
      const fitted = fit(model, y.slice(0, origin), season)
      const predicted = pointForecast(fitted.filter, foldHorizon)
      for (let i = 0; i < foldHorizon; i++) {
        const actual = y[origin + i]!
        const f = predicted[i]!
        smape += smapePoint(f, actual)
        absolute += Math.abs(f - actual)
        if (actual !== 0) {
          percent += (100 * Math.abs(f - actual)) / Math.abs(actual)
          nonZero++
        }
        points++
      }
    }
    return { name, smape: smape / points, mape: nonZero === 0 ? null : percent / nonZero, mae: absolute / points }
  })
}

/** A fast seed from text (FNV-1a, 32 bits): only spreads the seeds, the generator itself is pure-rand's. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h | 0
}

/**
 * Bands around the point forecasts (§8.3 step 4): `PATHS` futures, each step the model's prediction plus a residual
 * drawn at random (with replacement), fed back as the observed value. Each limit is the point plus that percentile of
 * the paths' deviations from it, a lower limit never above and an upper one never below the point.
 */
function bands(filter: Filter, residuals: readonly number[], points: readonly number[], seed: number): ForecastPoint[] {
  const h = points.length
  const deviations = Array.from({ length: h }, () => new Array<number>(PATHS).fill(0))
  if (residuals.length > 0) {
    const rng = xoroshiro128plus(seed)
    for (let p = 0; p < PATHS; p++) {
      const path = filter.clone()
      for (let i = 0; i < h; i++) {
        const v = path.predict() + residuals[uniformInt(rng, 0, residuals.length - 1)]!
        deviations[i]![p] = v - points[i]!
        path.observe(v)
      }
    }
  }
  return points.map((value, i) => {
    const d = deviations[i]!.sort((a, b) => a - b)
    const q = (p: number) => quantileSorted(d, p)
    return {
      value: round2(clip(value)),
      lower_80: round2(clip(value + Math.min(0, q(0.1)))),
      upper_80: round2(clip(value + Math.max(0, q(0.9)))),
      lower_95: round2(clip(value + Math.min(0, q(0.025)))),
      upper_95: round2(clip(value + Math.max(0, q(0.975)))),
    }
  })
}

/** The forecast of a history (oldest first, whole periods) `horizon` periods ahead. */
export function forecastSeries(y: readonly number[], { horizon, season, seed }: ForecastOptions): SeriesForecast {
  if (y.length < MIN_POINTS) return meanForecast(y, horizon)
  const foldHorizon = Math.min(horizon, Math.max(1, Math.floor(y.length / 5)))
  const names = eligibleCandidates(y.length, foldHorizon, season)
  const m = season ?? 1
  const scores = backtest(y, names, foldOrigins(y.length, foldHorizon, season), foldHorizon, m)
  // Lowest mean sMAPE; the candidates are simplest first, so a tie keeps the simpler.
  const best = scores.reduce((a, b) => (b.smape < a.smape - 1e-9 ? b : a))
  const model = MODELS[best.name]
  const fitted = fit(model, y, m)
  const points = pointForecast(fitted.filter, horizon)
  return {
    points: bands(fitted.filter, fitted.residuals, points, seed),
    method: {
      name: best.name,
      seasonal_period: model.seasonal ? m : null,
      parameters: parametersOf(fitted.params),
      selected_by: 'backtest_smape',
    },
    backtest: {
      smape: round2(best.smape),
      mape: best.mape === null ? null : round2(best.mape),
      mae: round2(best.mae),
      folds: FOLDS,
      fold_horizon: foldHorizon,
      candidates: scores.map((s) => ({ name: s.name, smape: round2(s.smape) })),
    },
    quality: y.every((v) => v === 0) ? 'flat' : 'ok',
  }
}

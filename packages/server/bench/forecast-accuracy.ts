import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { fit } from '../src/features/predictive/forecast/fit.js'
import { eligibleCandidates, forecastSeries, smapePoint } from '../src/features/predictive/forecast/forecast.js'
import { MODEL_NAMES, MODELS, pointForecast, type ModelName } from '../src/features/predictive/forecast/models.js'

/*
 * Forecast accuracy on synthetic series whose process is known (issue: bench:forecast part 1). Each series is a level,
 * a linear trend, a seasonal pattern and Gaussian noise, with outliers (about 2 % of the points multiplied by 3); its
 * history also has a run of zeros (an outage), its future does not. Every candidate and the selected model are scored by sMAPE
 * against the future observations, and the selected model's 80 % and 95 % intervals by how many of those
 * observations they hold. The selected model and seasonal naive are also scored against the process itself (level,
 * trend and season without the noise and outliers): how close a point forecast came to what the series was
 * expected to do, which the future observations measure only through their noise.
 */

export type Kind = {
  label: string
  points: number
  horizon: number
  season: number
  count: number
  seasonal: boolean
  /** The longest run of zeros in a history. */
  longestOutage: number
}

export const KINDS: Kind[] = [
  { label: 'daily, weekly season', points: 180, horizon: 14, season: 7, count: 200, seasonal: true, longestOutage: 3 },
  { label: 'monthly, yearly season', points: 36, horizon: 6, season: 12, count: 200, seasonal: true, longestOutage: 1 },
  { label: 'daily, no season', points: 180, horizon: 14, season: 7, count: 100, seasonal: false, longestOutage: 3 },
]

type Rng = ReturnType<typeof xoroshiro128plus>

function normal(rng: Rng): number {
  // Box-Muller on two uniforms in (0, 1].
  const u = 1 - uniformFloat64(rng)
  const v = uniformFloat64(rng)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** One series: `points` of history with outliers and a zero run, and `horizon` future observations. */
export function synthetic(kind: Kind, rng: Rng, outliers: number) {
  const level = 20 + 180 * uniformFloat64(rng)
  const trend = ((uniformFloat64(rng) - 0.5) * level) / kind.points // up to ±50 % over the history
  const amplitude = kind.seasonal ? level * (0.2 + 0.4 * uniformFloat64(rng)) : 0
  const shape = Array.from({ length: kind.season }, () => normal(rng))
  const mean = shape.reduce((a, b) => a + b, 0) / shape.length
  const sd = Math.sqrt(shape.reduce((a, b) => a + (b - mean) ** 2, 0) / shape.length) || 1
  const noise = level * (0.05 + 0.1 * uniformFloat64(rng))
  const signal = (t: number) => level + trend * t + (amplitude * (shape[t % kind.season]! - mean)) / sd
  const value = (t: number) => Math.max(0, signal(t) + noise * normal(rng))
  // Outliers: a share of the points (2 %), history and future alike, are three times their value.
  const observed = (t: number) => value(t) * (uniformFloat64(rng) < outliers ? 3 : 1)
  const history = Array.from({ length: kind.points }, (_, t) => observed(t))
  // An outage: a run of zeros somewhere in the first 80 % of the history, of 1–3 days or of one month.
  const at = Math.floor(uniformFloat64(rng) * kind.points * 0.8)
  const run = 1 + Math.floor(uniformFloat64(rng) * kind.longestOutage)
  for (let t = at; t < Math.min(kind.points, at + run); t++) history[t] = 0
  const future = Array.from({ length: kind.horizon }, (_, i) => observed(kind.points + i))
  const truth = Array.from({ length: kind.horizon }, (_, i) => Math.max(0, signal(kind.points + i)))
  return { history: history.map(Math.round), future: future.map(Math.round), truth }
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

export type KindResult = {
  kind: Kind
  candidates: Map<ModelName, number>
  selected: number
  /** The selected model's and seasonal naive's mean sMAPE against the process (no noise, no outliers). */
  selectedToProcess: number
  seasonalNaiveToProcess: number
  coverage80: number
  coverage95: number
  chosen: Map<string, number>
}

/** Scores `kind.count` series of a kind. */
export function scoreKind(kind: Kind, seed: number, outliers = 0.02): KindResult {
  const rng = xoroshiro128plus(seed)
  const sums = new Map<ModelName, number[]>(MODEL_NAMES.map((n) => [n, []]))
  const selected: number[] = []
  const toProcess = { selected: [] as number[], seasonalNaive: [] as number[] }
  const chosen = new Map<string, number>()
  let in80 = 0
  let in95 = 0
  let points = 0
  for (let s = 0; s < kind.count; s++) {
    const { history, future, truth } = synthetic(kind, rng, outliers)
    const smape = (f: readonly number[], to = future) => mean(to.map((a, i) => smapePoint(f[i]!, a)))
    for (const name of eligibleCandidates(history.length, 1, kind.season)) {
      const fitted = fit(MODELS[name], history, kind.season)
      const points = pointForecast(fitted.filter, kind.horizon).map((v) => Math.max(0, v))
      sums.get(name)!.push(smape(points))
      if (name === 'seasonal_naive') toProcess.seasonalNaive.push(smape(points, truth))
    }
    const f = forecastSeries(history, { horizon: kind.horizon, season: kind.season, seed: seed + s })
    chosen.set(f.method.name, (chosen.get(f.method.name) ?? 0) + 1)
    selected.push(smape(f.points.map((p) => p.value)))
    toProcess.selected.push(
      smape(
        f.points.map((p) => p.value),
        truth,
      ),
    )
    future.forEach((a, i) => {
      const p = f.points[i]!
      if (a >= p.lower_80 && a <= p.upper_80) in80++
      if (a >= p.lower_95 && a <= p.upper_95) in95++
      points++
    })
  }
  return {
    kind,
    candidates: new Map([...sums].filter(([, v]) => v.length > 0).map(([k, v]) => [k, mean(v)])),
    selected: mean(selected),
    selectedToProcess: mean(toProcess.selected),
    seasonalNaiveToProcess: mean(toProcess.seasonalNaive),
    coverage80: (100 * in80) / points,
    coverage95: (100 * in95) / points,
    chosen,
  }
}

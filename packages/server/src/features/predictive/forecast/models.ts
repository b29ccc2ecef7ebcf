import { median } from 'simple-statistics'

/*
 * The forecasting candidates of contract §8.3, simplest first, as one-step filters: each starts from the first
 * points of a history, predicts the next value, and takes the observed value to update its state. Fitting, the
 * backtest, point forecasts and simulated paths all run these same filters, so an in-sample residual, a backtest
 * error and a simulated step are computed the same way.
 *
 * The smoothing models are the additive ones in component form (Hyndman & Athanasopoulos, "Forecasting: Principles
 * and Practice", §8): simple exponential smoothing ETS(A,N,N); Holt's damped trend ETS(A,Ad,N); additive damped
 * Holt-Winters ETS(A,Ad,A). A damped trend adds φ + φ² + … + φʰ times the slope h steps ahead.
 */

export const MODEL_NAMES = ['naive', 'seasonal_naive', 'ses', 'holt_damped', 'holt_winters'] as const
export type ModelName = (typeof MODEL_NAMES)[number]

export type ParamName = 'alpha' | 'beta' | 'gamma' | 'phi'
/** A model's smoothing parameters; those it does not use are absent. */
export type Params = Partial<Record<ParamName, number>>

/** The range a fitted parameter is kept in (§8.3: α, β, γ in 0.01–0.99, φ in 0.80–0.98). */
export const PARAM_RANGE: Record<ParamName, readonly [number, number]> = {
  alpha: [0.01, 0.99],
  beta: [0.01, 0.99],
  gamma: [0.01, 0.99],
  phi: [0.8, 0.98],
}

/** A model's state after some observations. */
export type Filter = {
  /** The next value as the model expects it. */
  predict(): number
  /** Takes the next observed (or simulated) value. */
  observe(y: number): void
  /** An independent copy, to run ahead without touching this one. */
  clone(): Filter
}

export type Model = {
  name: ModelName
  seasonal: boolean
  /** The parameters it fits, in the order the optimiser visits them. */
  params: readonly ParamName[]
  /** The least history it is fitted on (seasonal models: two full seasons, §8.3). */
  minPoints: (season: number) => number
  /** The filter after the points its start-up uses, and the index of the first point it then predicts. */
  start: (y: readonly number[], p: Params, season: number) => { filter: Filter; from: number }
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

/** The least-squares line through `ys` at x = 0, 1, …: its value at 0 and its slope. */
function line(ys: readonly number[]): { intercept: number; slope: number } {
  const n = ys.length
  if (n < 2) return { intercept: ys[0] ?? 0, slope: 0 }
  const mx = (n - 1) / 2
  const my = mean(ys)
  let sxy = 0
  let sxx = 0
  ys.forEach((v, x) => {
    sxy += (x - mx) * (v - my)
    sxx += (x - mx) ** 2
  })
  const slope = sxy / sxx
  return { intercept: my - slope * mx, slope }
}

class Last implements Filter {
  constructor(private last: number) {}
  predict() {
    return this.last
  }
  observe(y: number) {
    this.last = y
  }
  clone() {
    return new Last(this.last)
  }
}

/** The value one season earlier: a ring of the last `season` values, `at` the oldest. */
class SeasonAgo implements Filter {
  constructor(
    private readonly ring: number[],
    private at = 0,
  ) {}
  predict() {
    return this.ring[this.at]!
  }
  observe(y: number) {
    this.ring[this.at] = y
    this.at = (this.at + 1) % this.ring.length
  }
  clone() {
    return new SeasonAgo([...this.ring], this.at)
  }
}

class Level implements Filter {
  constructor(
    private readonly alpha: number,
    private level: number,
  ) {}
  predict() {
    return this.level
  }
  observe(y: number) {
    this.level += this.alpha * (y - this.level)
  }
  clone() {
    return new Level(this.alpha, this.level)
  }
}

/** Level, damped trend and (with a non-empty `seasonal` ring, `at` the next season's index) additive seasons. */
class Smoothing implements Filter {
  private readonly alpha: number
  private readonly beta: number
  private readonly gamma: number
  private readonly phi: number
  constructor(
    p: { alpha: number; beta: number; gamma: number; phi: number },
    private level: number,
    private trend: number,
    private readonly seasonal: number[],
    private at = 0,
  ) {
    this.alpha = p.alpha
    this.beta = p.beta
    this.gamma = p.gamma
    this.phi = p.phi
  }
  predict() {
    return this.level + this.phi * this.trend + (this.seasonal.length === 0 ? 0 : this.seasonal[this.at]!)
  }
  observe(y: number) {
    const seasons = this.seasonal.length
    const s = seasons === 0 ? 0 : this.seasonal[this.at]!
    const level = this.alpha * (y - s) + (1 - this.alpha) * (this.level + this.phi * this.trend)
    this.trend = this.beta * (level - this.level) + (1 - this.beta) * this.phi * this.trend
    this.level = level
    if (seasons > 0) {
      this.seasonal[this.at] = this.gamma * (y - level) + (1 - this.gamma) * s
      this.at = this.at + 1 === seasons ? 0 : this.at + 1
    }
  }
  clone() {
    const p = { alpha: this.alpha, beta: this.beta, gamma: this.gamma, phi: this.phi }
    return new Smoothing(p, this.level, this.trend, [...this.seasonal], this.at)
  }
}

const param = (p: Params, name: ParamName) => p[name] ?? PARAM_RANGE[name][0]

export const MODELS: Record<ModelName, Model> = {
  naive: {
    name: 'naive',
    seasonal: false,
    params: [],
    minPoints: () => 2,
    start: (y) => ({ filter: new Last(y[0]!), from: 1 }),
  },
  seasonal_naive: {
    name: 'seasonal_naive',
    seasonal: true,
    params: [],
    minPoints: (m) => 2 * m,
    start: (y, _p, m) => ({ filter: new SeasonAgo(y.slice(0, m)), from: m }),
  },
  ses: {
    name: 'ses',
    seasonal: false,
    params: ['alpha'],
    minPoints: () => 2,
    start: (y, p) => ({ filter: new Level(param(p, 'alpha'), y[0]!), from: 1 }),
  },
  holt_damped: {
    name: 'holt_damped',
    seasonal: false,
    params: ['alpha', 'beta', 'phi'],
    minPoints: () => 3,
    // Level and slope from a straight line through the first points (up to ten), set just before the first one;
    // the filter then runs over the whole history.
    start: (y, p) => {
      const { intercept, slope } = line(y.slice(0, Math.min(y.length, 10)))
      const filter = new Smoothing(
        { alpha: param(p, 'alpha'), beta: param(p, 'beta'), phi: param(p, 'phi'), gamma: 0 },
        intercept - slope,
        slope,
        [],
      )
      return { filter, from: 0 }
    },
  },
  holt_winters: {
    name: 'holt_winters',
    seasonal: true,
    params: ['alpha', 'beta', 'gamma', 'phi'],
    minPoints: (m) => 2 * m,
    // A classical decomposition of the first full seasons (up to three), on medians: a straight line through the
    // seasons' medians gives the slope, the median deviation from it at each position of the season the seasonal
    // terms, centred to sum to 0 (the centre goes to the level). Medians, so that one outlier or a day of outage in
    // the first seasons does not stay in the start for the rest of the history. The state is set just before the
    // first point, and the filter runs over the whole history.
    start: (y, p, m) => {
      const seasons = Math.min(3, Math.floor(y.length / m))
      const middles = Array.from({ length: seasons }, (_, k) => median(y.slice(k * m, (k + 1) * m)))
      const fitted = seasons > 1 ? line(middles) : { intercept: middles[0]!, slope: 0 }
      const slope = fitted.slope / m
      // The line at point t: the first season's median sits at its middle, (m − 1) / 2.
      const at = (t: number) => fitted.intercept + slope * (t - (m - 1) / 2)
      const deviations = Array.from({ length: m }, (_, i) =>
        median(Array.from({ length: seasons }, (_, k) => y[k * m + i]! - at(k * m + i))),
      )
      const centre = mean(deviations)
      const filter = new Smoothing(
        { alpha: param(p, 'alpha'), beta: param(p, 'beta'), phi: param(p, 'phi'), gamma: param(p, 'gamma') },
        at(-1) + centre,
        slope,
        deviations.map((d) => d - centre),
      )
      return { filter, from: 0 }
    },
  },
}

/** A model run over a history: the filter after its last point, and the one-step errors it made on the way. */
export type Run = { filter: Filter; residuals: number[] }

/** The sum of squared one-step errors of a model run over a history (what fitting minimises), without keeping them. */
export function squaredErrors(model: Model, y: readonly number[], p: Params, season: number): number {
  const { filter, from } = model.start(y, p, season)
  let sse = 0
  for (let t = from; t < y.length; t++) {
    const e = y[t]! - filter.predict()
    sse += e * e
    filter.observe(y[t]!)
  }
  return sse
}

export function run(model: Model, y: readonly number[], p: Params, season: number): Run {
  const { filter, from } = model.start(y, p, season)
  const residuals: number[] = []
  for (let t = from; t < y.length; t++) {
    residuals.push(y[t]! - filter.predict())
    filter.observe(y[t]!)
  }
  return { filter, residuals }
}

/** The point forecasts 1…h steps ahead: each step predicted, then taken as observed. */
export function pointForecast(filter: Filter, h: number): number[] {
  const ahead = filter.clone()
  const out: number[] = []
  for (let i = 0; i < h; i++) {
    const v = ahead.predict()
    out.push(v)
    ahead.observe(v)
  }
  return out
}

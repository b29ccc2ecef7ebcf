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
  constructor(
    private readonly p: Required<Pick<Params, 'alpha' | 'beta' | 'phi'>> & { gamma: number },
    private level: number,
    private trend: number,
    private readonly seasonal: number[],
    private at = 0,
  ) {}
  private season() {
    return this.seasonal.length === 0 ? 0 : this.seasonal[this.at]!
  }
  predict() {
    return this.level + this.p.phi * this.trend + this.season()
  }
  observe(y: number) {
    const { alpha, beta, gamma, phi } = this.p
    const s = this.season()
    const level = alpha * (y - s) + (1 - alpha) * (this.level + phi * this.trend)
    this.trend = beta * (level - this.level) + (1 - beta) * phi * this.trend
    this.level = level
    if (this.seasonal.length > 0) {
      this.seasonal[this.at] = gamma * (y - level) + (1 - gamma) * s
      this.at = (this.at + 1) % this.seasonal.length
    }
  }
  clone() {
    return new Smoothing(this.p, this.level, this.trend, [...this.seasonal], this.at)
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
    // Level at the second point, slope the first difference.
    start: (y, p) => ({
      filter: new Smoothing(
        { alpha: param(p, 'alpha'), beta: param(p, 'beta'), phi: param(p, 'phi'), gamma: 0 },
        y[1]!,
        y[1]! - y[0]!,
        [],
      ),
      from: 2,
    }),
  },
  holt_winters: {
    name: 'holt_winters',
    seasonal: true,
    params: ['alpha', 'beta', 'gamma', 'phi'],
    minPoints: (m) => 2 * m,
    // Level the first season's mean, slope the change of the mean to the second season per step, seasons the first
    // season's deviations from its mean; the filter then runs from the second season on.
    start: (y, p, m) => {
      const first = mean(y.slice(0, m))
      const second = mean(y.slice(m, 2 * m))
      const filter = new Smoothing(
        { alpha: param(p, 'alpha'), beta: param(p, 'beta'), phi: param(p, 'phi'), gamma: param(p, 'gamma') },
        first,
        (second - first) / m,
        y.slice(0, m).map((v) => v - first),
      )
      return { filter, from: m }
    },
  },
}

/** A model run over a history: the filter after its last point, and the one-step errors it made on the way. */
export type Run = { filter: Filter; residuals: number[] }

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

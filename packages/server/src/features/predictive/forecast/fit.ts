import { PARAM_RANGE, run, squaredErrors, type Model, type ParamName, type Params, type Run } from './models.js'

/*
 * Fitting (contract §8.3, step 2): the parameters that minimise the sum of squared one-step errors over the history,
 * found deterministically: every combination of a coarse grid, then a local search from the best one that moves one
 * parameter at a time by a step, halving the step when no move helps. A move must strictly improve, so equal errors
 * keep the earlier point and the same history always gives the same parameters.
 */

/** Coarse grid per parameter, inside its range. */
const GRID: Record<ParamName, readonly number[]> = {
  alpha: [0.1, 0.4, 0.8],
  beta: [0.01, 0.1, 0.4],
  gamma: [0.05, 0.3, 0.7],
  phi: [0.8, 0.98],
}
const FIRST_STEP = 0.08
const LAST_STEP = 0.005

export type Fitted = Run & { params: Params; sse: number }

const round = (v: number) => Math.round(v * 1e6) / 1e6
const clamp = (name: ParamName, v: number) => round(Math.min(PARAM_RANGE[name][1], Math.max(PARAM_RANGE[name][0], v)))

/** Every combination of the grid values of `names`. */
function* grid(names: readonly ParamName[], at = 0, p: Params = {}): Generator<Params> {
  if (at === names.length) {
    yield { ...p }
    return
  }
  const name = names[at]!
  for (const v of GRID[name]) yield* grid(names, at + 1, { ...p, [name]: v })
}

/** The model fitted on `y` (which has at least `model.minPoints(season)` points). */
export function fit(model: Model, y: readonly number[], season: number): Fitted {
  const cost = (params: Params) => {
    const e = squaredErrors(model, y, params, season)
    return Number.isFinite(e) ? e : Infinity
  }
  let best: Params = {}
  let bestCost = Infinity
  if (model.params.length > 0) {
    for (const p of grid(model.params)) {
      const c = cost(p)
      if (c < bestCost) {
        best = p
        bestCost = c
      }
    }
    for (let step = FIRST_STEP; step >= LAST_STEP; step /= 2) {
      let moved = true
      while (moved) {
        moved = false
        for (const name of model.params) {
          for (const sign of [-1, 1]) {
            const v = clamp(name, best[name]! + sign * step)
            if (v === best[name]) continue
            const p = { ...best, [name]: v }
            const c = cost(p)
            if (c < bestCost) {
              best = p
              bestCost = c
              moved = true
            }
          }
        }
      }
    }
  }
  const r = run(model, y, best, season)
  return { ...r, params: best, sse: r.residuals.reduce((s, e) => s + e * e, 0) }
}

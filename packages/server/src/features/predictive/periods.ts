import type { ForecastGranularity } from '@proxima/contracts'
import { Temporal } from 'temporal-polyfill'
import { periodsAfter, periodStart } from '../analytics/window.js'

/*
 * The periods of a forecast (contract §8.1): calendar days, weeks (from Monday) or months in the time zone, each from
 * one local midnight to another. The history holds whole periods from `from` to `to`, never before the period that
 * contains the tenant's creation; the period that contains `to` is unfinished and reported apart; the forecast covers
 * `horizon` periods starting with that one (or with the period that starts at `to`).
 */

export type Period = { start: Date; end: Date }

export type PeriodPlan = {
  history: Period[]
  current: Period | null
  future: Period[]
  /** The history's period starts, then the end of its last period, then `to` when a period is unfinished. */
  edges: Date[]
}

/** The longest history a forecast reads. */
export const MAX_HISTORY_PERIODS = 1000

const UNIT = { day: 'days', week: 'weeks', month: 'months' } as const

/** The default start of the history: 180 days, 104 weeks or 36 months of local time before `to`. */
export function defaultFrom(to: Date, g: ForecastGranularity, tz: string): Date {
  const count = { day: 180, week: 104, month: 36 }[g]
  const local = Temporal.Instant.fromEpochMilliseconds(to.getTime()).toZonedDateTimeISO(tz)
  return new Date(local.subtract({ [UNIT[g]]: count }).epochMilliseconds)
}

/** The periods of a forecast; null when the history would be longer than `MAX_HISTORY_PERIODS`. */
export function planPeriods(o: {
  from: Date
  to: Date
  createdAt: Date
  granularity: ForecastGranularity
  timezone: string
  horizon: number
}): PeriodPlan | null {
  const { to, granularity: g, timezone: tz } = o
  let start = periodStart(o.from, g, tz)
  if (start < o.from) start = periodsAfter(start, 1, g, tz)
  const created = periodStart(o.createdAt, g, tz)
  if (start < created) start = created
  const history: Period[] = []
  for (;;) {
    const end = periodsAfter(start, 1, g, tz)
    if (end > to) break
    if (history.length === MAX_HISTORY_PERIODS) return null
    history.push({ start, end })
    start = end
  }
  const currentStart = periodStart(to, g, tz)
  const currentEnd = periodsAfter(currentStart, 1, g, tz)
  const current = currentStart < to && currentEnd > created ? { start: currentStart, end: currentEnd } : null
  const future: Period[] = []
  let next = current ? current.start : periodStart(to, g, tz)
  while (future.length < o.horizon) {
    const end = periodsAfter(next, 1, g, tz)
    future.push({ start: next, end })
    next = end
  }
  const last = history.at(-1)
  const edges = [...history.map((p) => p.start), ...(last ? [last.end] : current ? [current.start] : [])]
  if (current) edges.push(to)
  return { history, current, future, edges }
}

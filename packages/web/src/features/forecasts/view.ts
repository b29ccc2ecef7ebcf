import { FORECAST_HORIZON, ForecastGranularity, type ForecastPoint, type SeriesForecast } from '@proxima/contracts'
import { bucketLabel, formatDecimal } from '../analytics/format'
import { addDays } from '../analytics/view'

/*
 * The forecasts page's view, kept in the address so a view can be shared: the granularity (`g`), the horizon (`h`),
 * the channel, the community and the start of the history (`from`); and the pure pieces the page shows: period labels, the chart's rows, and the plain
 * words about the model and its measured accuracy.
 */

export type ForecastView = {
  granularity: ForecastGranularity
  horizon: number
  channel: string | null
  community: number | null
  /** The first day of the history the forecasts learn from (YYYY-MM-DD); null: the default length before now. */
  from: string | null
}

const CHANNELS = ['mobile', 'website', 'facebook', 'instagram', 'whatsapp', 'email'] as const

/** The view an address describes; anything unknown or out of range falls back to the default. */
export function readView(params: URLSearchParams): ForecastView {
  const g = ForecastGranularity.safeParse(params.get('g'))
  const granularity = g.success ? g.data : 'day'
  const limit = FORECAST_HORIZON[granularity]
  const h = Number(params.get('h'))
  const channel = params.get('channel')
  const community = Number(params.get('community'))
  const from = params.get('from')
  return {
    granularity,
    horizon: Number.isInteger(h) && h >= 1 && h <= limit.max ? h : limit.default,
    channel: channel && (CHANNELS as readonly string[]).includes(channel) ? channel : null,
    community: Number.isInteger(community) && community > 0 ? community : null,
    from: from && isDate(from) ? from : null,
  }
}

/** A real calendar date written YYYY-MM-DD. */
const isDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text

/** How far back the history goes when no `from` is given (the server's default). */
export const DEFAULT_HISTORY: Record<ForecastGranularity, number> = { day: 180, week: 104, month: 36 }

/** Days in each granularity's period, at most: what 1,000 periods of history span. */
const PERIOD_DAYS: Record<ForecastGranularity, number> = { day: 1, week: 7, month: 31 }

/**
 * The dates `from` may take on `today`: no later than today, and no earlier than the server's 1,000 periods of
 * history allow (with a few periods to spare for the organisation's time zone and the whole-period rounding).
 */
export function historyBounds(granularity: ForecastGranularity, today: string): { min: string; max: string } {
  return { min: addDays(today, -PERIOD_DAYS[granularity] * 990), max: today }
}

/** Whether `from` is a date within the bounds: what the page sends, rather than a request the server refuses. */
export function fromWithin(from: string, bounds: { min: string; max: string }): boolean {
  return isDate(from) && from >= bounds.min && from <= bounds.max
}

/** The address parameters of a view; defaults are left out. */
export function writeView(view: ForecastView): URLSearchParams {
  const out = new URLSearchParams()
  if (view.granularity !== 'day') out.set('g', view.granularity)
  if (view.horizon !== FORECAST_HORIZON[view.granularity].default) out.set('h', String(view.horizon))
  if (view.channel) out.set('channel', view.channel)
  if (view.community !== null) out.set('community', String(view.community))
  if (view.from !== null) out.set('from', view.from)
  return out
}

/** The horizons offered for a granularity. */
export function horizonChoices(granularity: ForecastGranularity): number[] {
  const { max } = FORECAST_HORIZON[granularity]
  const choices = { day: [7, 14, 30, 60, 90], week: [4, 8, 12, 26], month: [3, 6, 12, 24] }[granularity]
  return choices.filter((c) => c <= max)
}

export const PERIOD_NOUN: Record<ForecastGranularity, [string, string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
}

const plural = (n: number, g: ForecastGranularity) => `${n} ${PERIOD_NOUN[g][n === 1 ? 0 : 1]}`

const MODEL_NAMES: Record<SeriesForecast['method']['name'], string> = {
  mean: 'the average of the history',
  naive: 'the last value carried forward',
  seasonal_naive: 'last season repeated',
  ses: 'exponential smoothing',
  holt_damped: 'exponential smoothing with a damped trend',
  holt_winters: 'Holt-Winters (trend and season)',
}

const SEASONS: Record<number, string> = { 7: 'weekly', 12: 'yearly', 52: 'yearly' }

/** Which model was chosen and how, in plain words. */
export function methodText(f: Pick<SeriesForecast, 'method'>): string {
  const m = f.method
  const season = m.seasonal_period
    ? ` with a ${SEASONS[m.seasonal_period] ?? `${m.seasonal_period}-period`} season`
    : ''
  return m.selected_by === 'short_history'
    ? `Forecast: ${MODEL_NAMES[m.name]}, because the history is short.`
    : `Model: ${MODEL_NAMES[m.name]}${season}, the most accurate of the five tried on your own history.`
}

/** How accurate the chosen model was on the organisation's own past, in plain words; null without a backtest. */
export function accuracyText(f: Pick<SeriesForecast, 'backtest'>, granularity: ForecastGranularity): string | null {
  const b = f.backtest
  if (!b) return null
  return `Tested ${b.folds} times on your past, each time ${plural(b.fold_horizon, granularity)} ahead: off by ${formatDecimal(b.smape, 1)}% on average.`
}

/** What the page says instead of a chart when the forecast cannot be trusted; null when it can. */
export function qualityText(f: Pick<SeriesForecast, 'quality' | 'data_points'>, granularity: ForecastGranularity) {
  if (f.quality === 'insufficient_history')
    return f.data_points === 0
      ? `No whole ${PERIOD_NOUN[granularity][0]} of history yet: the forecast starts once there is one.`
      : `Only ${plural(f.data_points, granularity)} of history: a forecast needs at least 8, so this shows the average with a wide range instead.`
  if (f.quality === 'flat')
    return `Nothing happened in the last ${plural(f.data_points, granularity)}: there is nothing to forecast.`
  return null
}

export type ChartRows = {
  labels: string[]
  /** History values, then nothing. */
  actual: (number | null)[]
  /** The unfinished period's value so far, at its place. */
  soFar: (number | null)[]
  /** Nothing over the history but its last value (so the lines join), then the forecast. */
  forecast: (number | null)[]
  lower80: (number | null)[]
  upper80: (number | null)[]
  lower95: (number | null)[]
  upper95: (number | null)[]
}

/**
 * The chart's rows: the history, then the forecast periods (the first of them the unfinished one, when there is one).
 * Only the last `historyShown` history periods are kept, so a long history does not squeeze the forecast.
 */
export function chartRows(
  f: Pick<SeriesForecast, 'history' | 'current_period' | 'forecast'>,
  granularity: ForecastGranularity,
  timeZone: string,
  historyShown = 60,
): ChartRows {
  const history = f.history.slice(-historyShown)
  const label = (start: string) => bucketLabel(start, granularity, timeZone)
  const n = history.length
  const ahead = f.forecast
  const none = (k: number) => Array.from({ length: k }, (): number | null => null)
  const band = (pick: (p: ForecastPoint) => number) => [...none(n), ...ahead.map(pick)]
  return {
    labels: [
      ...history.map((h) => label(h.start_time)),
      ...ahead.map((p, i) => (i === 0 && f.current_period ? `${label(p.start_time)} (so far)` : label(p.start_time))),
    ],
    actual: [...history.map((h) => h.value), ...none(ahead.length)],
    soFar: [...none(n), ...ahead.map((_, i) => (i === 0 && f.current_period ? f.current_period.value_so_far : null))],
    forecast: [...none(Math.max(0, n - 1)), ...(n > 0 ? [history[n - 1]!.value] : []), ...ahead.map((p) => p.value)],
    lower80: band((p) => p.lower_80),
    upper80: band((p) => p.upper_80),
    lower95: band((p) => p.lower_95),
    upper95: band((p) => p.upper_95),
  }
}

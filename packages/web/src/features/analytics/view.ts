import { CHANNEL_LABELS, type AnalyticsFilterInput, type Channel, type Granularity } from '@proxima/contracts'
import type { BarFilter } from './filters'

/*
 * What an analytics page shows, kept in the URL query so that a view can be shared and reloaded:
 * `period` (24h, 7d, 30d, 90d, year, custom with `from`/`to` dates), `timezone` (IANA; none means the organisation's),
 * `channel` (comma-separated), `topic` and `assignee` (ids), `granularity`, `compare` (0 turns the previous-period
 * comparison off), and the `community` and `survey` a page is scoped to. Values that do not parse fall back to the defaults, so an edited or
 * outdated link still opens.
 */

export const PERIODS = ['24h', '7d', '30d', '90d', 'year', 'custom'] as const
export type Period = (typeof PERIODS)[number]

export const PERIOD_LABELS: Record<Period, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  year: 'This year',
  custom: 'Custom dates',
}

export const CHANNELS = ['website', 'mobile', 'email', 'whatsapp', 'facebook', 'instagram'] as const satisfies Channel[]
export { CHANNEL_LABELS }

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const satisfies Granularity[]
export const GRANULARITY_LABELS: Record<Granularity, string> = {
  hour: 'Hourly',
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
}

export type AnalyticsView = {
  period: Period
  /** Custom period only: the first and last day shown (YYYY-MM-DD, both included). */
  from: string | null
  to: string | null
  timezone: string | null
  channels: Channel[]
  /** A chat topic's id. */
  topic: number | null
  /** A staff member's id. */
  assignee: number | null
  granularity: Granularity | null
  compare: boolean
  community: number | null
  survey: number | null
}

export const DEFAULT_VIEW: AnalyticsView = {
  period: '30d',
  from: null,
  to: null,
  timezone: null,
  channels: [],
  topic: null,
  assignee: null,
  granularity: null,
  compare: true,
  community: null,
  survey: null,
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const isDate = (value: string | null): value is string =>
  value !== null && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const positiveId = (value: string | null): number | null => {
  if (!value || !/^\d{1,12}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null

/** The view a URL query describes; anything unknown or malformed is left at its default. */
export function viewFromSearch(params: URLSearchParams): AnalyticsView {
  const period = oneOf(PERIODS, params.get('period')) ?? DEFAULT_VIEW.period
  let from = period === 'custom' && isDate(params.get('from')) ? params.get('from') : null
  let to = period === 'custom' && isDate(params.get('to')) ? params.get('to') : null
  if (from && to && from > to) [from, to] = [to, from]
  const zone = params.get('timezone')
  const channels = (params.get('channel') ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c): c is Channel => (CHANNELS as readonly string[]).includes(c))
  return {
    period,
    from,
    to,
    timezone: zone && isTimeZone(zone) ? zone : null,
    channels: [...new Set(channels)],
    topic: positiveId(params.get('topic')),
    assignee: positiveId(params.get('assignee')),
    granularity: oneOf(GRANULARITIES, params.get('granularity')),
    compare: params.get('compare') !== '0',
    community: positiveId(params.get('community')),
    survey: positiveId(params.get('survey')),
  }
}

/** The URL query of a view: only what differs from the defaults, in a fixed order. */
export function searchFromView(view: AnalyticsView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.period !== DEFAULT_VIEW.period) params.set('period', view.period)
  if (view.period === 'custom') {
    if (view.from) params.set('from', view.from)
    if (view.to) params.set('to', view.to)
  }
  if (view.timezone) params.set('timezone', view.timezone)
  if (view.channels.length > 0) params.set('channel', view.channels.join(','))
  if (view.topic !== null) params.set('topic', String(view.topic))
  if (view.assignee !== null) params.set('assignee', String(view.assignee))
  if (view.granularity) params.set('granularity', view.granularity)
  if (!view.compare) params.set('compare', '0')
  if (view.community !== null) params.set('community', String(view.community))
  if (view.survey !== null) params.set('survey', String(view.survey))
  return params
}

/**
 * `current` with the channels a list control added or removed (`before` is what it showed, `after` what it reports),
 * in the usual order: two quick changes both count even when the control had not caught up with the first.
 */
export const toggledChannels = (current: Channel[], before: Channel[], after: Channel[]): Channel[] =>
  CHANNELS.filter((c) => (before.includes(c) !== after.includes(c) ? after.includes(c) : current.includes(c)))

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {})
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** A date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

const DAYS: Partial<Record<Period, number>> = { '7d': 7, '30d': 30, '90d': 90 }
const HOUR_MS = 3_600_000

/**
 * The window of a view as filter bounds: the last 24 hours as timestamps ending now (no `to`: the server's now);
 * every other period as whole days in the time zone (a `to` date includes its day), so day, week and month
 * buckets are whole. A custom period without dates is the last 30 days.
 */
export type Window = { from: string; to?: string }

export function windowOf(view: AnalyticsView, now: Date, timeZone: string): Window {
  if (view.period === '24h') return { from: new Date(now.getTime() - 24 * HOUR_MS).toISOString() }
  const today = localDate(now, timeZone)
  if (view.period === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today }
  if (view.period === 'custom') {
    const to = view.to ?? (view.from && view.from > today ? view.from : today)
    return { from: view.from ?? addDays(to, -29), to }
  }
  return { from: addDays(today, 1 - (DAYS[view.period] ?? 30)), to: today }
}

/** The window of the same length just before the view's window (the comparison period). */
export function previousWindowOf(view: AnalyticsView, now: Date, timeZone: string): Required<Window> {
  if (view.period === '24h') {
    return {
      from: new Date(now.getTime() - 48 * HOUR_MS).toISOString(),
      to: new Date(now.getTime() - 24 * HOUR_MS).toISOString(),
    }
  }
  const current = windowOf(view, now, timeZone)
  const to = current.to ?? localDate(now, timeZone)
  const length = daysBetween(current.from, to)
  return { from: addDays(current.from, -length), to: addDays(current.from, -1) }
}

/** How many days a view covers (the last 24 hours count as one). */
export function spanOf(view: AnalyticsView, now: Date, timeZone: string): number {
  if (view.period === '24h') return 1
  const window = windowOf(view, now, timeZone)
  return daysBetween(window.from, window.to ?? localDate(now, timeZone))
}

/** The granularities whose series stay within the server's 1,000 buckets (hours only up to 41 days). */
export function granularitiesFor(days: number): Granularity[] {
  return GRANULARITIES.filter((g) => (g === 'hour' ? days * 24 <= 1000 : g === 'day' ? days <= 1000 : true))
}

/** The granularity a view's series use: the chosen one when it fits, else one that suits the span. */
export function granularityOf(view: AnalyticsView, days: number): Granularity {
  if (view.granularity && granularitiesFor(days).includes(view.granularity)) return view.granularity
  if (days <= 2) return 'hour'
  if (days <= 92) return 'day'
  if (days <= 400) return 'week'
  return 'month'
}

/**
 * The filter object (contract §7.2) a page sends with its batch: the window, the chosen time zone (none: the
 * server uses the organisation's), channels, topic, assignee, granularity and scope. `previous` gives the comparison
 * window instead. `uses` limits the bar's filters to those the page offers (all by default): a topic chosen on one
 * page stays in the address but is not sent by a page without a topic filter.
 */
export function filterOf(
  view: AnalyticsView,
  now: Date,
  timeZone: string,
  options: { previous?: boolean; uses?: readonly BarFilter[] } = {},
): AnalyticsFilterInput {
  const window = options.previous ? previousWindowOf(view, now, timeZone) : windowOf(view, now, timeZone)
  const filter: AnalyticsFilterInput = { ...window, granularity: granularityOf(view, spanOf(view, now, timeZone)) }
  const uses = (name: BarFilter) => options.uses?.includes(name) ?? true
  if (view.timezone) filter.timezone = view.timezone
  if (view.channels.length > 0 && uses('channel')) filter.channel = view.channels
  if (view.topic !== null && uses('topic_id')) filter.topic_id = view.topic
  if (view.assignee !== null && uses('assignee')) filter.assignee = view.assignee
  if (view.community !== null) filter.community = view.community
  if (view.survey !== null) filter.survey = view.survey
  return filter
}

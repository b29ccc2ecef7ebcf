import type { Granularity } from './analytics.js'
import type { Channel } from './chat.js'

/* How analytics numbers read, on the dashboard and in the analytics PDF alike: counts with separators, percentages,
 * durations in minutes and seconds, dates in the view's time zone. A missing value (null: nothing to average) is a
 * dash. */

export const NONE = '—'

export const formatCount = (value: number | null | undefined): string =>
  value === null || value === undefined ? NONE : Math.round(value).toLocaleString('en-US')

export const formatDecimal = (value: number | null | undefined, digits = 2): string =>
  value === null || value === undefined
    ? NONE
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })

export const formatPercent = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined ? NONE : `${formatDecimal(value, digits)}%`

/** A rating out of five: "4.25 / 5". */
export const formatRating = (value: number | null | undefined): string =>
  value === null || value === undefined ? NONE : `${formatDecimal(value, 2)} / 5`

/** A duration: "45 s", "3 min 5 s", "2 h 4 min", "3 d 2 h". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NONE
  const total = Math.max(0, Math.round(seconds))
  if (total < 60) return `${total} s`
  const minutes = Math.floor(total / 60)
  if (minutes < 60) return total % 60 ? `${minutes} min ${total % 60} s` : `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

/** A duration in one unit, short enough for a chart's axis: "45 s", "8 min", "2.5 h", "3 d". */
export function formatDurationShort(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NONE
  const s = Math.max(0, seconds)
  const one = (n: number) => String(Math.round(n * 10) / 10)
  if (s < 60) return `${Math.round(s)} s`
  if (s < 3600) return `${one(s / 60)} min`
  if (s < 86_400) return `${one(s / 3600)} h`
  return `${one(s / 86_400)} d`
}

export type Change = { text: string; direction: 'up' | 'down' | 'same' }

/**
 * A headline number against the previous period: the relative change ("+12.5%"), or the difference in points for
 * percentages (`unit: 'points'`, "+3.2 pts"). Null when there is nothing to compare with (no previous value, or a
 * relative change from 0).
 */
export function changeOf(
  current: number | null | undefined,
  previous: number | null | undefined,
  unit: 'relative' | 'points' = 'relative',
): Change | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null
  const diff = current - previous
  const direction = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same'
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±'
  if (unit === 'points') return { text: `${sign}${formatDecimal(Math.abs(diff), 1)} pts`, direction }
  if (previous === 0) return null
  return { text: `${sign}${formatDecimal(Math.abs((diff / previous) * 100), 1)}%`, direction }
}

/** A change percentage the server computed (countchats): the same text as `changeOf`. */
export function changeFromPercentage(percentage: number | null | undefined): Change | null {
  if (percentage === null || percentage === undefined) return null
  const direction = percentage > 0 ? 'up' : percentage < 0 ? 'down' : 'same'
  const sign = percentage > 0 ? '+' : percentage < 0 ? '−' : '±'
  return { text: `${sign}${formatDecimal(Math.abs(percentage), 1)}%`, direction }
}

/** The label of a series bucket that starts at `start`, in the view's time zone. */
export function bucketLabel(
  start: string,
  granularity: Granularity | null,
  timeZone: string,
  longSpan = false,
): string {
  const at = new Date(start)
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, ...options }).format(at)
  switch (granularity) {
    case 'hour':
      return longSpan
        ? format({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        : format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    case 'week':
      return `Week of ${format({ day: 'numeric', month: 'short' })}`
    case 'month':
      return format({ month: 'short', year: 'numeric' })
    default:
      return format({ day: 'numeric', month: 'short' })
  }
}

/** A channel as people name it. */
export const CHANNEL_LABELS: Record<Channel, string> = {
  website: 'Website',
  mobile: 'Mobile app',
  email: 'Email',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
}

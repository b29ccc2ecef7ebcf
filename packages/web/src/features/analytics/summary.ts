import type { BarFilter } from './filters'
import { CHANNEL_LABELS, PERIOD_LABELS, type AnalyticsView } from './view'

/** A time zone as the summary names it: "UTC", "New York", "Kolkata". */
export const shortZone = (zone: string) =>
  (zone.includes('/') ? (zone.split('/').pop() ?? zone) : zone).replace(/_/g, ' ')

const dayLabel = (date: string, withYear: boolean) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(new Date(`${date}T00:00:00Z`))

/** The period in a few words: its name, or the custom dates ("5 Jan – 1 Feb", with years when they differ). */
export function periodSummary(view: AnalyticsView): string {
  if (view.period !== 'custom' || !view.from || !view.to) return PERIOD_LABELS[view.period]
  const years = view.from.slice(0, 4) !== view.to.slice(0, 4)
  return `${dayLabel(view.from, years)} – ${dayLabel(view.to, years)}`
}

type Names = { topic?: string | undefined; assignee?: string | undefined }

/**
 * The active filters in one line, for the folded filter bar on a phone: "Last 30 days · UTC · 2 channels". Only the
 * filters the page offers (`filters`) are named; a topic or assignee whose name is not loaded yet shows its number.
 */
export function filterSummary(
  view: AnalyticsView,
  timeZone: string,
  filters: readonly BarFilter[],
  names: Names = {},
): string {
  const parts = [periodSummary(view), shortZone(timeZone)]
  if (filters.includes('channel') && view.channels.length > 0) {
    const [only] = view.channels
    parts.push(view.channels.length === 1 && only ? CHANNEL_LABELS[only] : `${view.channels.length} channels`)
  }
  if (filters.includes('topic_id') && view.topic !== null) parts.push(names.topic ?? `Topic #${view.topic}`)
  if (filters.includes('assignee') && view.assignee !== null) parts.push(names.assignee ?? `Staff #${view.assignee}`)
  return parts.join(' · ')
}

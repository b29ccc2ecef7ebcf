type Named = { first_name?: string | null; last_name?: string | null; username?: string | null }

/** "Jane Doe", else the username. */
export const personName = (person: Named | null | undefined): string =>
  person ? [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || person.username || '' : ''

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "12 Mar 2026, 14:05". */
export const dateTime = (iso: string | null | undefined): string =>
  valid(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ?? ''

/** "12 Mar 2026". */
export const dateOnly = (iso: string | null | undefined): string =>
  valid(iso)?.toLocaleDateString(undefined, { dateStyle: 'medium' }) ?? ''

/** The full date and time, for tooltips. */
export const fullDateTime = (iso: string | null | undefined): string =>
  valid(iso)?.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'medium' }) ?? ''

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
]

/** "5 minutes ago", "yesterday", "3 weeks ago". */
export const relativeTime = (iso: string | null | undefined, now: Date): string => {
  const date = valid(iso)
  if (!date) return ''
  let amount = (date.getTime() - now.getTime()) / 1000
  if (Math.abs(amount) < 45) return 'just now'
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit)
    amount /= size
  }
  return dateOnly(iso)
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`

/** A positive whole-number route parameter, else null. */
export const idParam = (value: string | undefined): number | null => {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null
}

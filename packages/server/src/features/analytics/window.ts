import { Temporal } from 'temporal-polyfill'
import { AppError, badRequest } from '../../lib/errors.js'

/*
 * The window and buckets of the descriptive analytics (contract §7.2), in the tenant's (or the request's) time zone:
 * `[from, to)`, a date-only bound meaning a local midnight, and series buckets that are whole calendar units there.
 * Day, week (from Monday) and month buckets run from one local midnight to another, so a day is 23 or 25 hours long
 * on a DST change; hour buckets are one real hour each, counted from local midnight, so such a day has 23 or 25 of
 * them, and a half-hour zone's hours start at half past in UTC.
 */

export type Granularity = 'hour' | 'day' | 'week' | 'month'

/** A half-open bucket `[start, end)`: `partial` when it reaches outside the window or past now, `future` after now. */
export type Bucket = { start: Date; end: Date; partial: boolean; future: boolean }

export type Window = { from: Date; to: Date }

/** The longest window a request may ask for, and the most buckets a series may have (§7.2). */
export const MAX_SPAN_DAYS = 731
export const MAX_BUCKETS = 1000
const DEFAULT_SPAN_DAYS = 30

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const instant = (zoned: Temporal.ZonedDateTime) => new Date(zoned.epochMilliseconds)

/** The local midnight that starts `date` in `timeZone` (the first instant of the day when midnight is skipped). */
function midnight(date: Temporal.PlainDate, timeZone: string): Temporal.ZonedDateTime {
  return date.toZonedDateTime({ timeZone })
}

/** The instant a local date starts in `timeZone` (its midnight, or its first instant when midnight is skipped). */
export const dateStart = (date: Temporal.PlainDate, timeZone: string): Date => instant(midnight(date, timeZone))

/** The local calendar date at an instant. */
export function localDate(at: Date, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate()
}

/** Whether `timeZone` is an IANA time zone name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone)
    return true
  } catch {
    return false
  }
}

/**
 * A bound of the window as an instant: a timestamp as it is; a date as the local midnight that starts it (`from`)
 * or the one that ends it (`to`: the next day's midnight, exclusive).
 */
export function windowBound(value: string, timeZone: string, side: 'from' | 'to'): Date {
  if (!DATE_ONLY.test(value)) return new Date(value)
  const date = Temporal.PlainDate.from(value)
  return instant(midnight(side === 'from' ? date : date.add({ days: 1 }), timeZone))
}

/**
 * The window of a request: `to` defaults to now, `from` to 30 days before `to`. 400 `validation.failed` unless
 * `from` < `to` and the span is at most 731 days.
 */
export function resolveWindow(
  input: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): Window {
  const to = input.to === undefined ? now : windowBound(input.to, timeZone, 'to')
  const from =
    input.from === undefined
      ? new Date(to.getTime() - DEFAULT_SPAN_DAYS * 86_400_000)
      : windowBound(input.from, timeZone, 'from')
  if (from.getTime() >= to.getTime())
    throw badRequest('validation.failed', '"from" must be before "to".', { from: ['Choose a start before the end.'] })
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * 86_400_000)
    throw badRequest('validation.failed', `A window spans at most ${MAX_SPAN_DAYS} days.`, {
      from: [`Choose a window of at most ${MAX_SPAN_DAYS} days.`],
    })
  return { from, to }
}

/** The first day of the calendar unit that contains `date`: itself, its week's Monday or its month's first. */
export function unitStart(date: Temporal.PlainDate, granularity: Exclude<Granularity, 'hour'>): Temporal.PlainDate {
  if (granularity === 'week') return date.subtract({ days: date.dayOfWeek - 1 })
  if (granularity === 'month') return date.with({ day: 1 })
  return date
}

const nextUnit = (date: Temporal.PlainDate, granularity: Exclude<Granularity, 'hour'>) =>
  date.add(granularity === 'week' ? { weeks: 1 } : granularity === 'month' ? { months: 1 } : { days: 1 })

/** A calendar period: a day, a week from Monday or a month, from one local midnight to another. */
export type PeriodUnit = Exclude<Granularity, 'hour'>

const UNITS = { day: 'days', week: 'weeks', month: 'months' } as const

/** The start of the period of `unit` in `timeZone` that contains `at`. */
export const periodStart = (at: Date, unit: PeriodUnit, timeZone: string): Date =>
  dateStart(unitStart(localDate(at, timeZone), unit), timeZone)

/** The start of the period `n` periods after the one that contains `start`. */
export const periodsAfter = (start: Date, n: number, unit: PeriodUnit, timeZone: string): Date =>
  dateStart(unitStart(localDate(start, timeZone), unit).add({ [UNITS[unit]]: n }), timeZone)

/** The [start, end) instants of every calendar unit that overlaps the window, oldest first. */
function* spans(window: Window, granularity: Granularity, timeZone: string): Generator<[Date, Date]> {
  const unit = granularity === 'hour' ? 'day' : granularity
  let day = unitStart(localDate(window.from, timeZone), unit)
  while (true) {
    const next = nextUnit(day, unit)
    const start = instant(midnight(day, timeZone))
    if (start.getTime() >= window.to.getTime()) return
    const end = instant(midnight(next, timeZone))
    if (granularity !== 'hour') {
      yield [start, end]
    } else {
      // One real hour at a time from local midnight; the day's last bucket ends at the next midnight.
      for (let t = start.getTime(); t < end.getTime(); t += 3_600_000) {
        const hourEnd = Math.min(t + 3_600_000, end.getTime())
        if (hourEnd > window.from.getTime() && t < window.to.getTime()) yield [new Date(t), new Date(hourEnd)]
      }
    }
    day = next
  }
}

/**
 * The series buckets of a window (§7.2): whole calendar units in `timeZone`, the first the one that contains
 * `from`, the last the one that contains the instant before `to`. 400 `analytics.too_many_buckets` beyond 1,000.
 */
export function bucketsOf(window: Window, granularity: Granularity, timeZone: string, now: Date): Bucket[] {
  const out: Bucket[] = []
  for (const [start, end] of spans(window, granularity, timeZone)) {
    if (out.length === MAX_BUCKETS)
      throw new AppError(
        400,
        'analytics.too_many_buckets',
        `A series has at most ${MAX_BUCKETS} buckets: choose a shorter window or a coarser granularity.`,
        { errors: { granularity: [`At most ${MAX_BUCKETS} buckets: choose a coarser granularity.`] } },
      )
    out.push({
      start,
      end,
      partial:
        start.getTime() < window.from.getTime() || end.getTime() > window.to.getTime() || end.getTime() > now.getTime(),
      future: start.getTime() >= now.getTime(),
    })
  }
  return out
}

/**
 * The default window of an hourly series (§7.2): the 23 whole local hours before the hour containing `to`, and
 * that hour up to `to`. Hours are counted from local midnight, so in a half-hour zone they start at half past in UTC.
 */
export function lastHoursWindow(to: Date, timeZone: string): Window {
  const local = Temporal.Instant.fromEpochMilliseconds(to.getTime() - 1).toZonedDateTimeISO(timeZone)
  const midnightMs = local.startOfDay().epochMilliseconds
  const hourStart = midnightMs + Math.floor((local.epochMilliseconds - midnightMs) / 3_600_000) * 3_600_000
  return { from: new Date(hourStart - 23 * 3_600_000), to }
}

/**
 * The calendar year containing `to` in `timeZone` (§7.3 `engagementfrequency`): 1 January there, and the next 1
 * January when `to` was not given.
 */
export function calendarYearWindow(to: Date, timeZone: string, toGiven: boolean): Window {
  const year = localDate(new Date(to.getTime() - 1), timeZone).year
  const start = instant(midnight(Temporal.PlainDate.from({ year, month: 1, day: 1 }), timeZone))
  const end = instant(midnight(Temporal.PlainDate.from({ year: year + 1, month: 1, day: 1 }), timeZone))
  return { from: start, to: toGiven ? to : end }
}

/** The last hour (§7.2): `[now − 60 min, now)`, whatever the window. */
export const lastHourWindow = (now: Date): Window => ({ from: new Date(now.getTime() - 3_600_000), to: now })

import type { Settings, Weekday } from '@proxima/contracts'

export type Entry = Settings['business_hours']['schedule'][number]
export type Range = { open: string; close: string }
/** One weekday as the form shows it: closed when it has no ranges. */
export type DayHours = { day: Weekday; ranges: Range[] }

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

/** A time input cannot show 24:00: the form shows midnight as 00:00 and means the end of the day. */
const MIDNIGHT = '24:00'

/** The API's schedule as seven days, Monday first, each day's ranges by opening time. */
export function toDays(schedule: Entry[]): DayHours[] {
  return WEEKDAYS.map((day) => ({
    day,
    ranges: schedule
      .filter((e) => e.day === day)
      .map((e) => ({ open: e.open, close: e.close === MIDNIGHT ? '00:00' : e.close }))
      .sort((a, b) => a.open.localeCompare(b.open)),
  }))
}

/** Where each entry of `toSchedule`'s result came from, so the API's reasons land on the right row. */
export type Origin = { day: Weekday; range: number }

/** The form's days as the API's schedule; a closing time of 00:00 means open until midnight (24:00). */
export function toSchedule(days: DayHours[]): { schedule: Entry[]; origins: Origin[] } {
  const schedule: Entry[] = []
  const origins: Origin[] = []
  for (const { day, ranges } of days) {
    ranges.forEach((r, range) => {
      schedule.push({ day, open: r.open, close: r.close === '00:00' ? MIDNIGHT : r.close })
      origins.push({ day, range })
    })
  }
  return { schedule, origins }
}

export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000)
export const addHours = (d: Date, hours: number) => addMinutes(d, hours * 60)
export const addDays = (d: Date, days: number) => addMinutes(d, days * 24 * 60)

/** ISO 8601 UTC with milliseconds, or null. */
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null
  return (d instanceof Date ? d : new Date(d)).toISOString()
}

export function isoRequired(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString()
}

export const addSeconds = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000)

/** The calendar date (`YYYY-MM-DD`) at `at` in an IANA time zone. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

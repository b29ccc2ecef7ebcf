/** The plan's monthly AI allowance is counted per calendar month in the tenant's time zone (contract §3.3, §10.6). */

function wallClock(at: Date, timeZone: string) {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(at)
  } catch {
    // A name the runtime does not know (settings validate it, so only after a runtime change): count in UTC.
    return wallClock(at, 'UTC')
  }
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  }
}

/** The month `at` falls in, in the time zone: `YYYY-MM`. */
export function monthKey(at: Date, timeZone: string): string {
  const { year, month } = wallClock(at, timeZone)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return asUtc - Math.floor(at.getTime() / 1000) * 1000
}

/** The instant the next month begins (00:00 on the 1st) in the time zone. */
export function nextMonthStart(at: Date, timeZone: string): Date {
  const { year, month } = wallClock(at, timeZone)
  const wall = Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1)
  // Two rounds settle the offset, also when a daylight-saving change lies between now and then.
  let t = wall - offsetMs(new Date(wall), timeZone)
  t = wall - offsetMs(new Date(t), timeZone)
  return new Date(t)
}

/** Whole seconds from `at` until the next month begins in the time zone (at least 1). */
export function secondsUntilNextMonth(at: Date, timeZone: string): number {
  return Math.max(1, Math.ceil((nextMonthStart(at, timeZone).getTime() - at.getTime()) / 1000))
}

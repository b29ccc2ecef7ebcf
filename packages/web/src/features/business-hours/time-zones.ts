/**
 * Current IANA names of zones that browsers still list under their old names (ICU keeps the names it started
 * with), so that "Kolkata" or "Kyiv" can be found.
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
}

const usable = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** IANA time zones this browser knows, by their current names, UTC first; the current value is always listed. */
export function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const renamed = known.map((z) => {
    const next = RENAMED[z]
    return next && usable(next) ? next : z
  })
  const names = ['UTC', ...[...new Set(renamed)].filter((z) => z !== 'UTC').sort()]
  return names.includes(current) ? names : [current, ...names]
}

/** The zone's offset from UTC at `at`, such as "UTC+03:00" (its daylight-saving offset in summer). */
export function utcOffset(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value
    return !part || part === 'GMT' || part === 'GMT+00:00' ? 'UTC' : part.replace('GMT', 'UTC')
  } catch {
    return ''
  }
}

/** The weekday and time in a zone, such as "Tuesday 14:05". */
export function localTime(timeZone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(
      at,
    )
  } catch {
    return ''
  }
}

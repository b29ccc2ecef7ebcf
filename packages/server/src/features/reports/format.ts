import { Temporal } from 'temporal-polyfill'

/*
 * How a report's file is named and its times are written outside its cells (contract §9.2): timestamps to the second
 * with the offset of the report's time zone, as PostgreSQL writes the cells (report-sql.queries.ts). The offset is
 * looked up once per quarter hour of UTC (every time zone's offset changes on a quarter hour).
 */

const QUARTER_HOUR_MS = 15 * 60_000

const two = (n: number) => (n < 10 ? `0${n}` : String(n))

/** `+05:45`, `-03:00`, `+00:00` (never `Z`). */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000)
  return `${offsetMs < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`
}

/**
 * A report's "Generated …" line: the moment in the organization's time zone and in UTC, or once when the zone is UTC.
 */
export function generatedLine(now: Date, timeZone: string): string {
  const utc = `${timestampWriter('UTC')(now)} (UTC)`
  return timeZone === 'UTC' ? `Generated ${utc}` : `Generated ${timestampWriter(timeZone)(now)} (${timeZone}), ${utc}`
}

/** Writes instants as `YYYY-MM-DDTHH:mm:ss±HH:MM` in `timeZone`; null is an empty cell. */
export function timestampWriter(timeZone: string): (at: Date | string | null | undefined) => string {
  const offsets = new Map<number, { ms: number; text: string }>()
  const offsetAt = (ms: number) => {
    const slot = Math.floor(ms / QUARTER_HOUR_MS)
    let offset = offsets.get(slot)
    if (!offset) {
      const ns = Temporal.Instant.fromEpochMilliseconds(slot * QUARTER_HOUR_MS).toZonedDateTimeISO(
        timeZone,
      ).offsetNanoseconds
      const offsetMs = ns / 1e6
      offset = { ms: offsetMs, text: offsetText(offsetMs) }
      offsets.set(slot, offset)
    }
    return offset
  }
  return (at) => {
    if (at === null || at === undefined) return ''
    const ms = typeof at === 'string' ? Date.parse(at) : at.getTime()
    if (Number.isNaN(ms)) return ''
    const offset = offsetAt(ms)
    return new Date(ms + offset.ms).toISOString().slice(0, 19) + offset.text
  }
}

/** An instant as `YYYY-MM-DD HH:mm` in `timeZone`, for people. */
export function localMinute(at: Date, timeZone: string): string {
  const t = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone)
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`
}

/** A report's window `[from, to)` in words; a window from the start of time is "until …". */
export const windowText = (from: Date, to: Date, timeZone: string) =>
  from.getTime() <= 0
    ? `until ${localMinute(to, timeZone)}`
    : `${localMinute(from, timeZone)} to ${localMinute(to, timeZone)}`

/** The organization's name as lower-case ASCII letters, digits and hyphens, at most 40 characters. */
export function tenantSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '')
  return slug || 'organization'
}

/** `proxima-<report>-<slug>-<YYYYMMDD-HHmm>.<ext>`, the time in the organization's time zone. */
export function reportFileName(report: string, tenantName: string, at: Date, timeZone: string, ext: string): string {
  const local = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone)
  const stamp = `${local.year}${two(local.month)}${two(local.day)}-${two(local.hour)}${two(local.minute)}`
  return `proxima-${report}-${tenantSlug(tenantName)}-${stamp}.${ext}`
}

/** The `Content-Disposition` of a download: an ASCII name and the same name percent-encoded (RFC 6266). */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`

import { Temporal } from 'temporal-polyfill'

/*
 * How report cells are written (contract §9.2): timestamps to the second with the offset of the report's time zone,
 * booleans as yes/no, and the CSV's guard against formulas. The formatter is on the path of every row of a
 * million-row export, so the offset is looked up once per quarter hour of UTC (every time zone's offset changes on
 * a quarter hour) and the rest is string work.
 */

const QUARTER_HOUR_MS = 15 * 60_000

const two = (n: number) => (n < 10 ? `0${n}` : String(n))

/** `+05:45`, `-03:00`, `+00:00` (never `Z`). */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000)
  return `${offsetMs < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`
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

/** A boolean cell. */
export const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? '' : v ? 'yes' : 'no')

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r'])

/** A CSV cell that a spreadsheet would run as a formula gets a leading `'` (§9.2). */
export function guardCell(value: string): string {
  return value.length > 0 && FORMULA_START.has(value[0]!) ? `'${value}` : value
}

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

import { z } from 'zod'
import { Email, Password, Username, text } from './credentials.js'

/** The account and credential rules live in credentials.ts (light enough for the sign-in pages). */
export { Email, Password, Username, text }

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .transform((v) => (v === '' ? null : v))
    .nullish()

export const Id = z.coerce
  .number({ error: 'Must be a positive whole number.' })
  .int({ error: 'Must be a positive whole number.' })
  .positive({ error: 'Must be a positive whole number.' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Must be a positive whole number.' })

/** E.164, e.g. +254712345678. */
export const Phone = z
  .string({ error: 'Enter a phone number in international format, e.g. +254712345678.' })
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, { error: 'Enter a phone number in international format, e.g. +254712345678.' }),
  )

export const Gender = z.preprocess(
  (v) => (typeof v === 'string' ? v.charAt(0).toUpperCase() + v.slice(1).toLowerCase() : v),
  z.enum(['Male', 'Female', 'Other'], { error: 'Gender must be Male, Female or Other.' }),
)
export type Gender = z.infer<typeof Gender>

export const DateOnly = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' })

export const Timestamp = z.string().describe('ISO 8601 timestamp in UTC')

/** Years the databases store: PostgreSQL and PGlite refuse year 0, and beyond 9999 ISO needs an expanded form. */
const storableYear = (v: string) => {
  const year = new Date(v).getUTCFullYear()
  return year >= 1 && year <= 9999
}

/** A timestamp bound of a filter window (`from`, `to`), with any offset, in years 1–9999. */
export const WindowTime = z.iso
  .datetime({ offset: true, error: 'Enter a timestamp in ISO 8601 form.' })
  .refine(storableYear, { error: 'Enter a timestamp between the years 1 and 9999.' })

/** A filter bound given as a timestamp or a date (`YYYY-MM-DD`), in years 1–9999. */
export const WindowTimeOrDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Enter a date or a timestamp in ISO 8601 form.' })
  .refine(storableYear, { error: 'Enter a date between the years 1 and 9999.' })

const DAY_MS = 86_400_000
const isDate = (v: string) => v.length === 10
/**
 * The earliest instant a `from` bound can mean and the latest a `to` bound can: a date is a whole day in the
 * tenant's time zone, which the schema does not know (UTC−12 to UTC+14), and a `to` date includes its day.
 */
const earliestStart = (v: string) => Date.parse(isDate(v) ? `${v}T00:00:00Z` : v) - (isDate(v) ? 14 * 3_600_000 : 0)
const latestEnd = (v: string) =>
  Date.parse(isDate(v) ? `${v}T00:00:00Z` : v) + (isDate(v) ? DAY_MS + 12 * 3_600_000 : 0)

/** Whether a filter window cannot hold anything because it ends before it starts (`halfOpen`: `[from, to)`). */
export function windowReversed(from: string | undefined, to: string | undefined, halfOpen = false): boolean {
  if (from === undefined || to === undefined) return false
  if (isDate(from) && isDate(to)) return halfOpen ? from >= to : from > to
  const start = earliestStart(from)
  const end = latestEnd(to)
  return halfOpen ? start >= end : start > end
}

/**
 * The one ordering rule of every list filtered by a `from`/`to` window: a start after the end answers 400 with
 * the error on `to`. `halfOpen` lists read the window as `[from, to)` and also refuse an empty one.
 */
export const orderedWindow = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
  { halfOpen = false }: { halfOpen?: boolean } = {},
) =>
  schema.superRefine((v, ctx) => {
    if (windowReversed(v.from, v.to, halfOpen))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start.' })
  })

export const HttpsUrl = z
  .string()
  .trim()
  .max(2000)
  .url({ error: 'Enter an https URL.' })
  .refine((v) => v.startsWith('https://'), { error: 'Enter an https URL.' })

/** Query booleans accept true/false/1/0. */
export const QueryBool = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1') return true
    if (v === 'false' || v === '0') return false
    return v
  },
  z.boolean({ error: 'Must be true or false.' }),
)

/** A list in a query or a body: an array, or comma-separated values (contract §1.2). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter(Boolean),
    z.array(item).min(1),
  )

/**
 * §1.5.2: the legacy tenant keys staff may send with a read. Optional; when present each must name the caller's
 * own tenant, any other is answered 404.
 */
export const TenantScope = z.object({ tenant: Id.optional(), tenant_id: Id.optional() })
export type TenantScope = z.infer<typeof TenantScope>

export const TenantRef = z.object({ tenant_id: z.number().int(), tenant_name: z.string() })
export type TenantRef = z.infer<typeof TenantRef>

export const UserPublic = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_photo: z.string().nullable(),
})

export const StaffRef = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.enum(['admin', 'employee']),
})

export const OffsetQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})

export const OffsetPagination = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
  next_offset: z.number().int().nullable(),
})

/** Every list answers `{error: false, data, pagination}` (contract §1.8). */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ error: z.literal(false), data: z.array(item), pagination: OffsetPagination })

export const MessageReply = z.object({ message: z.string() })
export const LegacyMessageReply = z.object({ error: z.literal(false), message: z.string() })

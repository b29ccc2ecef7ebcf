import { SettingsUpdate, Weekday, type Settings } from '@proxima/contracts'
import { z } from 'zod'
import { WEEKDAYS, toDays, toSchedule, type DayHours } from './schedule'

/** The part of a settings update this form sends, with the server's rules. */
const HoursUpdate = SettingsUpdate.pick({ timezone: true, business_hours: true })
const BusinessHoursUpdate = SettingsUpdate.shape.business_hours.unwrap()

type Path = (string | number)[]

/** The first day whose hours the API's rules refuse as a whole (hours that overlap), by the same rules. */
const refusedDay = (days: DayHours[]): number | undefined => {
  const index = days.findIndex(
    (day) => !BusinessHoursUpdate.safeParse({ schedule: toSchedule([day]).schedule }).success,
  )
  return index === -1 ? undefined : index
}

/**
 * Where the form shows a reason the API gave for a path of the update: the time zone, the holidays, the row of the
 * weekly hours an entry of the schedule came from (`business_hours.schedule.3.close`), the day whose hours overlap,
 * or, for anything else about business hours, the weekly hours as a whole (`enabled`).
 */
export function formPathOf(path: readonly PropertyKey[], days: DayHours[]): Path {
  const [scope, field, entry, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p) : p))
  if (scope === 'timezone') return ['timezone']
  if (scope !== 'business_hours') return ['enabled']
  if (field === 'holidays') return ['holidays', ...(entry === undefined ? [] : [entry])]
  if (field === 'schedule') {
    const origin = entry === undefined ? undefined : toSchedule(days).origins[Number(entry)]
    if (origin) return ['days', WEEKDAYS.indexOf(origin.day), 'ranges', origin.range, ...rest]
    const day = refusedDay(days)
    if (day !== undefined) return ['days', day, 'day']
  }
  return ['enabled']
}

/**
 * The business-hours form: time zone, whether hours apply, seven days of opening hours and the holidays. It checks
 * the update it sends with the server's rules and puts each reason on the row or field it is about.
 */
export const HoursDraft = z
  .object({
    timezone: z.string(),
    enabled: z.boolean(),
    days: z.array(z.object({ day: Weekday, ranges: z.array(z.object({ open: z.string(), close: z.string() })) })),
    holidays: z.array(z.string()),
  })
  .transform((draft, ctx) => {
    const changes = {
      timezone: draft.timezone,
      business_hours: { enabled: draft.enabled, schedule: toSchedule(draft.days).schedule, holidays: draft.holidays },
    }
    const parsed = HoursUpdate.safeParse(changes)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: formPathOf(issue.path, draft.days) })
    }
    return z.NEVER
  })

export type HoursValues = z.input<typeof HoursDraft>

/** The saved settings as the form's values. */
export const draftOf = (settings: Settings): HoursValues => ({
  timezone: settings.timezone,
  enabled: settings.business_hours.enabled,
  days: toDays(settings.business_hours.schedule),
  holidays: [...settings.business_hours.holidays].sort(),
})

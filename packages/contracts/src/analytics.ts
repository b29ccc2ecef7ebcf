import { z } from 'zod'
import { Channel } from './chat.js'
import { Id, QueryBool, WindowTimeOrDate, listOf } from './common.js'

/** Whether the runtime knows an IANA time zone name. */
const knownTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** An IANA time zone name the runtime knows. */
export const TimeZoneName = z
  .string()
  .max(64)
  .refine(knownTimeZone, { error: 'Use an IANA time zone name, e.g. Europe/Berlin.' })

export const Granularity = z.enum(['hour', 'day', 'week', 'month'])
export type Granularity = z.infer<typeof Granularity>

/**
 * The filter object of the descriptive analytics (contract §7.2), as query parameters (GET) or a JSON body (POST).
 * `community`, `thread`, `survey` and `tenant` also come as `…_id`; both spellings at once must agree.
 */
export const AnalyticsFilterInput = z.object({
  tenant: Id.optional(),
  tenant_id: Id.optional(),
  community: Id.optional(),
  community_id: Id.optional(),
  thread: Id.optional(),
  thread_id: Id.optional(),
  survey: Id.optional(),
  survey_id: Id.optional(),
  from: WindowTimeOrDate.optional(),
  to: WindowTimeOrDate.optional(),
  timezone: TimeZoneName.optional(),
  channel: listOf(Channel).optional(),
  granularity: Granularity.optional(),
  topic_id: Id.optional(),
  assignee: Id.optional(),
  business_hours: QueryBool.optional(),
  limit: z.coerce
    .number({ error: 'Must be a whole number from 1 to 50.' })
    .int({ error: 'Must be a whole number from 1 to 50.' })
    .min(1, { error: 'Must be a whole number from 1 to 50.' })
    .max(50, { error: 'Must be a whole number from 1 to 50.' })
    .optional(),
})
export type AnalyticsFilterInput = z.infer<typeof AnalyticsFilterInput>

/** The filters by their canonical names (those `meta.filters` and `meta.ignored_filters` use). */
export const FILTER_NAMES = [
  'tenant',
  'community',
  'thread',
  'survey',
  'from',
  'to',
  'timezone',
  'channel',
  'granularity',
  'topic_id',
  'assignee',
  'business_hours',
  'limit',
] as const
export type FilterName = (typeof FILTER_NAMES)[number]

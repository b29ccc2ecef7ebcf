import {
  FILTER_NAMES,
  type AnalyticsFilterInput,
  type Channel,
  type FilterName,
  type Granularity,
} from '@proxima/contracts'
import { badRequest } from '../../lib/errors.js'

/*
 * The analytics filter object (contract §7.2) by canonical names. `community`, `thread`, `survey` and `tenant` may
 * be sent as `…_id` too; a request that spells one both ways with different values is refused rather than guessed.
 * A filter an endpoint does not use is ignored and named in `meta.ignored_filters`.
 */

export type AnalyticsFilter = {
  tenant?: number
  community?: number
  thread?: number
  survey?: number
  from?: string
  to?: string
  timezone?: string
  channel?: Channel[]
  granularity?: Granularity
  topic_id?: number
  assignee?: number
  business_hours?: boolean
  /** Ranked lists' length, 10 unless given. */
  limit: number
}

const ALIASED = ['tenant', 'community', 'thread', 'survey'] as const

/** Filters every endpoint uses: the tenant scope, the window and the time zone. */
const ALWAYS: ReadonlySet<FilterName> = new Set(['tenant', 'from', 'to', 'timezone'])

/** The filter by canonical names, and the names of the filters the request gave. */
export function canonicalFilter(input: AnalyticsFilterInput): { filter: AnalyticsFilter; given: FilterName[] } {
  const filter: AnalyticsFilter = { limit: input.limit ?? 10 }
  for (const name of ALIASED) {
    const plain = input[name]
    const alias = input[`${name}_id`]
    if (plain !== undefined && alias !== undefined && plain !== alias)
      throw badRequest('validation.failed', `"${name}" and "${name}_id" name different rows.`, {
        [name]: [`Send one of "${name}" and "${name}_id", or the same value in both.`],
      })
    const value = plain ?? alias
    if (value !== undefined) filter[name] = value
  }
  if (input.from !== undefined) filter.from = input.from
  if (input.to !== undefined) filter.to = input.to
  if (input.timezone !== undefined) filter.timezone = input.timezone
  if (input.channel !== undefined) filter.channel = [...new Set(input.channel)]
  if (input.granularity !== undefined) filter.granularity = input.granularity
  if (input.topic_id !== undefined) filter.topic_id = input.topic_id
  if (input.assignee !== undefined) filter.assignee = input.assignee
  if (input.business_hours !== undefined) filter.business_hours = input.business_hours
  const given = FILTER_NAMES.filter((name) =>
    name === 'limit' ? input.limit !== undefined : filter[name] !== undefined,
  )
  return { filter, given }
}

/** The given filters an endpoint does not use (beyond the tenant, window and time zone), by canonical name. */
export function ignoredFilters(given: readonly FilterName[], uses: ReadonlySet<FilterName>): FilterName[] {
  return given.filter((name) => !ALWAYS.has(name) && !uses.has(name))
}

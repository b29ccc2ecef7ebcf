import { sql } from 'kysely'

/*
 * A survey's status as of an instant, in SQL over the survey aliased `s` and its tenant aliased `t` (contract §6.2):
 * a published survey is closed from the end of its end day in the tenant's time zone, even before the sweep job
 * writes it. The survey views, the survey writes and the survey metrics all read it from here.
 */

/** The instant survey `s`'s end day ends in its tenant's time zone. */
export const END_OF_END_DAY = sql<Date>`((s.end_day + 1)::timestamp at time zone t.timezone)`

/** Whether survey `s`, published, has passed the end of its end day at `now`. */
const pastEndDay = (now: Date) => sql`s.status = 'published' and s.end_day is not null and ${END_OF_END_DAY} <= ${now}`

/** The status survey `s` has at `now`. */
export const effectiveStatus = (now: Date) =>
  sql<'draft' | 'published' | 'closed'>`(case when ${pastEndDay(now)} then 'closed' else s.status end)`

/** When survey `s` closed, as of `now`: the end of its end day when it passed it unclosed, else `closed_at`. */
export const effectiveClosedAt = (now: Date) =>
  sql<Date | null>`(case when ${pastEndDay(now)} then ${END_OF_END_DAY} else s.closed_at end)`

import type { SurveyStatus } from '../../db/schema.js'
import { dateIn } from '../../lib/clock.js'

/*
 * A published survey closes itself at the end of its `end_day` in the tenant's time zone (contract §6.2). A sweep
 * (`closeEndedSurveys`) writes that down, with `closed_at` the end of that day; until it has run, every read and
 * every answer treats such a survey as closed already, through this function.
 */

/** The status a survey has now: `published` past the end of its end day counts as `closed`. */
export function effectiveStatus(
  survey: { status: SurveyStatus; end_day: string | null },
  tenantTimezone: string,
  now: Date,
): SurveyStatus {
  if (survey.status !== 'published' || survey.end_day === null) return survey.status
  return dateIn(now, tenantTimezone) > survey.end_day ? 'closed' : 'published'
}

/** Whether a day (`YYYY-MM-DD`) is before today in the tenant's time zone. */
export function dayHasPassed(day: string, tenantTimezone: string, now: Date): boolean {
  return day < dateIn(now, tenantTimezone)
}

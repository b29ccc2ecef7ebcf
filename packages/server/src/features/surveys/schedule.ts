import { dateIn } from '../../lib/clock.js'
import type { SurveyRow } from './surveys.queries.js'

/**
 * Where a survey stands for respondents at an instant: a draft; published but before its `start_day`; open; or
 * closed, either by staff or because its `end_day` has ended in the tenant's time zone (the sweep that stores the
 * closing may not have run yet, so answers are refused from that instant on regardless).
 */
export type SurveyPhase = 'draft' | 'not_started' | 'open' | 'closed'

export function surveyPhase(
  survey: Pick<SurveyRow, 'status' | 'start_day' | 'end_day'>,
  timezone: string,
  now: Date,
): SurveyPhase {
  if (survey.status !== 'published') return survey.status
  const today = dateIn(now, timezone)
  if (survey.end_day !== null && today > survey.end_day) return 'closed'
  if (survey.start_day !== null && today < survey.start_day) return 'not_started'
  return 'open'
}

import { dateIn } from '../../lib/clock.js'
import { effectiveStatus } from './status.js'
import type { SurveyRow } from './surveys.queries.js'

/**
 * Where a survey stands for respondents at an instant: a draft; published but before its `start_day` (in the
 * tenant's time zone); open; or closed, by staff or because its end day is over (`effectiveStatus`).
 */
export type SurveyPhase = 'draft' | 'not_started' | 'open' | 'closed'

export function surveyPhase(
  survey: Pick<SurveyRow, 'status' | 'start_day' | 'end_day'>,
  timezone: string,
  now: Date,
): SurveyPhase {
  const status = effectiveStatus(survey, timezone, now)
  if (status !== 'published') return status
  if (survey.start_day !== null && dateIn(now, timezone) < survey.start_day) return 'not_started'
  return 'open'
}

import { isApiError } from '../../../api/errors'
import { SignInNeeded, SurveyMessage } from './SurveyFrame'

export type Outcome =
  { kind: 'thanks'; message: string } | { kind: 'closed' | 'answered' | 'sign_in' | 'not_started'; message: string }

/** What a refusal of the answers means for the respondent; null when it is about the answers themselves. */
export const outcomeOf = (error: unknown): Outcome | null => {
  if (!isApiError(error)) return null
  if (error.code === 'survey.closed') return { kind: 'closed', message: error.message }
  if (error.code === 'survey.already_responded') return { kind: 'answered', message: error.message }
  if (error.code === 'survey.sign_in_required' || error.status === 401)
    return { kind: 'sign_in', message: error.message }
  if (error.code === 'survey.not_started') return { kind: 'not_started', message: error.message }
  return null
}

const TITLES = {
  closed: 'This survey is closed',
  answered: 'You have already answered',
  not_started: 'This survey has not started yet',
} as const

/** What became of the answers: thanks, or why they were not taken, in the server's words. */
export const OutcomeScreen = ({ outcome, organisation }: { outcome: Outcome; organisation: string }) => {
  if (outcome.kind === 'thanks')
    return (
      <SurveyMessage title="Thank you!" organisation={organisation}>
        {outcome.message}
      </SurveyMessage>
    )
  if (outcome.kind === 'sign_in') return <SignInNeeded organisation={organisation} />
  return (
    <SurveyMessage title={TITLES[outcome.kind]} organisation={organisation}>
      {outcome.message}
    </SurveyMessage>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { errorMessage, hasStatus } from '../../api/errors'
import { keyFromPath } from './api'
import { SignInNeeded, SurveyFrame, SurveyMessage } from './components/SurveyFrame'
import { SurveyRun } from './components/SurveyRun'
import { usePublicSurvey } from './use-public-survey'

const readLink = () => ({
  key: keyFromPath(window.location.pathname),
  invite: new URLSearchParams(window.location.search).get('invite'),
})

/** The public page of a survey (`/s/<key>`): what the link leads to, then the questions one at a time. */
export const PublicSurveyPage = () => {
  const [{ key, invite }] = useState(readLink)
  const { state, retry } = usePublicSurvey(key, invite)

  if (state.status === 'loading')
    return (
      <SurveyFrame>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography color="text.secondary">Loading the survey…</Typography>
        </Box>
      </SurveyFrame>
    )
  if (state.status === 'error')
    return hasStatus(state.error, 404, 400) ? (
      <SurveyMessage title="This survey link does not work">
        Check that the whole link was copied, or ask whoever sent it for a new one.
      </SurveyMessage>
    ) : (
      <SurveyMessage
        title="The survey could not be loaded"
        action={
          <Button variant="contained" onClick={retry}>
            Try again
          </Button>
        }
      >
        {errorMessage(state.error)}
      </SurveyMessage>
    )

  const { survey } = state
  if (survey.status === 'closed')
    return (
      <SurveyMessage title="This survey is closed" organisation={survey.tenant_name}>
        {survey.survey_topic} no longer takes answers. Thank you for your interest.
      </SurveyMessage>
    )
  if (survey.already_responded)
    return (
      <SurveyMessage title="You have already answered" organisation={survey.tenant_name}>
        Thank you: your answers to {survey.survey_topic} were received.
      </SurveyMessage>
    )
  if (survey.requires_sign_in) return <SignInNeeded organisation={survey.tenant_name} />
  return <SurveyRun survey={survey} surveyKey={key} invite={invite} />
}

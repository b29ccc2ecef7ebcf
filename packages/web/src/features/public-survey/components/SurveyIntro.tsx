import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { PublicSurvey } from '../api'
import { SurveyFrame } from './SurveyFrame'

/** The survey's topic and introduction, how many questions it has, and Start. */
export const SurveyIntro = ({ survey, onStart }: { survey: PublicSurvey; onStart: () => void }) => {
  const count = survey.survey_questions.length
  return (
    <SurveyFrame organisation={survey.tenant_name}>
      <Typography
        variant="h1"
        component="h1"
        gutterBottom
        sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
      >
        {survey.survey_topic}
      </Typography>
      {survey.survey_description ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{survey.survey_description}</Typography>
      ) : null}
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {count === 0
          ? 'This survey has no questions yet.'
          : `${count === 1 ? '1 question' : `${count} questions`}, one at a time.`}
      </Typography>
      <Button variant="contained" size="large" sx={{ mt: 3 }} onClick={onStart} disabled={count === 0} autoFocus>
        Start
      </Button>
    </SurveyFrame>
  )
}

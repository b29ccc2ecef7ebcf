import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { errorMessage, isApiError } from '../../../api/errors'
import { answerProblem, answersPayload, problemsByQuestion, type Answer, type Answers } from '../answers'
import { postPublicResponse, respondentKey, type PublicSurvey } from '../api'
import { QuestionStep } from './QuestionStep'
import { OutcomeScreen, outcomeOf, type Outcome } from './OutcomeScreen'
import { SurveyFrame } from './SurveyFrame'
import { SurveyIntro } from './SurveyIntro'

type Props = { survey: PublicSurvey; surveyKey: string; invite: string | null }

const without = (all: Record<string, string>, id: string) =>
  Object.fromEntries(Object.entries(all).filter(([key]) => key !== id))

/** The survey's introduction, its questions one at a time with the progress so far, and the thanks at the end. */
export const SurveyRun = ({ survey, surveyKey, invite }: Props) => {
  const questions = survey.survey_questions
  const [step, setStep] = useState(-1)
  const [answers, setAnswers] = useState<Answers>({})
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<unknown>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const organisation = survey.tenant_name

  if (outcome) return <OutcomeScreen outcome={outcome} organisation={organisation} />

  if (step < 0 || questions.length === 0) return <SurveyIntro survey={survey} onStart={() => setStep(0)} />

  const question = questions[step]
  if (!question) return null
  const last = step === questions.length - 1

  const send = async () => {
    setSending(true)
    setSendError(null)
    try {
      const reply = await postPublicResponse(surveyKey, {
        survey_response: answersPayload(questions, answers),
        respondent_key: respondentKey(),
        ...(invite ? { invite } : {}),
      })
      setOutcome({ kind: 'thanks', message: reply.message })
    } catch (error) {
      const refused = outcomeOf(error)
      if (refused) return setOutcome(refused)
      const byQuestion = isApiError(error) ? problemsByQuestion(error.fieldErrors) : {}
      const first = questions.findIndex((q) => q.id in byQuestion)
      if (first >= 0) {
        setProblems(byQuestion)
        setStep(first)
      } else setSendError(error)
    } finally {
      setSending(false)
    }
  }

  const next = (event: FormEvent) => {
    event.preventDefault()
    const problem = answerProblem(question, answers[question.id])
    setProblems((all) => (problem ? { ...all, [question.id]: problem } : without(all, question.id)))
    if (problem) return
    if (last) void send()
    else setStep(step + 1)
  }

  const answer = (value: Answer) => {
    setAnswers((all) => ({ ...all, [question.id]: value }))
    setProblems((all) => without(all, question.id))
  }

  // Enter on a radio button or a checkbox goes on too, as it does in a text field.
  const enterGoesOn = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement
    if (
      event.key === 'Enter' &&
      target instanceof HTMLInputElement &&
      (target.type === 'radio' || target.type === 'checkbox')
    ) {
      event.preventDefault()
      event.currentTarget.requestSubmit()
    }
  }

  const progress = Math.round((step / questions.length) * 100)
  return (
    <SurveyFrame organisation={organisation}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {survey.survey_topic}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={`Question ${step + 1} of ${questions.length}`}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" aria-hidden="true" sx={{ flexShrink: 0 }}>
          {step + 1} / {questions.length}
        </Typography>
      </Box>
      <Box component="form" noValidate onSubmit={next} onKeyDown={enterGoesOn}>
        <QuestionStep
          question={question}
          answer={answers[question.id]}
          onAnswer={answer}
          problem={problems[question.id] ?? null}
        />
        {sendError && last ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(sendError)}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 3 }}>
          <Button onClick={() => setStep(step - 1)} disabled={sending}>
            {step === 0 ? 'Back to start' : 'Back'}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {last ? (sending ? 'Sending…' : 'Send answers') : 'Next'}
          </Button>
        </Box>
      </Box>
    </SurveyFrame>
  )
}

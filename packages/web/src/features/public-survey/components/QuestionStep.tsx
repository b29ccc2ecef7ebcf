import Box from '@mui/material/Box'
import FormHelperText from '@mui/material/FormHelperText'
import FormControl from '@mui/material/FormControl'
import OutlinedInput from '@mui/material/OutlinedInput'
import Typography from '@mui/material/Typography'
import type { Question } from '@proxima/contracts'
import { useEffect, useRef } from 'react'
import { choiceLimits, maxLengthOf, type Answer } from '../answers'
import { MultipleChoiceAnswer, SingleChoiceAnswer } from './ChoiceAnswer'
import { ScaleAnswer } from './ScaleAnswer'

const RATING = [1, 2, 3, 4, 5]
const NPS = Array.from({ length: 11 }, (_, i) => i)

type Props = { question: Question; answer: Answer; onAnswer: (answer: Answer) => void; problem: string | null }

/** What to do, under the question: how many options to tick, whether it may be skipped. */
const hint = (question: Question) => {
  const parts: string[] = []
  if (question.type === 'multiple_choice') {
    const [min, max] = choiceLimits(question)
    parts.push(min === max ? `Choose ${min}.` : `Choose ${min} to ${max}.`)
  }
  if (!question.required) parts.push('Optional.')
  return parts.join(' ')
}

/**
 * One question on its own: its title (focused when it appears, so a screen reader reads it), explanation, the answer
 * control its type has, and the reason an answer cannot be sent, right under it.
 */
export const QuestionStep = ({ question, answer, onAnswer, problem }: Props) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [question.id])
  const titleId = `title-${question.id}`
  const descriptionId = `description-${question.id}`
  const problemId = `problem-${question.id}`
  const note = [question.description, hint(question)].filter(Boolean).join(' ')
  const describedBy = [note ? descriptionId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined
  const name = `answer-${question.id}`
  const isText = question.type === 'open_text'

  const title = (
    <Typography
      ref={heading}
      id={titleId}
      tabIndex={-1}
      variant="h2"
      component="h2"
      sx={{ outline: 'none', overflowWrap: 'anywhere' }}
    >
      {question.title}
      {question.required ? null : (
        <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
          {' '}
          (optional)
        </Typography>
      )}
    </Typography>
  )
  const body = (
    <>
      {note ? (
        <Typography id={descriptionId} color="text.secondary" sx={{ mt: 1 }}>
          {note}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2 }}>
        {question.type === 'rating' || question.type === 'nps' ? (
          <ScaleAnswer
            question={question}
            values={question.type === 'rating' ? RATING : NPS}
            value={typeof answer === 'number' ? answer : undefined}
            onChange={onAnswer}
            name={name}
            invalid={Boolean(problem)}
          />
        ) : null}
        {question.type === 'single_choice' ? (
          <SingleChoiceAnswer
            question={question}
            value={typeof answer === 'string' ? answer : undefined}
            onChange={onAnswer}
            name={name}
          />
        ) : null}
        {question.type === 'multiple_choice' ? (
          <MultipleChoiceAnswer question={question} value={Array.isArray(answer) ? answer : []} onChange={onAnswer} />
        ) : null}
        {isText ? (
          // The plain input parts, not TextField, which would bring its select menu into this light page.
          <FormControl fullWidth error={Boolean(problem)}>
            <OutlinedInput
              name={name}
              value={typeof answer === 'string' ? answer : ''}
              onChange={(event) => onAnswer(event.target.value)}
              multiline
              minRows={3}
              maxRows={10}
              inputProps={{
                'aria-labelledby': titleId,
                'aria-describedby': [describedBy, `${name}-count`].filter(Boolean).join(' '),
                'aria-invalid': Boolean(problem) || undefined,
                maxLength: maxLengthOf(question) + 50,
              }}
            />
            <FormHelperText id={`${name}-count`}>
              {(typeof answer === 'string' ? answer.trim().length : 0).toLocaleString()} /{' '}
              {maxLengthOf(question).toLocaleString()} characters
            </FormHelperText>
          </FormControl>
        ) : null}
      </Box>
      {problem ? (
        <FormHelperText id={problemId} error role="alert" sx={{ typography: 'body1', mt: 1 }}>
          {problem}
        </FormHelperText>
      ) : null}
    </>
  )

  if (isText)
    return (
      <Box>
        {title}
        {body}
      </Box>
    )
  return (
    <Box component="fieldset" aria-describedby={describedBy} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ p: 0, width: '100%' }}>
        {title}
      </Box>
      {body}
    </Box>
  )
}

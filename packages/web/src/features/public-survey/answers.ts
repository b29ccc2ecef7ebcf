import type { Question, SurveyAnswers } from '@proxima/contracts'

/** What a respondent has given so far for one question: nothing yet, a number, an option id, ids, or text. */
export type Answer = number | string | string[] | undefined
export type Answers = Record<string, Answer>

const DEFAULT_MAX_LENGTH = 2000

export const maxLengthOf = (question: Question) => question.max_length ?? DEFAULT_MAX_LENGTH

/** The choices a multiple-choice question takes: at least, at most. */
export const choiceLimits = (question: Question): [number, number] => [
  question.min_choices ?? 1,
  question.max_choices ?? question.options?.length ?? 1,
]

/** Whether nothing was given: no value, no text (spaces only) or no option ticked. */
const isEmpty = (answer: Answer) =>
  answer === undefined ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.length === 0)

/** Why the answer cannot be sent as it is (§6.1), in words for the respondent; null when it can. */
export const answerProblem = (question: Question, answer: Answer): string | null => {
  if (isEmpty(answer)) return question.required ? 'Answer this question to go on.' : null
  if (question.type === 'multiple_choice' && Array.isArray(answer)) {
    const [min, max] = choiceLimits(question)
    if (answer.length < min) return min === 1 ? 'Choose at least one option.' : `Choose at least ${min} options.`
    if (answer.length > max) return max === 1 ? 'Choose one option only.' : `Choose at most ${max} options.`
  }
  if (question.type === 'open_text' && typeof answer === 'string' && answer.trim().length > maxLengthOf(question))
    return `Shorten your answer to ${maxLengthOf(question).toLocaleString()} characters.`
  return null
}

/** The answers as sent: skipped questions are left out, texts trimmed. */
export const answersPayload = (questions: Question[], answers: Answers): SurveyAnswers => {
  const out: SurveyAnswers = {}
  for (const question of questions) {
    const answer = answers[question.id]
    if (isEmpty(answer) || answer === undefined) continue
    out[question.id] = typeof answer === 'string' && question.type === 'open_text' ? answer.trim() : answer
  }
  return out
}

const PREFIX = 'survey_response.'

/** The server's reasons per question id (`survey_response.q3`), each question's first. */
export const problemsByQuestion = (fieldErrors: Record<string, string[]>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [field, reasons] of Object.entries(fieldErrors)) {
    if (!field.startsWith(PREFIX) || !reasons[0]) continue
    const id = field.slice(PREFIX.length).split('.')[0] ?? ''
    if (id && !(id in out)) out[id] = reasons[0]
  }
  return out
}

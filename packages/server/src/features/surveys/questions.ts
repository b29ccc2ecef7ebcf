import { questionProblems, type QuestionInput, type SurveyType } from '@proxima/contracts'
import type { StoredQuestion } from '../../db/schema.js'
import { objectKeysInOrder } from '../../http/raw-body.js'
import { AppError, type FieldErrors } from '../../lib/errors.js'

/*
 * `survey_questions` as the server keeps it (contract §6.1): the array form with every id assigned, defaults
 * filled in and the per-type rules checked. A draft may have no questions; publishing needs 1 to 50.
 */

export const MAX_QUESTIONS = 50
const OPEN_TEXT_MAX_LENGTH = 2000

/** The legacy form: question texts by id, in the order the request body wrote the ids. */
export type LegacyQuestions = Record<string, string>

/**
 * The legacy object as required open-text questions whose ids are its keys, in `order` (the keys as the body wrote
 * them; parsing puts integer-like keys first). Keys missing from `order` follow in the object's own order.
 */
export function fromLegacy(questions: LegacyQuestions, order: string[] | null): QuestionInput[] {
  const keys = Object.keys(questions)
  const ordered = [...(order ?? []).filter((k) => Object.hasOwn(questions, k))]
  for (const k of keys) if (!ordered.includes(k)) ordered.push(k)
  return ordered.map((id) => ({ id, type: 'open_text', title: questions[id]!, required: true }))
}

/** The field a `questionProblems` sentence is about. */
function problemField(problem: string): string {
  if (problem.includes('min_choices')) return 'min_choices'
  if (problem.toLowerCase().includes('option')) return 'options'
  if (problem.includes('scale labels')) return 'scale_labels'
  if (problem.includes('max_length')) return 'max_length'
  return ''
}

/** Assigns `<prefix>1`, `<prefix>2`… to the entries without an id, skipping ids already taken. */
function assignIds<T extends { id?: string | undefined }>(items: T[], prefix: string): (T & { id: string })[] {
  const taken = new Set(items.flatMap((q) => (q.id === undefined ? [] : [q.id])))
  let n = 0
  return items.map((item) => {
    if (item.id !== undefined) return { ...item, id: item.id }
    let id: string
    do id = `${prefix}${++n}`
    while (taken.has(id))
    taken.add(id)
    return { ...item, id }
  })
}

/**
 * The questions as stored, or 400 `validation.failed` with errors keyed `survey_questions.<index>[.<field>]`:
 * duplicate ids and every per-type rule of §6.1.
 */
export function normaliseQuestions(input: QuestionInput[]): StoredQuestion[] {
  const errors: FieldErrors = {}
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  if (input.length > MAX_QUESTIONS) add('survey_questions', `A survey has at most ${MAX_QUESTIONS} questions.`)
  const seen = new Map<string, number>()
  const questions = assignIds(input, 'q').map((q, index): StoredQuestion => {
    if (seen.has(q.id)) add(`survey_questions.${index}.id`, 'Question ids must be unique in the survey.')
    seen.set(q.id, index)
    const choice = q.type === 'single_choice' || q.type === 'multiple_choice'
    const options = q.options ? assignIds(q.options, 'o') : undefined
    const stored: StoredQuestion = {
      id: q.id,
      type: q.type,
      title: q.title,
      description: q.description ?? null,
      required: q.required ?? true,
      ...(options && (options.length > 0 || choice) ? { options } : {}),
      ...(q.min_choices !== undefined ? { min_choices: q.min_choices } : {}),
      ...(q.max_choices !== undefined ? { max_choices: q.max_choices } : {}),
      ...(q.scale_labels ? { scale_labels: q.scale_labels } : {}),
      ...(q.max_length !== undefined ? { max_length: q.max_length } : {}),
    }
    for (const problem of questionProblems({ ...stored, options: stored.options ?? [] })) {
      const field = problemField(problem)
      add(`survey_questions.${index}${field ? `.${field}` : ''}`, problem)
    }
    if (q.type === 'multiple_choice') {
      stored.min_choices ??= 1
      stored.max_choices ??= options?.length ?? 0
    }
    if (q.type === 'open_text') stored.max_length ??= OPEN_TEXT_MAX_LENGTH
    return stored
  })
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]![0]!
    throw new AppError(400, 'validation.failed', first, { errors })
  }
  return questions
}

/** All open text → open-ended; none → close-ended; else mixed (contract §6.2; any value sent is ignored). */
export function surveyType(questions: Pick<StoredQuestion, 'type'>[]): SurveyType {
  const open = questions.filter((q) => q.type === 'open_text').length
  if (questions.length > 0 && open === questions.length) return 'open_ended'
  if (open === 0) return 'close_ended'
  return 'mixed'
}

/** Why stored questions cannot be published (keyed like the create errors), or nothing. */
export function publishQuestionProblems(questions: StoredQuestion[]): FieldErrors {
  if (questions.length === 0) return { survey_questions: ['Add at least one question before publishing.'] }
  if (questions.length > MAX_QUESTIONS)
    return { survey_questions: [`A survey has at most ${MAX_QUESTIONS} questions.`] }
  const errors: FieldErrors = {}
  questions.forEach((q, index) => {
    for (const problem of questionProblems({ ...q, options: q.options ?? [] })) {
      const field = problemField(problem)
      ;(errors[`survey_questions.${index}${field ? `.${field}` : ''}`] ??= []).push(problem)
    }
  })
  return errors
}

/**
 * `survey_questions` as the routes received it, in the array form: the legacy object becomes open-text questions
 * in the order the raw body wrote its keys.
 */
export function questionInputs(
  value: QuestionInput[] | LegacyQuestions | undefined,
  rawBody: string | null,
): QuestionInput[] | undefined {
  if (value === undefined || Array.isArray(value)) return value
  return fromLegacy(value, rawBody === null ? null : objectKeysInOrder(rawBody, 'survey_questions'))
}

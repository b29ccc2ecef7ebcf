import type { StoredAnswers, StoredQuestion } from '../../db/schema.js'

/*
 * Answers checked against their questions (contract §6.1). Only absent and null skip a question; `[]` and `""` are
 * answers, below their minimum. Every problem is reported under `survey_response.<question id>`.
 */

export type AnswerCheck = { ok: true; answers: StoredAnswers } | { ok: false; errors: Record<string, string[]> }

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

function checkOne(q: StoredQuestion, value: unknown): { value: StoredAnswers[string] } | { error: string } {
  switch (q.type) {
    case 'rating':
      return isInt(value) && value >= 1 && value <= 5 ? { value } : { error: 'Choose between 1 and 5.' }
    case 'nps':
      return isInt(value) && value >= 0 && value <= 10 ? { value } : { error: 'Choose between 0 and 10.' }
    case 'single_choice': {
      const ids = (q.options ?? []).map((o) => o.id)
      return typeof value === 'string' && ids.includes(value) ? { value } : { error: 'Choose one of the options.' }
    }
    case 'multiple_choice': {
      const options = q.options ?? []
      const min = q.min_choices ?? 1
      const max = q.max_choices ?? options.length
      const range =
        min === max ? `Choose ${min} ${min === 1 ? 'option' : 'options'}.` : `Choose between ${min} and ${max} options.`
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return { error: range }
      const chosen = value
      if (new Set(chosen).size !== chosen.length) return { error: 'Choose each option at most once.' }
      const ids = new Set(options.map((o) => o.id))
      if (!chosen.every((v) => ids.has(v))) return { error: 'Choose among the options offered.' }
      return chosen.length >= min && chosen.length <= max ? { value: chosen } : { error: range }
    }
    case 'open_text': {
      const max = q.max_length ?? 2000
      const error = `Write between 1 and ${max} characters.`
      if (typeof value !== 'string') return { error }
      const text = value.trim()
      return text.length >= 1 && [...text].length <= max ? { value: text } : { error }
    }
  }
}

/** The answers, trimmed and in question order, or the reasons they cannot be accepted. */
export function checkAnswers(questions: StoredQuestion[], given: Record<string, unknown>): AnswerCheck {
  const errors: Record<string, string[]> = {}
  const known = new Set(questions.map((q) => q.id))
  for (const key of Object.keys(given))
    if (!known.has(key)) errors[`survey_response.${key}`] = ['This survey has no such question.']
  const answers: StoredAnswers = {}
  for (const q of questions) {
    const value = Object.hasOwn(given, q.id) ? given[q.id] : undefined
    if (value === undefined || value === null) {
      if (q.required) errors[`survey_response.${q.id}`] = ['Answer this question.']
      continue
    }
    const checked = checkOne(q, value)
    if ('error' in checked) errors[`survey_response.${q.id}`] = [checked.error]
    else answers[q.id] = checked.value
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers }
}

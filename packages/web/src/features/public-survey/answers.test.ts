import type { Question } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import { answerProblem, answersPayload, problemsByQuestion } from './answers'
import { keyFromPath } from './api'

const q = (changes: Partial<Question>): Question => ({
  id: 'q1',
  type: 'rating',
  title: 'How was it?',
  required: true,
  ...changes,
})

describe('answers on the public survey page', () => {
  it('asks for a required answer and lets an optional one be skipped', () => {
    expect(answerProblem(q({}), undefined)).toBe('Answer this question to go on.')
    expect(answerProblem(q({ type: 'open_text' }), '   ')).toBe('Answer this question to go on.')
    expect(answerProblem(q({ required: false }), undefined)).toBeNull()
    expect(answerProblem(q({}), 4)).toBeNull()
  })

  it('holds multiple choice to its limits and open text to its length', () => {
    const options = [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
      { id: 'c', label: 'C' },
    ]
    const multi = q({ type: 'multiple_choice', options, min_choices: 2, max_choices: 2 })
    expect(answerProblem(multi, ['a'])).toBe('Choose at least 2 options.')
    expect(answerProblem(multi, ['a', 'b', 'c'])).toBe('Choose at most 2 options.')
    expect(answerProblem(multi, ['a', 'c'])).toBeNull()
    expect(answerProblem(q({ type: 'open_text', max_length: 5 }), 'too long')).toBe(
      'Shorten your answer to 5 characters.',
    )
  })

  it('sends answered questions only, texts trimmed', () => {
    const questions = [
      q({ id: 'q1' }),
      q({ id: 'q2', type: 'open_text', required: false }),
      q({ id: 'q3', type: 'multiple_choice' }),
    ]
    expect(answersPayload(questions, { q1: 0, q2: '  fine ', q3: [] })).toEqual({ q1: 0, q2: 'fine' })
  })

  it('reads the server’s reasons per question', () => {
    expect(problemsByQuestion({ 'survey_response.q3': ['Choose between 1 and 5.'], survey_response: ['x'] })).toEqual({
      q3: 'Choose between 1 and 5.',
    })
  })

  it('takes the key from the page’s path', () => {
    expect(keyFromPath('/s/AbCdEfGhIjKlMnOpQrStUv/')).toBe('AbCdEfGhIjKlMnOpQrStUv')
  })
})

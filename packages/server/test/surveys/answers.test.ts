import { describe, expect, it } from 'vitest'
import { checkAnswers } from '../../src/features/surveys/answers.js'
import { QUESTIONS, VALID } from './answer-fixtures.js'

const errorsOf = (answers: Record<string, unknown>) => {
  const r = checkAnswers(QUESTIONS, answers)
  return r.ok ? {} : r.errors
}

describe('survey answers (contract §6.1)', () => {
  it('accepts one valid answer of every type and trims open text', () => {
    const r = checkAnswers(QUESTIONS, { ...VALID, q5: '  Great service  ' })
    expect(r).toEqual({ ok: true, answers: { ...VALID, q5: 'Great service' } })
  })

  it('lets optional questions be absent or null, never required ones', () => {
    expect(checkAnswers(QUESTIONS, { q1: 1, q2: 0, q3: null })).toEqual({ ok: true, answers: { q1: 1, q2: 0 } })
    expect(errorsOf({ q2: 5 })).toEqual({ 'survey_response.q1': ['Answer this question.'] })
    expect(errorsOf({ q1: null, q2: 5 })).toEqual({ 'survey_response.q1': ['Answer this question.'] })
  })

  it.each([
    ['rating below range', { q1: 0 }, 'q1', 'Choose between 1 and 5.'],
    ['rating above range', { q1: 6 }, 'q1', 'Choose between 1 and 5.'],
    ['rating not whole', { q1: 4.5 }, 'q1', 'Choose between 1 and 5.'],
    ['rating as text', { q1: '4' }, 'q1', 'Choose between 1 and 5.'],
    ['nps above range', { q2: 11 }, 'q2', 'Choose between 0 and 10.'],
    ['nps negative', { q2: -1 }, 'q2', 'Choose between 0 and 10.'],
    ['single choice unknown option', { q3: 'o9' }, 'q3', 'Choose one of the options.'],
    ['single choice as list', { q3: ['o1'] }, 'q3', 'Choose one of the options.'],
    ['multiple choice empty', { q4: [] }, 'q4', 'Choose between 1 and 2 options.'],
    ['multiple choice too many', { q4: ['o1', 'o2', 'o3'] }, 'q4', 'Choose between 1 and 2 options.'],
    ['multiple choice repeated', { q4: ['o1', 'o1'] }, 'q4', 'Choose each option at most once.'],
    ['multiple choice unknown', { q4: ['o1', 'o7'] }, 'q4', 'Choose among the options offered.'],
    ['multiple choice as text', { q4: 'o1' }, 'q4', 'Choose between 1 and 2 options.'],
    ['open text empty', { q5: '' }, 'q5', 'Write between 1 and 20 characters.'],
    ['open text blank', { q5: '   ' }, 'q5', 'Write between 1 and 20 characters.'],
    ['open text too long', { q5: 'x'.repeat(21) }, 'q5', 'Write between 1 and 20 characters.'],
    ['open text as number', { q5: 7 }, 'q5', 'Write between 1 and 20 characters.'],
  ])('refuses %s under the question id', (_name, answer, id, message) => {
    expect(errorsOf({ ...VALID, ...answer })).toEqual({ [`survey_response.${id}`]: [message] })
  })

  it('names unknown question ids and reports every problem at once', () => {
    expect(errorsOf({ q1: 9, q2: 5, zz: 1 })).toEqual({
      'survey_response.q1': ['Choose between 1 and 5.'],
      'survey_response.zz': ['This survey has no such question.'],
    })
  })

  it('counts open-text length in characters, not UTF-16 units', () => {
    expect(checkAnswers(QUESTIONS, { ...VALID, q5: '😀'.repeat(20) }).ok).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { objectKeysInOrder } from '../../src/http/raw-body.js'
import {
  fromLegacy,
  normaliseQuestions,
  publishQuestionProblems,
  surveyType,
} from '../../src/features/surveys/questions.js'
import { AppError } from '../../src/lib/errors.js'

const fieldErrors = (f: () => unknown) => {
  try {
    f()
  } catch (err) {
    if (err instanceof AppError) return err.errors
    throw err
  }
  throw new Error('no error')
}

describe('objectKeysInOrder', () => {
  it('reads the keys of a field’s object as written, whatever parsing would do', () => {
    const raw = '{"a":[1,{"survey_questions":{"x":1}}],"survey_questions":{"10":"A","2":"B \\" }","b":"C"},"z":null}'
    expect(objectKeysInOrder(raw, 'survey_questions')).toEqual(['10', '2', 'b'])
    expect(Object.keys(JSON.parse(raw).survey_questions)).toEqual(['2', '10', 'b'])
  })

  it('answers null without such an object, and copes with spacing, escapes and repeats', () => {
    expect(objectKeysInOrder('{"survey_questions":[1,2]}', 'survey_questions')).toBeNull()
    expect(objectKeysInOrder('[1]', 'survey_questions')).toBeNull()
    expect(objectKeysInOrder('{"other":{}}', 'survey_questions')).toBeNull()
    expect(objectKeysInOrder('{"survey_questions":{}}', 'survey_questions')).toEqual([])
    expect(
      objectKeysInOrder(' { "survey_questions" : { "3" : "x" , "\\u0031" : "y", "3": "z" } } ', 'survey_questions'),
    ).toEqual(['3', '1'])
  })
})

describe('normaliseQuestions', () => {
  it('assigns question and option ids around the ones given, and fills defaults', () => {
    const q = normaliseQuestions([
      { type: 'open_text', title: 'A', required: true },
      {
        id: 'q1',
        type: 'single_choice',
        title: 'B',
        required: false,
        options: [{ label: 'x' }, { id: 'o1', label: 'y' }],
      },
      {
        type: 'multiple_choice',
        title: 'C',
        required: true,
        options: [{ label: 'x' }, { label: 'y' }, { label: 'z' }],
      },
    ])
    expect(q.map((x) => x.id)).toEqual(['q2', 'q1', 'q3'])
    expect(q[0]).toMatchObject({ max_length: 2000, required: true })
    expect(q[1]!.options).toEqual([
      { id: 'o2', label: 'x' },
      { id: 'o1', label: 'y' },
    ])
    expect(q[2]).toMatchObject({ min_choices: 1, max_choices: 3 })
    expect(surveyType(q)).toBe('mixed')
  })

  it('keys every problem by question index and field', () => {
    const errors = fieldErrors(() =>
      normaliseQuestions([
        { id: 'a', type: 'rating', title: 'A', required: true, max_length: 5 },
        { id: 'a', type: 'nps', title: 'B', required: true },
        { type: 'single_choice', title: 'C', required: true, options: [{ label: 'x' }, { label: 'X' }] },
        { type: 'open_text', title: 'D', required: true, scale_labels: { min_label: 'a', max_label: 'b' } },
      ]),
    )
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      'survey_questions.0.max_length',
      'survey_questions.1.id',
      'survey_questions.2.options',
      'survey_questions.3.scale_labels',
    ])
  })

  it('turns the legacy form into required open-text questions in the written order', () => {
    const q = normaliseQuestions(fromLegacy({ 2: 'Two', 10: 'Ten', b: 'Bee' }, ['10', 'b', '2']))
    expect(q.map((x) => [x.id, x.type, x.required])).toEqual([
      ['10', 'open_text', true],
      ['b', 'open_text', true],
      ['2', 'open_text', true],
    ])
    expect(surveyType(q)).toBe('open_ended')
  })

  it('needs 1 to 50 questions to publish', () => {
    expect(publishQuestionProblems([])).toEqual({ survey_questions: [expect.any(String)] })
    expect(publishQuestionProblems(normaliseQuestions([{ type: 'nps', title: 'N', required: true }]))).toEqual({})
    expect(surveyType([])).toBe('close_ended')
  })
})

import { describe, expect, it } from 'vitest'
import { SurveyDraft, blankQuestion, draftField, emptyDraft, questionInput, toBody, type QuestionDraft } from './draft'

const question = (changes: Partial<QuestionDraft>): QuestionDraft => ({
  ...blankQuestion('rating'),
  title: 'How was it?',
  ...changes,
})

const problems = (questions: QuestionDraft[]) => {
  const result = SurveyDraft.safeParse({ ...emptyDraft(), survey_topic: 'Delivery', questions })
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the survey draft', () => {
  it('sends only the fields a question type has', () => {
    const choice = question({
      type: 'single_choice',
      options: [{ id: 'o1', label: ' Yes ' }, { label: 'No' }],
      min_label: 'ignored',
      max_length: '30',
    })
    expect(questionInput(choice)).toEqual({
      type: 'single_choice',
      title: 'How was it?',
      description: null,
      required: true,
      options: [{ id: 'o1', label: 'Yes' }, { label: 'No' }],
    })
    expect(questionInput(question({ type: 'nps', min_label: 'Never', max_label: '' }))).toMatchObject({
      scale_labels: { min_label: 'Never', max_label: '' },
    })
    expect(
      questionInput(question({ type: 'multiple_choice', min_choices: '1', max_choices: '2', options: [] })),
    ).toMatchObject({
      min_choices: 1,
      max_choices: 2,
    })
    expect(questionInput(question({ type: 'open_text', max_length: '500' }))).toMatchObject({ max_length: 500 })
  })

  it('refuses choice questions without two distinct options and impossible choice limits', () => {
    expect(problems([question({ type: 'single_choice', options: [{ label: 'Only' }] })])).toEqual([
      'questions.0.options: Give 2 to 20 options.',
    ])
    expect(problems([question({ type: 'single_choice', options: [{ label: 'Same' }, { label: 'same' }] })])).toEqual([
      'questions.0.options.1.label: Options must differ.',
    ])
    expect(
      problems([question({ type: 'multiple_choice', options: [{ label: 'A' }, { label: 'B' }], max_choices: '3' })]),
    ).toEqual(['questions.0.max_choices: Between "at least" and the number of options.'])
    expect(problems([question({ type: 'rating' })])).toEqual([])
  })

  it('refuses a last day before the first', () => {
    const result = SurveyDraft.safeParse({
      ...emptyDraft(),
      survey_topic: 'Delivery',
      start_day: '2026-05-02',
      end_day: '2026-05-01',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['end_day'])
  })

  it('leaves subgroups out of a new survey and marks generated questions', () => {
    const values = SurveyDraft.parse({ ...emptyDraft(), survey_topic: ' Delivery ', subgroup_ids: [4] })
    const created = toBody(values, { generation_id: 'g-1' }, true)
    expect(created).toMatchObject({ survey_topic: 'Delivery', generated: true, generation_id: 'g-1', end_day: null })
    expect(created).not.toHaveProperty('subgroup_ids')
    expect(toBody(values, null, false)).toMatchObject({ subgroup_ids: [4] })
  })

  it('shows the server’s reasons under the field they name', () => {
    expect(draftField('survey_questions.2.options.1.label')).toBe('questions.2.options')
    expect(draftField('survey_questions.0')).toBe('questions.0.title')
    expect(draftField('survey_questions.3.scale_labels')).toBe('questions.3.min_label')
    expect(draftField('end_day')).toBe('end_day')
    expect(draftField('target_audience.0')).toBe('target_audience')
    expect(draftField('tenant_id')).toBeUndefined()
  })
})

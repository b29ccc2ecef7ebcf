import {
  DateOnly,
  Email,
  QuestionType,
  type Question,
  type QuestionInput,
  type Survey,
  type SurveyUpdate,
} from '@proxima/contracts'
import type { FieldPath, UseFormReturn } from 'react-hook-form'
import { z } from 'zod'

/*
 * The survey editor's form: the contract's fields (§6.1, §6.2) in the shape inputs hold them (numbers as typed text,
 * absent texts as ''), checked before anything is sent, and turned into the request body by `toBody`.
 */

export const QUESTION_MAX = 50
export const OPTION_MAX = 20
export const TOPIC_MAX = 255
export const DESCRIPTION_MAX = 1000
export const CONTEXT_MAX = 4000

export const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: 'rating', label: 'Rating (1–5)' },
  { value: 'nps', label: 'Net Promoter Score (0–10)' },
  { value: 'single_choice', label: 'Single choice' },
  { value: 'multiple_choice', label: 'Multiple choice' },
  { value: 'open_text', label: 'Open text' },
]

export const isChoice = (type: QuestionType) => type === 'single_choice' || type === 'multiple_choice'
export const isScale = (type: QuestionType) => type === 'rating' || type === 'nps'

const whole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), {
      error: `${label}: enter a whole number from ${min} to ${max}.`,
    })

const OptionDraft = z.object({
  id: z.string().optional(),
  label: z.string().trim().min(1, { error: 'Write the option.' }).max(200, { error: 'At most 200 characters.' }),
})

const QuestionDraft = z
  .object({
    id: z.string().optional(),
    type: QuestionType,
    title: z.string().trim().min(1, { error: 'Write the question.' }).max(300, { error: 'At most 300 characters.' }),
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX, { error: `At most ${DESCRIPTION_MAX} characters.` }),
    required: z.boolean(),
    options: z.array(OptionDraft),
    min_choices: whole('At least', 1, OPTION_MAX),
    max_choices: whole('At most', 1, OPTION_MAX),
    min_label: z.string().trim().max(50, { error: 'At most 50 characters.' }),
    max_label: z.string().trim().max(50, { error: 'At most 50 characters.' }),
    max_length: whole('Longest answer', 1, 5000),
  })
  .superRefine((q, ctx) => {
    if (!isChoice(q.type)) return
    if (q.options.length < 2 || q.options.length > OPTION_MAX)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `Give 2 to ${OPTION_MAX} options.` })
    const seen = new Set<string>()
    q.options.forEach((option, index) => {
      const label = option.label.trim().toLowerCase()
      if (label && seen.has(label))
        ctx.addIssue({ code: 'custom', path: ['options', index, 'label'], message: 'Options must differ.' })
      seen.add(label)
    })
    if (q.type !== 'multiple_choice') return
    const min = q.min_choices.trim() ? Number(q.min_choices) : 1
    const max = q.max_choices.trim() ? Number(q.max_choices) : q.options.length
    if (min > max || max > q.options.length)
      ctx.addIssue({
        code: 'custom',
        path: ['max_choices'],
        message: 'Between "at least" and the number of options.',
      })
  })
export type QuestionDraft = z.infer<typeof QuestionDraft>

/** A day as a date input holds it: '' when there is none. */
export const Day = z.union([z.literal(''), DateOnly])
export const Topic = z
  .string()
  .trim()
  .min(1, { error: 'Give the survey a topic.' })
  .max(TOPIC_MAX, { error: `At most ${TOPIC_MAX} characters.` })
export const Description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, { error: `At most ${DESCRIPTION_MAX} characters.` })
/** Customers picked one by one, with the label their chip shows. */
export const ClientPicks = z.array(z.object({ id: z.number(), label: z.string() }))

export const SurveyDraft = z
  .object({
    survey_topic: Topic,
    survey_description: Description,
    survey_context: z
      .string()
      .trim()
      .max(CONTEXT_MAX, { error: `At most ${CONTEXT_MAX} characters.` }),
    questions: z.array(QuestionDraft).max(QUESTION_MAX, { error: `A survey has at most ${QUESTION_MAX} questions.` }),
    target_audience: ClientPicks,
    community_ids: z.array(z.number()),
    subgroup_ids: z.array(z.number()),
    allow_anonymous: z.boolean(),
    allow_multiple_responses: z.boolean(),
    start_day: Day,
    end_day: Day,
  })
  .refine((s) => !s.start_day || !s.end_day || s.end_day >= s.start_day, {
    error: 'The last day cannot be before the first.',
    path: ['end_day'],
  })
export type SurveyDraft = z.input<typeof SurveyDraft>
export type SurveyDraftValues = z.output<typeof SurveyDraft>

export const InviteEmails = z
  .string()
  .transform((text) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))])
  .pipe(z.array(Email).max(500, { error: 'Invite at most 500 addresses at once.' }))

export const blankQuestion = (type: QuestionType = 'rating'): QuestionDraft => ({
  type,
  title: '',
  description: '',
  required: true,
  options: isChoice(type) ? [{ label: '' }, { label: '' }] : [],
  min_choices: '',
  max_choices: '',
  min_label: '',
  max_label: '',
  max_length: '',
})

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value))

/** A question as the server gave it (saved or generated), in the form's shape. */
export const questionDraft = (q: Question): QuestionDraft => ({
  id: q.id,
  type: q.type,
  title: q.title,
  description: q.description ?? '',
  required: q.required,
  options: (q.options ?? []).map((option) => ({ id: option.id, label: option.label })),
  min_choices: numberText(q.min_choices),
  max_choices: numberText(q.max_choices),
  min_label: q.scale_labels?.min_label ?? '',
  max_label: q.scale_labels?.max_label ?? '',
  max_length: numberText(q.max_length),
})

export const clientLabel = (c: Survey['target_audience'][number]) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ').trim() || c.email || c.username

export const emptyDraft = (): SurveyDraft => ({
  survey_topic: '',
  survey_description: '',
  survey_context: '',
  questions: [],
  target_audience: [],
  community_ids: [],
  subgroup_ids: [],
  allow_anonymous: false,
  allow_multiple_responses: false,
  start_day: '',
  end_day: '',
})

export const surveyDraft = (survey: Survey): SurveyDraft => ({
  survey_topic: survey.survey_topic,
  survey_description: survey.survey_description ?? '',
  survey_context: survey.survey_context ?? '',
  questions: survey.survey_questions.map(questionDraft),
  target_audience: survey.target_audience.map((c) => ({ id: c.id, label: clientLabel(c) })),
  community_ids: survey.community_ids,
  subgroup_ids: survey.subgroup_ids,
  allow_anonymous: survey.allow_anonymous,
  allow_multiple_responses: survey.allow_multiple_responses,
  start_day: survey.start_day ?? '',
  end_day: survey.end_day ?? '',
})

export const orNull = (text: string) => (text.trim() ? text.trim() : null)
const numberOr = (text: string) => (text.trim() ? Number(text) : undefined)

/** The question as sent: only the fields its type has. */
export const questionInput = (q: QuestionDraft): QuestionInput => {
  const input: QuestionInput = {
    type: q.type,
    title: q.title.trim(),
    description: orNull(q.description),
    required: q.required,
  }
  if (q.id) input.id = q.id
  if (isChoice(q.type))
    input.options = q.options.map((o) => (o.id ? { id: o.id, label: o.label.trim() } : { label: o.label.trim() }))
  if (q.type === 'multiple_choice') {
    const min = numberOr(q.min_choices)
    const max = numberOr(q.max_choices)
    if (min !== undefined) input.min_choices = min
    if (max !== undefined) input.max_choices = max
  }
  if (isScale(q.type) && (q.min_label.trim() || q.max_label.trim()))
    input.scale_labels = { min_label: q.min_label.trim(), max_label: q.max_label.trim() }
  const maxLength = numberOr(q.max_length)
  if (q.type === 'open_text' && maxLength !== undefined) input.max_length = maxLength
  return input
}

export type Generation = { generation_id: string } | null

/** The request body of a create or a change. Subgroups exist only once the survey does, so a new one has none. */
export const toBody = (values: SurveyDraftValues, generation: Generation, isNew: boolean) => {
  const body: SurveyUpdate & { survey_topic: string } = {
    survey_topic: values.survey_topic,
    survey_description: orNull(values.survey_description),
    survey_context: orNull(values.survey_context),
    survey_questions: values.questions.map(questionInput),
    target_audience: values.target_audience.map((c) => c.id),
    community_ids: values.community_ids,
    allow_anonymous: values.allow_anonymous,
    allow_multiple_responses: values.allow_multiple_responses,
    start_day: values.start_day || null,
    end_day: values.end_day || null,
  }
  if (!isNew) body.subgroup_ids = values.subgroup_ids
  if (generation) {
    body.generated = true
    body.generation_id = generation.generation_id
  }
  return body
}

const TOP_FIELDS = [
  'survey_topic',
  'survey_description',
  'survey_context',
  'target_audience',
  'community_ids',
  'subgroup_ids',
  'start_day',
  'end_day',
] as const

/** The field of a question that shows the server's reason about a part of it (anything else: under its title). */
const questionField = (part: string): keyof QuestionDraft => {
  switch (part) {
    case 'description':
    case 'options':
    case 'min_choices':
    case 'max_choices':
    case 'max_length':
      return part
    case 'scale_labels':
      return 'min_label'
    default:
      return 'title'
  }
}

/**
 * Where a reason the server gave shows in the form: `survey_questions.2.options` under that question's options,
 * `survey_questions.2` under its title; the survey's own fields as named.
 */
export const draftField = (serverField: string): FieldPath<SurveyDraft> | undefined => {
  const question = /^survey_questions\.(\d+)(?:\.([a-z_]+))?/.exec(serverField)
  if (question) return `questions.${Number(question[1])}.${questionField(question[2] ?? 'title')}`
  if (serverField === 'survey_questions') return 'questions'
  const top = serverField.split('.')[0] ?? ''
  return TOP_FIELDS.find((name) => name === top)
}

export type EditorForm = UseFormReturn<SurveyDraft, unknown, SurveyDraftValues>

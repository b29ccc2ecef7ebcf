import { z } from 'zod'

/** Question and option ids (contract §6.1). */
export const QuestionId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use 1–64 letters, digits, "_" or "-".' })

export const QuestionType = z.enum(['rating', 'nps', 'single_choice', 'multiple_choice', 'open_text'])
export type QuestionType = z.infer<typeof QuestionType>

export const QuestionOption = z.object({ id: QuestionId, label: z.string().trim().min(1).max(200) })

/** One survey question (contract §6.1); the per-type rules are checked by `questionProblems`. */
export const Question = z.object({
  id: QuestionId,
  type: QuestionType,
  title: z.string().trim().min(1).max(300),
  description: z.string().max(1000).nullable().optional(),
  required: z.boolean().default(true),
  options: z.array(QuestionOption).max(20).optional(),
  min_choices: z.number().int().min(1).optional(),
  max_choices: z.number().int().min(1).optional(),
  scale_labels: z.object({ min_label: z.string().max(50), max_label: z.string().max(50) }).optional(),
  max_length: z.number().int().min(1).max(5000).optional(),
})
export type Question = z.infer<typeof Question>

/** What breaks the §6.1 rules that depend on the question's type; empty when the question is well-formed. */
export function questionProblems(q: Question): string[] {
  const problems: string[] = []
  const choice = q.type === 'single_choice' || q.type === 'multiple_choice'
  const options = q.options ?? []
  if (choice) {
    if (options.length < 2) problems.push('A choice question needs 2 to 20 options.')
    if (new Set(options.map((o) => o.id)).size !== options.length) problems.push('Option ids must be unique.')
    if (new Set(options.map((o) => o.label.toLowerCase())).size !== options.length)
      problems.push('Option labels must be unique.')
  } else if (options.length > 0) problems.push('Only choice questions have options.')
  if (q.type !== 'multiple_choice' && (q.min_choices !== undefined || q.max_choices !== undefined))
    problems.push('Only multiple-choice questions have min_choices and max_choices.')
  if (q.type === 'multiple_choice') {
    const min = q.min_choices ?? 1
    const max = q.max_choices ?? options.length
    if (!(min >= 1 && min <= max && max <= options.length))
      problems.push('Choose 1 ≤ min_choices ≤ max_choices ≤ options.')
  }
  if (q.scale_labels && q.type !== 'rating' && q.type !== 'nps')
    problems.push('Only rating and NPS questions have scale labels.')
  if (q.max_length !== undefined && q.type !== 'open_text') problems.push('Only open-text questions have max_length.')
  return problems
}

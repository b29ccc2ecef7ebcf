import { z } from 'zod'
import { Id, Timestamp } from './common.js'
import { Question, QuestionType } from './survey.js'

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)
const Language = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'Enter a BCP 47 language tag, e.g. en or pt-BR.' })

/**
 * How much text each helper takes (contract §10.2–§10.4, §6.5). Longer texts are refused with 422
 * `ai.input_too_long` ("Shorten it to N characters."), not 400, so the dashboard can say how long is too long.
 */
export const AI_TEXT_LIMITS = {
  summarize: 20_000,
  paraphrase: 2000,
  prompt: 8000,
  context: 20_000,
  surveyContext: 4000,
} as const

/** What the service answers (422 `ai.input_too_long`) for a text over its limit; forms say it before asking. */
export const aiTextTooLong = (max: number) =>
  `The text is too long to process. Shorten it to ${max.toLocaleString('en-US')} characters.`

/** A text to process, named in its errors; its length is checked by the service against `AI_TEXT_LIMITS`. */
const aiText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, { error: `${label} is required.` })

/** What every AI reply reports about how it was made (contract §10.1). */
export const AiMeta = z.object({
  provider: z.enum(['local', 'openai']),
  model: z.string(),
  fallback: z.boolean(),
  generated_at: Timestamp,
  usage: z.object({ input_chars: z.number().int(), output_chars: z.number().int() }),
})
export type AiMeta = z.infer<typeof AiMeta>

/** §10.2: a chat of the caller's tenant, or a text (`summarize_context` is its legacy name). */
export const SummarizeRequest = z
  .object({
    chat_id: Id.optional(),
    text: aiText('Text').optional(),
    summarize_context: aiText('Text').optional(),
    max_key_points: z.coerce.number().int().min(1).max(10).default(5),
    language: Language.optional(),
  })
  .refine((v) => v.chat_id !== undefined || v.text !== undefined || v.summarize_context !== undefined, {
    error: 'Send a chat_id or a text to summarise.',
    path: ['text'],
  })
export type SummarizeRequest = z.infer<typeof SummarizeRequest>

export const Sentiment = z.enum(['positive', 'neutral', 'negative', 'mixed'])
export const SummarizeReply = AiMeta.extend({
  summary: z.string().max(1000),
  intent: z.string(),
  key_points: z.array(z.string()),
  open_questions: z.array(z.string()),
  sentiment: Sentiment,
  sentiment_score: z.number().min(-1).max(1),
  language: z.string(),
  chat_id: z.number().int().nullable(),
  message_count: z.number().int(),
})
export type SummarizeReply = z.infer<typeof SummarizeReply>

export const Tone = z.enum(['neutral', 'friendly', 'formal', 'concise', 'empathetic'])
export type Tone = z.infer<typeof Tone>

/** §10.3 (`paraphrase_context` is the legacy name of `text`). */
export const ParaphraseRequest = z
  .object({
    text: aiText('Text').optional(),
    paraphrase_context: aiText('Text').optional(),
    n: z.coerce.number().int().min(1).max(5).default(3),
    tone: z.preprocess(lower, Tone).default('neutral'),
    language: Language.optional(),
  })
  .refine((v) => v.text !== undefined || v.paraphrase_context !== undefined, {
    error: 'Text is required.',
    path: ['text'],
  })
export type ParaphraseRequest = z.infer<typeof ParaphraseRequest>

export const ParaphraseReply = AiMeta.extend({
  variants: z.array(z.string().max(4000)).min(1).max(5),
  paraphrase: z.string(),
  tone: Tone,
})
export type ParaphraseReply = z.infer<typeof ParaphraseReply>

/** §10.4 text mode; a body with `full_context` and no `prompt` is the legacy survey form (§6.5). */
export const GenerateRequest = z
  .object({
    prompt: aiText('Prompt').optional(),
    max_length: z.coerce.number().int().min(1).max(4000).default(800),
    context: z.string({ error: 'Must be text.' }).trim().optional(),
    chat_id: Id.optional(),
    temperature: z.coerce.number().min(0).max(1).default(0.7),
    full_context: aiText('Text').optional(),
    no_of_questions: z.coerce.number().int().min(1).max(20).optional(),
    survey_topic: z.string().trim().min(1).max(255).optional(),
    question_types: z.array(z.preprocess(lower, QuestionType)).min(1).optional(),
    language: Language.optional(),
  })
  .refine((v) => v.prompt !== undefined || v.full_context !== undefined, {
    error: 'Prompt is required.',
    path: ['prompt'],
  })
export type GenerateRequest = z.infer<typeof GenerateRequest>

export const GenerateReply = AiMeta.extend({
  generated_text: z.string(),
  finish_reason: z.enum(['stop', 'length']),
})
export type GenerateReply = z.infer<typeof GenerateReply>

/** §6.5: questions for a survey from its topic and context (`full_context` is the legacy name). */
export const SurveyGenerateRequest = z
  .object({
    survey_topic: z.string().trim().min(1).max(255),
    no_of_questions: z.coerce.number().int().min(1).max(20).default(5),
    survey_context: aiText('Text').optional(),
    full_context: aiText('Text').optional(),
    question_types: z.array(z.preprocess(lower, QuestionType)).min(1).optional(),
    language: Language.optional(),
  })
  .refine((v) => v.survey_context !== undefined || v.full_context !== undefined, {
    error: 'Describe the survey: who answers it and what you want to learn.',
    path: ['survey_context'],
  })
export type SurveyGenerateRequest = z.infer<typeof SurveyGenerateRequest>

export const SurveyGenerateReply = AiMeta.extend({
  generation_id: z.string(),
  survey_topic: z.string(),
  questions: z.array(Question),
})
export type SurveyGenerateReply = z.infer<typeof SurveyGenerateReply>

import { z } from 'zod'
import { Question, QuestionType, Sentiment, questionProblems } from '@proxima/contracts'
import type {
  ParaphraseInput,
  ParaphraseResult,
  QuestionsInput,
  QuestionsResult,
  SummarizeInput,
  SummaryResult,
} from './provider.js'

/**
 * The JSON tasks of the `openai` provider: a system prompt, the user message, and how the model's answer is read
 * (parsed, validated with zod, normalised). `read` returns the problems to send back in the one repair attempt.
 */
export type JsonTask<T> = {
  system: string
  user: string
  temperature: number
  read: (value: unknown) => { ok: true; value: T } | { ok: false; problems: string[] }
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()

/** Cuts at a word boundary and marks the cut with "…". */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s
  const cut = s.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

function zodProblems(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((i) => `${i.path.length ? i.path.join('.') : 'the answer'}: ${i.message}`)
}

/** Reads JSON from a reply: plain, inside a ``` fence, or the outermost {…} of a reply with prose around it. */
export function parseJsonReply(content: string): { ok: true; value: unknown } | { ok: false } {
  const attempts = [content.trim()]
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)
  if (fenced?.[1]) attempts.push(fenced[1].trim())
  const start = content.indexOf('{')
  const end = content.lastIndexOf('}')
  if (start >= 0 && end > start) attempts.push(content.slice(start, end + 1))
  for (const text of attempts) {
    try {
      return { ok: true, value: JSON.parse(text) as unknown }
    } catch {
      // try the next form
    }
  }
  return { ok: false }
}

const languageLine = (language: string) => `Write in the language with the BCP 47 tag "${language}".`

const SummaryOut = z.object({
  summary: z.string().trim().min(1),
  intent: z.string().trim().min(1),
  key_points: z.array(z.string().trim().min(1)).default([]),
  open_questions: z.array(z.string().trim().min(1)).default([]),
  sentiment: z.preprocess(lower, Sentiment),
  sentiment_score: z.coerce.number().min(-1).max(1),
  language: z.string().trim().min(2).max(35).optional(),
})

export function summaryTask(input: SummarizeInput): JsonTask<SummaryResult> {
  const what = input.lines ? 'a customer-support chat (one "Name: message" line per message, oldest first)' : 'a text'
  return {
    system: [
      `You summarise ${what} for the support team of an organisation.`,
      'Answer with one JSON object and nothing else, with exactly these keys:',
      '"summary" (string, at most 1000 characters), "intent" (one sentence: what the customer wants),',
      `"key_points" (array of at most ${input.maxKeyPoints} short strings),`,
      '"open_questions" (array of strings: the customer\'s questions that have not been answered yet; [] if none),',
      '"sentiment" ("positive", "neutral", "negative" or "mixed": the customer\'s mood),',
      '"sentiment_score" (number from -1 to 1), "language" (the BCP 47 tag you wrote in).',
      languageLine(input.language),
      'Use only facts from the input; never invent names, numbers or promises.',
    ].join('\n'),
    user: input.text,
    temperature: 0.2,
    read(value) {
      const parsed = SummaryOut.safeParse(value)
      if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) }
      const v = parsed.data
      return {
        ok: true,
        value: {
          summary: clip(v.summary, 1000),
          intent: v.intent,
          key_points: v.key_points.slice(0, input.maxKeyPoints),
          open_questions: v.open_questions,
          sentiment: v.sentiment,
          sentiment_score: Math.round(v.sentiment_score * 1000) / 1000,
          language: v.language ?? input.language,
        },
      }
    },
  }
}

const TONES = {
  neutral: 'neutral and clear',
  friendly: 'warm and friendly',
  formal: 'formal and polite',
  concise: 'short and to the point',
  empathetic: 'empathetic, acknowledging how the reader feels',
}

const ParaphraseOut = z.object({ variants: z.array(z.string()).min(1) })

export function paraphraseTask(input: ParaphraseInput): JsonTask<ParaphraseResult> {
  return {
    system: [
      `You rewrite a support agent's message in ${input.n} different ways, each ${TONES[input.tone]}.`,
      'Keep the meaning, facts, names and numbers; keep the language of the original text.',
      `Answer with one JSON object and nothing else: {"variants": [${input.n} strings]}.`,
      'Each variant must differ from the original and from the other variants.',
    ].join('\n'),
    user: input.text,
    temperature: 0.8,
    read(value) {
      const parsed = ParaphraseOut.safeParse(value)
      if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) }
      const seen = new Set([norm(input.text)])
      const variants: string[] = []
      for (const raw of parsed.data.variants) {
        const v = raw.trim()
        if (!v || seen.has(norm(v))) continue
        seen.add(norm(v))
        variants.push(clip(v, 4000))
      }
      if (variants.length === 0)
        return { ok: false, problems: ['variants: give at least one rewrite that differs from the original text.'] }
      return { ok: true, value: { variants: variants.slice(0, input.n) } }
    },
  }
}

const CHOICE = new Set(['single_choice', 'multiple_choice'])
const QuestionsOut = z.object({ questions: z.array(z.unknown()).min(1) })

/** Puts a model's question into the §6.1 shape where the intent is clear (ids, option objects, stray fields). */
function shapeQuestion(raw: unknown, index: number): unknown {
  if (typeof raw !== 'object' || raw === null) return raw
  const q = { ...(raw as Record<string, unknown>) }
  q.id = `q${index + 1}`
  if (typeof q.type === 'string') q.type = q.type.trim().toLowerCase()
  if (q.description === '') q.description = null
  const type = String(q.type)
  if (CHOICE.has(type) && Array.isArray(q.options)) {
    q.options = q.options.map((o: unknown, j) =>
      typeof o === 'string'
        ? { id: `o${j + 1}`, label: o }
        : typeof o === 'object' && o !== null
          ? { ...o, id: `o${j + 1}` }
          : o,
    )
  } else if (!CHOICE.has(type)) delete q.options
  if (type !== 'multiple_choice') {
    delete q.min_choices
    delete q.max_choices
  }
  if (type !== 'rating' && type !== 'nps') delete q.scale_labels
  if (type !== 'open_text') delete q.max_length
  for (const key of Object.keys(q)) if (q[key] === null && key !== 'description') delete q[key]
  return q
}

export function questionsTask(input: QuestionsInput): JsonTask<QuestionsResult> {
  const allowed = new Set<string>(input.types)
  return {
    system: [
      `You write exactly ${input.count} survey questions for an organisation's customers.`,
      'Answer with one JSON object and nothing else: {"questions": [...]}. Each question is an object with',
      `"type" (one of: ${input.types.join(', ')}), "title" (1-300 characters), "description" (string or null),`,
      '"required" (boolean); choice types also have "options": 2 to 20 objects {"label": string} with distinct',
      'labels, and multiple_choice may have "min_choices" and "max_choices"; rating (1-5) and nps (0-10) may have',
      '"scale_labels": {"min_label", "max_label"}; open_text may have "max_length" (1-5000).',
      'Ask one thing per question, neutrally, without leading wording; vary the types when several are allowed.',
      languageLine(input.language),
    ].join('\n'),
    user: `Topic: ${input.topic}\n\nAbout the survey: ${input.context}`,
    temperature: 0.4,
    read(value) {
      const parsed = QuestionsOut.safeParse(value)
      if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) }
      const problems: string[] = []
      const questions: Question[] = []
      parsed.data.questions.slice(0, input.count).forEach((raw, i) => {
        const q = Question.safeParse(shapeQuestion(raw, i))
        if (!q.success) {
          problems.push(...zodProblems(q.error).map((p) => `questions.${i}.${p}`))
          return
        }
        const own = questionProblems(q.data)
        if (!allowed.has(q.data.type)) own.push(`type must be one of ${input.types.join(', ')}.`)
        if (own.length > 0) problems.push(...own.map((p) => `questions.${i}: ${p}`))
        else questions.push(q.data)
      })
      if (parsed.data.questions.length < input.count)
        problems.push(`questions: give exactly ${input.count} questions (got ${parsed.data.questions.length}).`)
      return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { questions } }
    },
  }
}

export const ALL_QUESTION_TYPES = QuestionType.options

import { QuestionType, Tone } from '@proxima/contracts'
import type { AiProvider, ChatLine } from '../src/features/ai/provider.js'
import { transcript } from './fixtures/chat.js'
import { GENERATE, type GenerateCase } from './fixtures/generate.js'
import { PARAPHRASE, type ParaphraseCase } from './fixtures/paraphrase.js'
import { SUMMARIZE, type SummarizeCase } from './fixtures/summarize.js'
import { SURVEY, type SurveyCase } from './fixtures/survey.js'
import {
  contractionsLeft,
  factsKept,
  grammarIssues,
  lengthRatio,
  longestCopiedSpan,
  openQuestionScores,
  shorthandLeft,
} from './metrics.js'

/**
 * Runs every AI helper of one provider over the fixture set, one call at a time (so the times are those of a single
 * request, after one untimed warm-up call per helper), and scores each output with the metrics. The result holds the figures per helper and tone and, per
 * item, what the output was and what was wrong with it, so a miss can be traced to its items.
 */

export const HELPERS = ['paraphrase', 'generate', 'summarize', 'survey'] as const
export type Helper = (typeof HELPERS)[number]

export const TONES: Tone[] = Tone.options
/** Variants asked for per paraphrase. */
export const VARIANTS = 3

/** One fixture item's outcome. Fields a helper does not measure are absent. */
export type ItemResult = {
  id: string
  ms: number
  /** The provider failed (time limit, server error, invalid answer): no other field is set. */
  error?: string
  /** What the provider answered, as the figures saw it. */
  output?: unknown
  /** Facts missing from the output (from any paraphrase variant). */
  missingFacts?: string[]
  shorthand?: string[]
  contractions?: string[]
  /** Grammar issues, each prefixed with the output it was found in when there are several. */
  grammarIssues?: string[]
  /** Outputs checked for grammar, and how many of them had no issue. */
  outputs?: number
  cleanOutputs?: number
  copiedSpan?: number
  lengthRatio?: number
  /** Paraphrase: fewer variants than asked for; variants equal to the input or to each other. */
  fewerThanN?: boolean
  duplicates?: string[]
  /** Summarise. */
  openQuestions?: {
    expected: string[]
    actual: string[]
    precision: number
    recall: number
    matched: number
    /** Reported questions that match none of the open ones (answered, or not the customer's). */
    notOpen: string[]
  }
  sentiment?: { expected: string; actual: string }
  /** Survey: the number of questions asked for and received. */
  count?: { expected: number; actual: number }
  /** Generate: the reply fits in max_length. */
  withinMax?: boolean
}

/** The figures of one table: a helper, or a helper in one tone. Shares are 0 to 1; null when nothing was measured. */
export type Figures = {
  items: number
  errors: number
  /** Share of items whose output keeps every fact (paraphrase, summarise) or uses every key fact (generate). */
  factsKept?: number | null
  /** Share of items with shorthand / contractions left (formal paraphrase). */
  shorthandLeft?: number | null
  contractionsLeft?: number | null
  /** Share of outputs with no grammar issue. */
  grammatical: number | null
  copiedSpanMax?: number | null
  copiedSpanMedian?: number | null
  lengthRatioMedian?: number | null
  /** Generate: share of replies within max_length. */
  withinMax?: number | null
  /** Summarise: over all items, matched open questions over reported (precision) and over expected (recall). */
  openQuestionPrecision?: number | null
  openQuestionRecall?: number | null
  sentimentRight?: number | null
  /** Paraphrase: share of items with fewer than n variants, and with a variant equal to the input or another. */
  fewerThanN?: number | null
  duplicates?: number | null
  /** Survey: share of items with exactly the number of questions asked for. */
  countRight?: number | null
  msMedian: number | null
  msP95: number | null
}

export type TableResult = { helper: Helper; tone: Tone | null; figures: Figures; items: ItemResult[] }

export type Report = {
  provider: string
  model: string
  startedAt: string
  durationMs: number
  variants: number
  tables: TableResult[]
}

export type EvaluateOptions = {
  /** Only these helpers (all when absent). */
  only?: Helper[]
  /** At most this many items per helper, from the start of each fixture list (a quick run). */
  limit?: number
  /** The bound on one call, as the server's AI_TIMEOUT_SECONDS. */
  timeoutMs?: number
  /** Called after each item, for progress on a slow provider. */
  onItem?: (helper: Helper, tone: Tone | null, item: ItemResult) => void
}

const median = (xs: number[]) => quantile(xs, 0.5)

/** The q-quantile by the nearest-rank method; null for no values. */
export function quantile(xs: number[], q: number): number | null {
  if (xs.length === 0) return null
  const sorted = [...xs].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[rank - 1]!
}

const share = (items: ItemResult[], pass: (i: ItemResult) => boolean | undefined): number | null => {
  const measured = items.filter((i) => !i.error)
  return measured.length === 0 ? null : measured.filter((i) => pass(i) === true).length / measured.length
}

const numbers = (items: ItemResult[], pick: (i: ItemResult) => number | undefined) =>
  items.map(pick).filter((x): x is number => x !== undefined && Number.isFinite(x))

/** Compared for "is this a real change": lower case, letters and digits only. */
const sameText = (a: string, b: string) => {
  const key = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')
  return key(a) === key(b)
}

async function timed<T>(timeoutMs: number, call: (signal: AbortSignal) => Promise<T>) {
  const started = performance.now()
  try {
    const value = await call(AbortSignal.timeout(timeoutMs))
    return { value, ms: performance.now() - started }
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err), ms: performance.now() - started }
  }
}

/** Grammar over several outputs: how many are clean, and the issues labelled with the output's number. */
async function grammarOf(outputs: string[]) {
  const issues: string[] = []
  let clean = 0
  for (const [i, text] of outputs.entries()) {
    const found = await grammarIssues(text)
    if (found.length === 0) clean++
    issues.push(...found.map((f) => (outputs.length > 1 ? `#${i + 1} ${f}` : f)))
  }
  return { grammarIssues: issues, outputs: outputs.length, cleanOutputs: clean }
}

async function paraphraseItem(p: AiProvider, c: ParaphraseCase, tone: Tone, timeoutMs: number): Promise<ItemResult> {
  const r = await timed(timeoutMs, (signal) =>
    p.paraphrase({ text: c.text, n: VARIANTS, tone, language: 'en' }, signal),
  )
  if (r.error !== undefined) return { id: c.id, ms: r.ms, error: r.error }
  const variants = r.value.variants
  const missing = new Set(variants.flatMap((v) => factsKept(c.facts, v).missing))
  const duplicates: string[] = []
  variants.forEach((v, i) => {
    if (sameText(v, c.text)) duplicates.push(`#${i + 1} equals the input`)
    const j = variants.findIndex((w, k) => k < i && sameText(v, w))
    if (j >= 0) duplicates.push(`#${i + 1} equals #${j + 1}`)
  })
  return {
    id: c.id,
    ms: r.ms,
    output: variants,
    missingFacts: [...missing],
    shorthand: [...new Set(variants.flatMap(shorthandLeft))],
    contractions: [...new Set(variants.flatMap(contractionsLeft))],
    ...(await grammarOf(variants)),
    copiedSpan: Math.max(0, ...variants.map((v) => longestCopiedSpan(c.text, v))),
    lengthRatio: median(variants.map((v) => lengthRatio(c.text, v))) ?? undefined,
    fewerThanN: variants.length < VARIANTS,
    duplicates,
  }
}

/** The context the server hands to generation: the given context, then the chat's transcript (ai.service.ts). */
export function generateContext(c: Pick<GenerateCase, 'context' | 'chat'>): string | null {
  const parts = c.context ? [c.context] : []
  if (c.chat) parts.push(`The conversation so far (oldest first):\n${transcript(c.chat)}`)
  return parts.length > 0 ? parts.join('\n\n') : null
}

/** The texts a reply must not copy from: the context and the chat's messages (not the prompt, which it answers). */
const generateSources = (c: GenerateCase) => [c.context ?? '', ...(c.chat ?? []).map((l) => l.text)].join('\n')

async function generateItem(p: AiProvider, c: GenerateCase, timeoutMs: number): Promise<ItemResult> {
  const context = generateContext(c)
  const r = await timed(timeoutMs, (signal) =>
    p.generate({ prompt: c.prompt, context, maxLength: c.maxLength, temperature: 0.7, language: 'en' }, signal),
  )
  if (r.error !== undefined) return { id: c.id, ms: r.ms, error: r.error }
  const text = r.value.text.trim()
  return {
    id: c.id,
    ms: r.ms,
    output: text,
    missingFacts: factsKept(c.facts, text).missing,
    ...(await grammarOf([text])),
    copiedSpan: longestCopiedSpan(generateSources(c), text),
    lengthRatio: text.length / c.maxLength,
    withinMax: text.length <= c.maxLength,
  }
}

const chatText = (lines: ChatLine[]) => lines.map((l) => l.text).join('\n')

async function summarizeItem(p: AiProvider, c: SummarizeCase, timeoutMs: number): Promise<ItemResult> {
  const text = transcript(c.lines)
  const r = await timed(timeoutMs, (signal) =>
    p.summarize({ lines: c.lines, text, maxKeyPoints: 5, language: 'en' }, signal),
  )
  if (r.error !== undefined) return { id: c.id, ms: r.ms, error: r.error }
  const s = r.value
  // The summary as an agent reads it: the summary, the intent and the key points. Open questions are meant to
  // be the customer's own words, so they are neither checked for copying nor for grammar.
  const written = [s.summary, s.intent, ...s.key_points]
  const scores = openQuestionScores(c.openQuestions, s.open_questions)
  return {
    id: c.id,
    ms: r.ms,
    output: s,
    missingFacts: factsKept(c.facts, written.join('\n')).missing,
    ...(await grammarOf([s.summary, s.intent])),
    copiedSpan: Math.max(...written.map((w) => longestCopiedSpan(chatText(c.lines), w))),
    lengthRatio: lengthRatio(text, s.summary),
    openQuestions: {
      expected: c.openQuestions,
      actual: s.open_questions,
      ...scores,
      matched: Math.round(scores.recall * c.openQuestions.length),
      notOpen: s.open_questions.filter((q) => openQuestionScores(c.openQuestions, [q]).precision === 0),
    },
    sentiment: { expected: c.sentiment, actual: s.sentiment },
  }
}

async function surveyItem(p: AiProvider, c: SurveyCase, timeoutMs: number): Promise<ItemResult> {
  const r = await timed(timeoutMs, (signal) =>
    p.surveyQuestions(
      { topic: c.topic, context: c.context, count: c.count, types: QuestionType.options, language: 'en' },
      signal,
    ),
  )
  if (r.error !== undefined) return { id: c.id, ms: r.ms, error: r.error }
  const questions = r.value.questions
  return {
    id: c.id,
    ms: r.ms,
    output: questions,
    ...(await grammarOf(questions.map((q) => q.title))),
    copiedSpan: Math.max(0, ...questions.map((q) => longestCopiedSpan(c.context, q.title))),
    count: { expected: c.count, actual: questions.length },
  }
}

/** The figures of one table from its items. */
export function figuresOf(helper: Helper, tone: Tone | null, items: ItemResult[]): Figures {
  const ok = items.filter((i) => !i.error)
  const times = items.map((i) => i.ms)
  const outputs = ok.reduce((n, i) => n + (i.outputs ?? 0), 0)
  const clean = ok.reduce((n, i) => n + (i.cleanOutputs ?? 0), 0)
  const spans = numbers(ok, (i) => i.copiedSpan)
  const figures: Figures = {
    items: items.length,
    errors: items.length - ok.length,
    grammatical: outputs === 0 ? null : clean / outputs,
    msMedian: median(times),
    msP95: quantile(times, 0.95),
  }
  if (helper !== 'survey') figures.factsKept = share(items, (i) => i.missingFacts?.length === 0)
  if (helper === 'paraphrase' && tone === 'formal') {
    figures.shorthandLeft = share(items, (i) => (i.shorthand?.length ?? 0) > 0)
    figures.contractionsLeft = share(items, (i) => (i.contractions?.length ?? 0) > 0)
  }
  figures.copiedSpanMax = spans.length === 0 ? null : Math.max(...spans)
  figures.copiedSpanMedian = median(spans)
  if (helper !== 'survey') figures.lengthRatioMedian = median(numbers(ok, (i) => i.lengthRatio))
  if (helper === 'generate') figures.withinMax = share(items, (i) => i.withinMax)
  if (helper === 'paraphrase') {
    figures.fewerThanN = share(items, (i) => i.fewerThanN)
    figures.duplicates = share(items, (i) => (i.duplicates?.length ?? 0) > 0)
  }
  if (helper === 'summarize') {
    const q = ok.map((i) => i.openQuestions!)
    const reported = q.reduce((n, x) => n + x.actual.length, 0)
    const expected = q.reduce((n, x) => n + x.expected.length, 0)
    const matched = q.reduce((n, x) => n + x.matched, 0)
    figures.openQuestionPrecision = ok.length === 0 ? null : reported === 0 ? 1 : matched / reported
    figures.openQuestionRecall = ok.length === 0 ? null : expected === 0 ? 1 : matched / expected
    figures.sentimentRight = share(items, (i) => i.sentiment && i.sentiment.expected === i.sentiment.actual)
  }
  if (helper === 'survey') figures.countRight = share(items, (i) => i.count && i.count.actual === i.count.expected)
  return figures
}

/** Evaluates `provider` on the fixture set. */
export async function evaluate(provider: AiProvider, options: EvaluateOptions = {}): Promise<Report> {
  const started = Date.now()
  const helpers = options.only ?? [...HELPERS]
  const timeoutMs = options.timeoutMs ?? 45_000
  const take = <T>(list: T[]) => (options.limit === undefined ? list : list.slice(0, options.limit))
  const tables: TableResult[] = []

  const warm = new Set<Helper>()
  const run = async <C>(helper: Helper, tone: Tone | null, cases: C[], one: (c: C) => Promise<ItemResult>) => {
    const items: ItemResult[] = []
    // One untimed call first, so that loading (the engine's lexicon, a model into a server's memory) is not
    // counted as the time of the first item.
    if (!warm.has(helper) && cases.length > 0) {
      warm.add(helper)
      await one(cases[0]!)
    }
    for (const c of take(cases)) {
      const item = await one(c)
      items.push(item)
      options.onItem?.(helper, tone, item)
    }
    tables.push({ helper, tone, figures: figuresOf(helper, tone, items), items })
  }

  for (const helper of HELPERS) {
    if (!helpers.includes(helper)) continue
    if (helper === 'paraphrase') {
      for (const tone of TONES) await run(helper, tone, PARAPHRASE, (c) => paraphraseItem(provider, c, tone, timeoutMs))
    }
    if (helper === 'generate') await run(helper, null, GENERATE, (c) => generateItem(provider, c, timeoutMs))
    if (helper === 'summarize') await run(helper, null, SUMMARIZE, (c) => summarizeItem(provider, c, timeoutMs))
    if (helper === 'survey') await run(helper, null, SURVEY, (c) => surveyItem(provider, c, timeoutMs))
  }
  return {
    provider: provider.name,
    model: provider.model,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    variants: VARIANTS,
    tables,
  }
}

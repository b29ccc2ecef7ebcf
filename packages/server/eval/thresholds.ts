import type { Report, TableResult } from './evaluate.js'

/** The quality bars the built-in engine must meet on the fixture set (docs/AI.md, "Evaluation"). */
export const THRESHOLDS = {
  /** Formal paraphrase: share of items with shorthand left, and share keeping every fact. */
  formalShorthandLeft: 0,
  formalFactsKept: 1,
  /** Any tone: share of items with a variant equal to the input or to another variant. */
  paraphraseDuplicates: 0,
  /** Generate: share of items using every key fact, and the longest span copied from the context or chat. */
  generateFactsUsed: 0.9,
  generateCopiedSpanMax: 8,
  /** Summarise: the longest span copied from the chat, and the precision of the open questions. */
  summaryCopiedSpanMax: 12,
  openQuestionPrecision: 0.9,
} as const

/** The thresholds by name, as the misses report them. */
export type ThresholdKey =
  | 'answers'
  | 'formal-shorthand'
  | 'formal-facts'
  | 'paraphrase-duplicates'
  | 'generate-facts'
  | 'generate-copy'
  | 'summary-copy'
  | 'open-question-precision'

export const THRESHOLD_KEYS: ThresholdKey[] = [
  'answers',
  'formal-shorthand',
  'formal-facts',
  'paraphrase-duplicates',
  'generate-facts',
  'generate-copy',
  'summary-copy',
  'open-question-precision',
]

/** A threshold the report misses: which one, what was measured, and the items to look at. */
export type Miss = { key: ThresholdKey; threshold: string; measured: string; items: string[] }

const pct = (x: number) => `${Math.round(x * 100)}%`

/**
 * The thresholds `report` misses; empty when all are met. Only the tables in the report are judged (an `--only`
 * run judges its helper). A call that failed misses too: its output could not be scored.
 */
export function thresholdMisses(report: Report): Miss[] {
  const misses: Miss[] = []
  const tables = (helper: TableResult['helper']) => report.tables.filter((t) => t.helper === helper)
  const label = (t: TableResult, id: string) => (t.tone ? `${t.tone}/${id}` : id)

  const failed = report.tables.flatMap((t) =>
    t.items.filter((i) => i.error).map((i) => `${label(t, i.id)} (${i.error})`),
  )
  if (failed.length > 0)
    misses.push({ key: 'answers', threshold: 'every call answers', measured: `${failed.length} failed`, items: failed })

  for (const t of tables('paraphrase')) {
    const ok = t.items.filter((i) => !i.error)
    if (t.tone === 'formal') {
      const shorthand = ok.filter((i) => (i.shorthand?.length ?? 0) > 0)
      if (shorthand.length / Math.max(1, ok.length) > THRESHOLDS.formalShorthandLeft) {
        misses.push({
          key: 'formal-shorthand',
          threshold: 'formal paraphrase leaves no shorthand',
          measured: `${shorthand.length} of ${ok.length} items`,
          items: shorthand.map((i) => `${i.id} (${i.shorthand!.join(', ')})`),
        })
      }
      const lost = ok.filter((i) => (i.missingFacts?.length ?? 0) > 0)
      if (ok.length > 0 && (ok.length - lost.length) / ok.length < THRESHOLDS.formalFactsKept) {
        misses.push({
          key: 'formal-facts',
          threshold: 'formal paraphrase keeps every fact',
          measured: `${lost.length} of ${ok.length} items lose a fact`,
          items: lost.map((i) => `${i.id} (${i.missingFacts!.join(', ')})`),
        })
      }
    }
    const same = ok.filter((i) => (i.duplicates?.length ?? 0) > 0)
    if (same.length / Math.max(1, ok.length) > THRESHOLDS.paraphraseDuplicates) {
      misses.push({
        key: 'paraphrase-duplicates',
        threshold: `no ${t.tone} variant equals its input or another variant`,
        measured: `${same.length} of ${ok.length} items`,
        items: same.map((i) => `${i.id} (${i.duplicates!.join('; ')})`),
      })
    }
  }

  for (const t of tables('generate')) {
    const ok = t.items.filter((i) => !i.error)
    const lost = ok.filter((i) => (i.missingFacts?.length ?? 0) > 0)
    const used = ok.length === 0 ? 1 : (ok.length - lost.length) / ok.length
    if (used < THRESHOLDS.generateFactsUsed) {
      misses.push({
        key: 'generate-facts',
        threshold: `generation uses the key facts on >= ${pct(THRESHOLDS.generateFactsUsed)} of items`,
        measured: `${pct(used)} (${ok.length - lost.length} of ${ok.length})`,
        items: lost.map((i) => `${i.id} (${i.missingFacts!.join(', ')})`),
      })
    }
    const copied = ok.filter((i) => (i.copiedSpan ?? 0) > THRESHOLDS.generateCopiedSpanMax)
    if (copied.length > 0) {
      misses.push({
        key: 'generate-copy',
        threshold: `generation copies at most ${THRESHOLDS.generateCopiedSpanMax} words in a row from the context or chat`,
        measured: `longest ${Math.max(...copied.map((i) => i.copiedSpan!))} words`,
        items: copied.map((i) => `${i.id} (${i.copiedSpan} words)`),
      })
    }
  }

  for (const t of tables('summarize')) {
    const ok = t.items.filter((i) => !i.error)
    const copied = ok.filter((i) => (i.copiedSpan ?? 0) > THRESHOLDS.summaryCopiedSpanMax)
    if (copied.length > 0) {
      misses.push({
        key: 'summary-copy',
        threshold: `summaries copy at most ${THRESHOLDS.summaryCopiedSpanMax} words in a row from the chat`,
        measured: `longest ${Math.max(...copied.map((i) => i.copiedSpan!))} words`,
        items: copied.map((i) => `${i.id} (${i.copiedSpan} words)`),
      })
    }
    const precision = t.figures.openQuestionPrecision
    if (precision !== null && precision !== undefined && precision < THRESHOLDS.openQuestionPrecision) {
      const wrong = ok.filter((i) => i.openQuestions && i.openQuestions.precision < 1)
      misses.push({
        key: 'open-question-precision',
        threshold: `open-question precision >= ${THRESHOLDS.openQuestionPrecision}`,
        measured: precision.toFixed(2),
        items: wrong.map((i) => {
          const q = i.openQuestions!
          return `${i.id} (${q.actual.length - q.matched} of ${q.actual.length} not open: ${q.notOpen.join(' | ')})`
        }),
      })
    }
  }
  return misses
}

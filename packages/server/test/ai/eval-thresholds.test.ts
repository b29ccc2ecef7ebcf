import { beforeAll, describe, expect, it } from 'vitest'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import { evaluate, type Report } from '../../eval/evaluate.js'
import { THRESHOLDS, thresholdMisses, type Miss, type ThresholdKey } from '../../eval/thresholds.js'

/**
 * The built-in engine against the quality thresholds of docs/AI.md ("Evaluation"), on the whole fixture set. Each
 * threshold is its own test, and a failure names the threshold, the figure and the items that miss it.
 */
describe('the built-in engine meets the evaluation thresholds', () => {
  let report: Report
  let misses: Miss[]

  beforeAll(async () => {
    report = await evaluate(createLocalProvider())
    misses = thresholdMisses(report)
  }, 180_000)

  /** Asserts the threshold is met; the failure names the figure and every item that misses it. */
  const met = (key: ThresholdKey) => {
    const missed = misses.filter((m) => m.key === key)
    const explanation = missed.map((m) => `${m.threshold}: ${m.measured}\n  ${m.items.join('\n  ')}`).join('\n')
    expect(missed.length, explanation).toBe(0)
  }

  it('evaluates every helper on every fixture item', () => {
    const tables = report.tables.map((t) => (t.tone ? `${t.helper}/${t.tone}` : t.helper))
    expect(tables).toEqual([
      'paraphrase/neutral',
      'paraphrase/friendly',
      'paraphrase/formal',
      'paraphrase/concise',
      'paraphrase/empathetic',
      'generate',
      'summarize',
      'survey',
    ])
    met('answers')
  })

  it('formal paraphrase leaves no shorthand, on all items', () => {
    met('formal-shorthand')
  })

  it('formal paraphrase keeps every fact, on all items', () => {
    met('formal-facts')
  })

  it('no paraphrase variant equals its input or another variant, in any tone', () => {
    met('paraphrase-duplicates')
  })

  it(`generation uses the prompt's key facts on at least ${THRESHOLDS.generateFactsUsed * 100}% of items`, () => {
    met('generate-facts')
  })

  it(`generation never copies more than ${THRESHOLDS.generateCopiedSpanMax} words in a row from the context or chat`, () => {
    met('generate-copy')
  })

  it(`summaries never copy more than ${THRESHOLDS.summaryCopiedSpanMax} words in a row from the chat`, () => {
    met('summary-copy')
  })

  it(`open-question precision is at least ${THRESHOLDS.openQuestionPrecision}`, () => {
    met('open-question-precision')
  })
})

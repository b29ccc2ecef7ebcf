import type { Figures, Report, TableResult } from './evaluate.js'
import { THRESHOLDS, type Miss } from './thresholds.js'

/**
 * The evaluation as tables: one per helper and, for paraphrase, per tone. Each row is one figure with its value
 * and, where there is one, the threshold it is held to. Plain text fits an 80-column terminal; Markdown is for
 * docs/AI.md.
 */

type Row = [figure: string, value: string, threshold: string]

const pct = (share: number) => `${Math.round(share * 100)}%`
const round = (x: number, digits: number) => (Number.isInteger(x) ? String(x) : x.toFixed(digits))

/** A share as "92% (24/26)": the percentage and the count behind it. */
function ofItems(share: number | null | undefined, measured: number): string {
  if (share === null || share === undefined) return 'n/a'
  return `${pct(share)} (${Math.round(share * measured)}/${measured})`
}

const pair = (a: number | null | undefined, b: number | null | undefined, digits = 0) =>
  a === null || a === undefined || b === null || b === undefined ? 'n/a' : `${round(a, digits)} / ${round(b, digits)}`

function outputsOf(t: TableResult) {
  const ok = t.items.filter((i) => !i.error)
  return {
    outputs: ok.reduce((n, i) => n + (i.outputs ?? 0), 0),
    clean: ok.reduce((n, i) => n + (i.cleanOutputs ?? 0), 0),
  }
}

/** The rows of one table, in a fixed order; figures a helper does not measure are left out. */
export function rowsOf(t: TableResult): Row[] {
  const f: Figures = t.figures
  const measured = f.items - f.errors
  const rows: Row[] = [['items', f.errors > 0 ? `${f.items} (${f.errors} failed)` : String(f.items), '']]
  const formal = t.helper === 'paraphrase' && t.tone === 'formal'
  if (f.factsKept !== undefined) {
    const label = t.helper === 'generate' ? 'prompt facts used (items with all)' : 'facts kept (items with all)'
    const threshold =
      t.helper === 'generate'
        ? `>= ${pct(THRESHOLDS.generateFactsUsed)}`
        : formal
          ? pct(THRESHOLDS.formalFactsKept)
          : ''
    rows.push([label, ofItems(f.factsKept, measured), threshold])
  }
  if (f.shorthandLeft !== undefined) rows.push(['shorthand left (items)', ofItems(f.shorthandLeft, measured), '0%'])
  if (f.contractionsLeft !== undefined)
    rows.push(['contractions left (items)', ofItems(f.contractionsLeft, measured), ''])
  const { outputs, clean } = outputsOf(t)
  rows.push([
    'grammatical (outputs with no issue)',
    f.grammatical === null ? 'n/a' : `${pct(f.grammatical)} (${clean}/${outputs})`,
    '',
  ])
  const spanLimit =
    t.helper === 'generate'
      ? `max <= ${THRESHOLDS.generateCopiedSpanMax}`
      : t.helper === 'summarize'
        ? `max <= ${THRESHOLDS.summaryCopiedSpanMax}`
        : ''
  rows.push(['longest copied span, words (max / median)', pair(f.copiedSpanMax, f.copiedSpanMedian), spanLimit])
  if (f.lengthRatioMedian !== undefined) {
    const label = t.helper === 'generate' ? 'length / max_length (median)' : 'length ratio (median)'
    rows.push([label, f.lengthRatioMedian === null ? 'n/a' : f.lengthRatioMedian.toFixed(2), ''])
  }
  if (f.withinMax !== undefined) rows.push(['within max_length (items)', ofItems(f.withinMax, measured), ''])
  if (f.openQuestionPrecision !== undefined) {
    rows.push([
      'open questions (precision / recall)',
      pair(f.openQuestionPrecision, f.openQuestionRecall, 2),
      `precision >= ${THRESHOLDS.openQuestionPrecision}`,
    ])
  }
  if (f.sentimentRight !== undefined) rows.push(['sentiment right (items)', ofItems(f.sentimentRight, measured), ''])
  if (f.fewerThanN !== undefined) rows.push(['fewer than n variants (items)', ofItems(f.fewerThanN, measured), ''])
  if (f.duplicates !== undefined) {
    rows.push(['duplicate or unchanged variants (items)', ofItems(f.duplicates, measured), '0%'])
  }
  if (f.countRight !== undefined) rows.push(['question count right (items)', ofItems(f.countRight, measured), ''])
  rows.push(['time per call, ms (median / p95)', pair(f.msMedian, f.msP95), ''])
  return rows
}

export const titleOf = (t: TableResult) => (t.tone ? `${t.helper}, ${t.tone}` : t.helper)

function textTable(title: string, rows: Row[]): string {
  const head: Row = ['figure', 'value', 'threshold']
  const all = [head, ...rows]
  const width = [0, 1, 2].map((c) => Math.max(...all.map((r) => r[c]!.length)))
  const line = (r: Row) =>
    r
      .map((cell, c) => cell.padEnd(width[c]!))
      .join('  ')
      .trimEnd()
  const rule = '-'.repeat(width.reduce((a, b) => a + b, 4))
  return [title, rule, line(head), rule, ...rows.map(line), ''].join('\n')
}

function markdownTable(title: string, rows: Row[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|')
  return [
    `#### ${title}`,
    '',
    '| Figure | Value | Threshold |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    '',
  ].join('\n')
}

/** The whole report: a heading line, the tables and the thresholds' outcome. */
export function renderReport(report: Report, misses: Miss[], format: 'text' | 'markdown'): string {
  const items = new Set(report.tables.flatMap((t) => t.items.map((i) => `${t.helper}/${i.id}`))).size
  const heading = `AI evaluation: provider ${report.provider}, model ${report.model}, ${items} items, ${(report.durationMs / 1000).toFixed(1)} s`
  const parts = [format === 'markdown' ? `${heading}\n` : `${heading}\n`]
  for (const t of report.tables) {
    parts.push(format === 'markdown' ? markdownTable(titleOf(t), rowsOf(t)) : textTable(titleOf(t), rowsOf(t)))
  }
  if (misses.length === 0) {
    parts.push('Thresholds: all met.')
  } else {
    // At most eight items per threshold; the JSON lists them all.
    const indent = format === 'markdown' ? '  - ' : '      '
    parts.push(`Thresholds missed: ${misses.length}`)
    for (const m of misses) {
      parts.push(`${format === 'markdown' ? '- ' : '  - '}${m.threshold}: ${m.measured}`)
      for (const item of m.items.slice(0, 8)) {
        // Terminal lines stay within 120 columns; the JSON has every item in full.
        const shown = format === 'text' && item.length > 112 ? `${item.slice(0, 111)}…` : item
        parts.push(`${indent}${shown}`)
      }
      if (m.items.length > 8) parts.push(`${indent}… and ${m.items.length - 8} more (see the JSON)`)
    }
  }
  return parts.join('\n')
}

import { describe, expect, it } from 'vitest'
import { GENERATE } from '../../eval/fixtures/generate.js'
import { PARAPHRASE } from '../../eval/fixtures/paraphrase.js'
import { SUMMARIZE } from '../../eval/fixtures/summarize.js'
import { SURVEY } from '../../eval/fixtures/survey.js'
import {
  contractionsLeft,
  factsKept,
  grammarIssues,
  lengthRatio,
  longestCopiedSpan,
  openQuestionScores,
  shorthandLeft,
} from '../../eval/metrics.js'
import {
  figuresOf,
  quantile,
  type Helper,
  type ItemResult,
  type Report,
  type TableResult,
} from '../../eval/evaluate.js'
import { thresholdMisses } from '../../eval/thresholds.js'
import { renderReport } from '../../eval/report.js'
import type { Tone } from '@proxima/contracts'

describe('factsKept', () => {
  it('splits the facts into those found exactly and those missing', () => {
    const text = 'Your refund of €89.99 for order #48213 arrives by friday.'
    expect(factsKept(['€89.99', '#48213', 'Friday', '48213!'], text)).toEqual({
      kept: ['€89.99', '#48213'],
      missing: ['Friday', '48213!'],
    })
  })

  it('keeps everything when there are no facts', () => {
    expect(factsKept([], 'anything')).toEqual({ kept: [], missing: [] })
  })
})

describe('shorthandLeft', () => {
  it('finds texting shorthand, slang and apostrophe-less contractions, each once, as written', () => {
    expect(shorthandLeft('hi ur order cant ship till monday, pls send ur address again thx')).toEqual([
      'ur',
      'cant',
      'pls',
      'thx',
    ])
    expect(shorthandLeft('IDK, u gonna call me ASAP? btw im home tmrw, Msg me')).toEqual([
      'IDK',
      'u',
      'gonna',
      'ASAP',
      'btw',
      'im',
      'tmrw',
      'Msg',
    ])
  })

  it('leaves ordinary English, names, initialisms, links and e-mail addresses alone', () => {
    expect(
      shorthandLeft(
        'Its colour is fine, and we were well. Plan B ships to the U.S. today. Version v3 of the B2B app. ' +
          'See https://u.example.com/pls/thx or write to u.r@example.com.',
      ),
    ).toEqual([])
  })

  it('finds nothing in a careful formal text', () => {
    expect(
      shorthandLeft('Hello, your order cannot ship until Monday. Please send your address again. Thank you.'),
    ).toEqual([])
  })
})

describe('contractionsLeft', () => {
  it('finds contractions with straight or curly apostrophes', () => {
    expect(contractionsLeft("I can't say we’re sure it's late, but you'll get it; I'd check. Won’t you?")).toEqual([
      "can't",
      'we’re',
      "it's",
      "you'll",
      "I'd",
      'Won’t',
    ])
  })

  it('does not count possessives, names or plain words', () => {
    expect(contractionsLeft("Anna's order and the customers' parcels reached Megan O'Brien. It is late.")).toEqual([])
  })
})

describe('longestCopiedSpan', () => {
  it('counts the longest run of shared words, ignoring case and punctuation', () => {
    const source = 'The refund of €89.99 was issued today to your Visa card.'
    expect(longestCopiedSpan(source, 'We issued it: the REFUND of €89.99, was issued today!')).toBe(8)
    expect(longestCopiedSpan(source, 'Your money is on its way back.')).toBe(1)
    expect(longestCopiedSpan(source, 'Nothing in common here.')).toBe(0)
  })

  it('is zero for an empty text and the full length for a copy', () => {
    expect(longestCopiedSpan('', 'some words')).toBe(0)
    expect(longestCopiedSpan('one two three four', 'One two three four.')).toBe(4)
  })

  it('finds a span in the middle of long texts', () => {
    const filler = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ')
    const shared = 'please send your address again so we can ship'
    expect(longestCopiedSpan(`${filler(200, 'a')} ${shared} ${filler(50, 'b')}`, `${filler(30, 'c')} ${shared}.`)).toBe(
      9,
    )
  })
})

describe('lengthRatio', () => {
  it('divides the output length by the input length, with runs of spaces counted once', () => {
    expect(lengthRatio('abcd', 'ab')).toBe(0.5)
    expect(lengthRatio('a  b', 'a b c d')).toBeCloseTo(7 / 3)
    expect(lengthRatio('', '')).toBe(1)
    expect(lengthRatio('', 'x')).toBe(Infinity)
  })
})

describe('openQuestionScores', () => {
  const expected = ['Will I get an email confirmation too?', 'Why does this keep happening?']

  it('scores exact, trimmed and slightly rephrased questions as matches', () => {
    expect(openQuestionScores(expected, ['Will I get an email confirmation too?'])).toEqual({
      precision: 1,
      recall: 0.5,
    })
    expect(openQuestionScores(expected, ['why does this keep happening', 'will i get an email confirmation?'])).toEqual(
      {
        precision: 1,
        recall: 1,
      },
    )
  })

  it('counts answered or invented questions against precision, and each question once', () => {
    expect(openQuestionScores(expected, ['How long will it take?', 'Why does this keep happening?'])).toEqual({
      precision: 0.5,
      recall: 0.5,
    })
    const twice = openQuestionScores(['Why does this keep happening?'], ['Why does this keep happening?', 'Why?'])
    expect(twice).toEqual({ precision: 0.5, recall: 1 })
  })

  it('scores empty lists as right', () => {
    expect(openQuestionScores([], [])).toEqual({ precision: 1, recall: 1 })
    expect(openQuestionScores(expected, [])).toEqual({ precision: 1, recall: 0 })
    expect(openQuestionScores([], ['Is it shipped?'])).toEqual({ precision: 0, recall: 1 })
  })
})

describe('grammarIssues', () => {
  it('finds nothing in careful English with names, amounts and links', async () => {
    const text =
      'Hello Mr. Okafor, thank you for your patience. Your refund of €89.99 for order #48213 was issued today. ' +
      'You can follow it at https://track.example.com/r/48213. If you have any questions, write to help@example.com!\n' +
      'The iPad app (version 4.2.1) is an update we are proud of; it is also "free".'
    expect(await grammarIssues(text)).toEqual([])
  })

  it('finds repeated words, wrong articles, sentence spacing and missing apostrophes', async () => {
    const issues = await grammarIssues('I saw a apple and and a pear.  We dont know why.')
    expect(issues.some((i) => i.includes('repeated') && i.includes('and'))).toBe(true)
    expect(issues.some((i) => i.includes('retext-indefinite-article'))).toBe(true)
    expect(issues.some((i) => i.includes('retext-sentence-spacing'))).toBe(true)
    expect(issues.some((i) => i.includes('retext-contractions') && i.includes('dont'))).toBe(true)
  })

  it('accepts straight and curly apostrophes alike', async () => {
    expect(await grammarIssues("We can't and we won’t.")).toEqual([])
  })

  it('finds lower-case sentence starts and missing end punctuation', async () => {
    expect(await grammarIssues('hello there. we will call you')).toEqual([
      'sentence starts in lower case: "hello"',
      'sentence starts in lower case: "we"',
      'no end punctuation: "…we will call you"',
    ])
  })

  it('finds doubled punctuation, spaces before punctuation and unbalanced quotes and brackets', async () => {
    const issues = await grammarIssues('Thanks!! Is it here?? Yes ,, it is (really. He said "fine.')
    expect(issues).toEqual(
      expect.arrayContaining([
        'doubled punctuation: "!!"',
        'doubled punctuation: "??"',
        'doubled punctuation: ",,"',
        'space before punctuation: ",,"',
        'unbalanced quotation marks: "',
        'unbalanced brackets: ( )',
      ]),
    )
    expect(await grammarIssues('Wait... what? It costs $5.')).toEqual([])
  })

  it('accepts a closing emoji after the end punctuation', async () => {
    expect(await grammarIssues('Perfect, thanks again. 😊')).toEqual([])
    expect(await grammarIssues('Perfect, thanks again 😊')).toHaveLength(1)
  })
})

describe('the fixture set', () => {
  it('has at least 60 cases with distinct ids', () => {
    const ids = [...PARAPHRASE, ...GENERATE, ...SUMMARIZE, ...SURVEY].map((c) => c.id)
    expect(ids.length).toBeGreaterThanOrEqual(60)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('lists only facts that appear in the texts they come from', () => {
    for (const c of PARAPHRASE) expect(factsKept(c.facts, c.text).missing, c.id).toEqual([])
    for (const c of SUMMARIZE) {
      expect(factsKept(c.facts, c.lines.map((l) => l.text).join('\n')).missing, c.id).toEqual([])
    }
  })

  it('lists open questions exactly as the customer wrote them', () => {
    for (const c of SUMMARIZE) {
      const customer = c.lines.filter((l) => l.speaker === 'customer').map((l) => l.text)
      for (const q of c.openQuestions) {
        expect(q.endsWith('?'), `${c.id}: ${q}`).toBe(true)
        expect(
          customer.some((t) => t.includes(q)),
          `${c.id}: ${q}`,
        ).toBe(true)
      }
    }
  })
})

describe('quantile', () => {
  it('takes the nearest rank', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3)
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2)
    expect(
      quantile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(19)
    expect(quantile([], 0.5)).toBeNull()
  })
})

describe('thresholdMisses', () => {
  const table = (helper: Helper, tone: Tone | null, items: ItemResult[]): TableResult => ({
    helper,
    tone,
    figures: figuresOf(helper, tone, items),
    items,
  })
  const report = (...tables: TableResult[]): Report => ({
    provider: 'local',
    model: 'local-v1',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    variants: 3,
    tables,
  })
  const good = { ms: 1, outputs: 1, cleanOutputs: 1, missingFacts: [], copiedSpan: 3 }
  const paraphrase = (tone: Tone, extra: Partial<ItemResult> = {}) =>
    table('paraphrase', tone, [
      { id: 'p1', ...good, shorthand: [], contractions: [], duplicates: [], fewerThanN: false },
      { id: 'p2', ...good, shorthand: [], contractions: [], duplicates: [], fewerThanN: false, ...extra },
    ])
  const question = (expected: string[], actual: string[], matched: number, notOpen: string[]) => ({
    expected,
    actual,
    matched,
    notOpen,
    precision: actual.length === 0 ? 1 : matched / actual.length,
    recall: expected.length === 0 ? 1 : matched / expected.length,
  })

  it('finds nothing to report on outputs that meet every threshold', () => {
    const generate = table(
      'generate',
      null,
      Array.from({ length: 10 }, (_, i) => ({ id: `g${i}`, ...good, copiedSpan: 8, withinMax: true })),
    )
    const summarize = table('summarize', null, [
      { id: 's1', ...good, copiedSpan: 12, openQuestions: question(['Why?'], ['Why?'], 1, []) },
    ])
    expect(thresholdMisses(report(paraphrase('formal'), paraphrase('neutral'), generate, summarize))).toEqual([])
  })

  it('names the items behind each miss', () => {
    const misses = thresholdMisses(
      report(
        paraphrase('formal', { shorthand: ['ur', 'pls'], missingFacts: ['#48213'] }),
        paraphrase('concise', { duplicates: ['#1 equals the input'] }),
        table('generate', null, [
          { id: 'g1', ...good, missingFacts: ['Friday'], copiedSpan: 9 },
          { id: 'g2', ...good, error: 'The AI server answered 500.' },
        ]),
        table('summarize', null, [
          {
            id: 's1',
            ...good,
            copiedSpan: 13,
            openQuestions: question(['Why?'], ['Why?', 'How long?'], 1, ['How long?']),
          },
        ]),
      ),
    )
    expect(misses.map((m) => [m.key, m.items])).toEqual([
      ['answers', ['g2 (The AI server answered 500.)']],
      ['formal-shorthand', ['p2 (ur, pls)']],
      ['formal-facts', ['p2 (#48213)']],
      ['paraphrase-duplicates', ['p2 (#1 equals the input)']],
      ['generate-facts', ['g1 (Friday)']],
      ['generate-copy', ['g1 (9 words)']],
      ['summary-copy', ['s1 (13 words)']],
      ['open-question-precision', ['s1 (1 of 2 not open: How long?)']],
    ])
    expect(misses.find((m) => m.key === 'generate-facts')?.measured).toBe('0% (0 of 1)')
  })

  it('holds generation to 90% of items, not to every item', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: `g${i}`, ...good, missingFacts: i === 0 ? ['x'] : [] }))
    expect(thresholdMisses(report(table('generate', null, items)))).toEqual([])
    items[1]!.missingFacts = ['y']
    expect(thresholdMisses(report(table('generate', null, items))).map((m) => m.key)).toEqual(['generate-facts'])
  })
})

describe('renderReport', () => {
  const items: ItemResult[] = [
    { id: 'a', ms: 4, outputs: 3, cleanOutputs: 3, missingFacts: [], shorthand: [], contractions: [], copiedSpan: 5 },
    { id: 'b', ms: 8, outputs: 2, cleanOutputs: 1, missingFacts: ['#1'], shorthand: ['pls'], contractions: [] },
  ]
  for (const i of items) Object.assign(i, { duplicates: [], fewerThanN: i.id === 'b', lengthRatio: 1.2 })
  items[1]!.copiedSpan = 9
  const report: Report = {
    provider: 'local',
    model: 'local-v1',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1500,
    variants: 3,
    tables: [{ helper: 'paraphrase', tone: 'formal', figures: figuresOf('paraphrase', 'formal', items), items }],
  }
  const misses = thresholdMisses(report)

  it('prints a plain table per helper and tone that fits an 80-column terminal', () => {
    const text = renderReport(report, misses, 'text')
    expect(text).toContain('AI evaluation: provider local, model local-v1, 2 items, 1.5 s')
    expect(text).toMatch(/^paraphrase, formal$/m)
    expect(text).toMatch(/^facts kept \(items with all\) +50% \(1\/2\) +100%$/m)
    expect(text).toMatch(/^shorthand left \(items\) +50% \(1\/2\) +0%$/m)
    expect(text).toMatch(/^grammatical \(outputs with no issue\) +80% \(4\/5\)$/m)
    expect(text).toMatch(/^longest copied span, words \(max \/ median\) +9 \/ 5$/m)
    expect(text).toMatch(/^fewer than n variants \(items\) +50% \(1\/2\)$/m)
    expect(text).toMatch(/^time per call, ms \(median \/ p95\) +4 \/ 8$/m)
    expect(text).toContain('  - formal paraphrase leaves no shorthand: 1 of 2 items\n      b (pls)')
    const table = text.slice(0, text.indexOf('Thresholds'))
    for (const line of table.split('\n')) expect(line.length).toBeLessThanOrEqual(80)
  })

  it('prints Markdown tables', () => {
    const md = renderReport(report, [], 'markdown')
    expect(md).toContain(
      '#### paraphrase, formal\n\n| Figure | Value | Threshold |\n| --- | --- | --- |\n| items | 2 |  |',
    )
    expect(md).toContain('| facts kept (items with all) | 50% (1/2) | 100% |')
    expect(md).toContain('Thresholds: all met.')
  })
})

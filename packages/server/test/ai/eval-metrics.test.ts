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

import { describe, expect, it } from 'vitest'
import { SUMMARIZE, transcript } from '../../eval/fixtures/summarize.js'
import { factsKept, grammarIssues, longestCopiedSpan, openQuestionScores } from '../../eval/metrics.js'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import { splitSentences } from '../../src/features/ai/local/text.js'
import type { ChatLine, SummarizeInput } from '../../src/features/ai/provider.js'

const local = createLocalProvider()
/** The chats the sentiment and exact open-question checks were written for; the rest hold for the whole set. */
const FIRST = SUMMARIZE.slice(0, 10)
const input = (lines: ChatLine[], maxKeyPoints = 5): SummarizeInput => ({
  lines,
  text: transcript(lines),
  maxKeyPoints,
  language: 'en',
})
const chatText = (lines: ChatLine[]) => lines.map((l) => l.text).join('\n')
const customerOf = (lines: ChatLine[]) => lines.find((l) => l.speaker === 'customer')!.name
// First and second person left in a report ("I", "my", "you"), not counting "thank-you".
const FIRST_OR_SECOND_PERSON = /(?<![\w-])(?:I|me|my|mine|you|your|yours)(?![\w-])/

describe('local summariser on the support chat fixtures', () => {
  it.each(SUMMARIZE)('$id: shorter than the chat, within 1,000 characters, keeping every listed fact', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(r.summary.length).toBeLessThan(transcript(c.lines).length)
    expect(r.summary.length).toBeLessThanOrEqual(1000)
    expect(factsKept(c.facts, r.summary).missing).toEqual([])
  })

  it.each(SUMMARIZE)(
    '$id: in its own words: no run of more than 12 words of the chat, in the third person',
    async (c) => {
      const r = await local.summarize(input(c.lines))
      const source = chatText(c.lines)
      for (const text of [r.summary, r.intent, ...r.key_points]) {
        expect(longestCopiedSpan(source, text), text).toBeLessThanOrEqual(12)
        expect(text, text).not.toMatch(FIRST_OR_SECOND_PERSON)
      }
    },
  )

  it.each(SUMMARIZE)('$id: grammatical: no issue from the evaluation’s checker', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(await grammarIssues(r.summary), r.summary).toEqual([])
    expect(await grammarIssues(r.intent), r.intent).toEqual([])
  })

  it.each(SUMMARIZE)('$id: the intent is one sentence that names the customer', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(splitSentences(r.intent)).toHaveLength(1)
    expect(r.intent).toContain(customerOf(c.lines).split(' ')[0]!)
    expect(r.summary.startsWith(r.intent.replace(/\.$/, '')), r.summary).toBe(true)
  })

  it('open questions: precision at least 0.9 and recall at least 0.8 over the whole set', async () => {
    let precision = 0
    let recall = 0
    for (const c of SUMMARIZE) {
      const s = openQuestionScores(c.openQuestions, (await local.summarize(input(c.lines))).open_questions)
      precision += s.precision
      recall += s.recall
    }
    expect(precision / SUMMARIZE.length).toBeGreaterThanOrEqual(0.9)
    expect(recall / SUMMARIZE.length).toBeGreaterThanOrEqual(0.8)
  })

  it.each(FIRST)('$id: the open questions are exactly the customer’s unanswered ones', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(r.open_questions).toEqual(c.openQuestions)
  })

  it('leaves out a question the agent answers several messages later, and echoes such as "Tomorrow??"', async () => {
    for (const id of ['question-answered-later', 'angry-internet-outage']) {
      const c = SUMMARIZE.find((s) => s.id === id)!
      expect((await local.summarize(input(c.lines))).open_questions).toEqual(c.openQuestions)
    }
  })

  it('finds a question written without a question mark, and one the agent only promised to look into', async () => {
    const lines: ChatLine[] = [
      { speaker: 'customer', name: 'Lea Park', text: 'can u tell me when my parcel ships', at: '' },
      { speaker: 'agent', name: 'Sam Ortiz', text: 'Let me check with the warehouse and come back to you.', at: '' },
    ]
    const r = await local.summarize(input(lines))
    expect(r.open_questions).toEqual(['can u tell me when my parcel ships'])
    expect(r.summary).toContain('Still open: when')
  })

  it.each(FIRST)('$id: the sentiment matches how a reader judges the customer', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(r.sentiment).toBe(c.sentiment)
    expect(r.sentiment_score).toBeGreaterThanOrEqual(-1)
    expect(r.sentiment_score).toBeLessThanOrEqual(1)
    if (c.sentiment === 'positive') expect(r.sentiment_score).toBeGreaterThan(0)
    if (c.sentiment === 'negative') expect(r.sentiment_score).toBeLessThan(0)
  })

  it.each(SUMMARIZE)('$id: key points are short, distinct and at most max_key_points', async (c) => {
    for (const max of [1, 3, 5]) {
      const r = await local.summarize(input(c.lines, max))
      expect(r.key_points.length).toBeGreaterThan(0)
      expect(r.key_points.length).toBeLessThanOrEqual(max)
      expect(new Set(r.key_points.map((p) => p.toLowerCase())).size).toBe(r.key_points.length)
      for (const p of r.key_points) expect(p.split(/\s+/).length, p).toBeLessThanOrEqual(12)
    }
  })

  it.each(SUMMARIZE)('$id: the same chat gives the same summary twice', async (c) => {
    expect(await local.summarize(input(c.lines))).toEqual(await local.summarize(input(c.lines)))
  })

  it('reports what staff did in the past tense, under their name', async () => {
    const blender = await local.summarize(input(SUMMARIZE[0]!.lines))
    expect(blender.summary).toMatch(/Tom Becker (?:found|confirmed)/)
    expect(blender.summary).toContain('Still open: whether Anna will get an email confirmation')
    const cancel = SUMMARIZE.find((c) => c.id === 'cancel-family-plan')!
    expect((await local.summarize(input(cancel.lines))).summary).toMatch(
      /Mia Fischer cancelled the Family subscription/,
    )
  })

  it.each(SUMMARIZE)(
    '$id: staff thanks and apologies are reported as such, never as an instruction about the same person',
    async (c) => {
      const r = await local.summarize(input(c.lines))
      for (const text of [r.summary, r.intent, ...r.key_points]) {
        expect(text, text).not.toMatch(/\bto (?:thank|apologi[sz]e)\b/i)
        for (const m of text.matchAll(/\b((?:\p{Lu}[\p{L}-]* )*\p{Lu}[\p{L}-]*) told (\p{Lu}[\p{L}-]*)[^.;]*/gu)) {
          const [clause, teller, told] = [m[0], m[1]!, m[2]!]
          expect(teller.split(' '), clause).not.toContain(told)
          const rest = clause.slice(`${teller} told ${told}`.length)
          expect(rest.match(/[\p{L}-]+/gu) ?? [], clause).not.toContain(told)
        }
      }
    },
  )

  it('a staff reply that thanks, apologises and promises: a promise, no thanks, and the company for "you"', async () => {
    const c = SUMMARIZE.find((s) => s.id === 'cracked-phone-replacement')!
    const r = await local.summarize(input(c.lines))
    // The intent leads with the problem the first message states, then the request.
    expect(r.intent).toMatch(/^Ada Lovelace .*cracked screen.*replacement before Friday\.$/)
    expect(r.summary).toMatch(/Admin User promised the replacement as soon as possible/)
    for (const text of [r.summary, ...r.key_points]) {
      expect(text, text).not.toMatch(/\b(?:whether Admin|Admin can|thank Ada|with Ada as soon)\b/)
      expect(text, text).not.toMatch(/^It will\b/)
    }
  })

  it('reports a staff thank-you with a fact in it as thanks, and "do you sell" as a question to the company', async () => {
    const lines: ChatLine[] = [
      {
        speaker: 'customer',
        name: 'Lea Park',
        text: 'The lamp arrived with a dented base. Do you sell spare bases?',
        at: '',
      },
      {
        speaker: 'agent',
        name: 'Sam Ortiz',
        text: 'Thank you for the photos of the dented base on order #51234. A new base ships on Monday.',
        at: '',
      },
    ]
    const r = await local.summarize(input(lines))
    expect(r.key_points.join(' | ')).toMatch(/Sam thanked Lea for the photos/)
    expect(r.summary).toMatch(/whether the company sells spare bases/)
    for (const text of [r.summary, ...r.key_points]) expect(text, text).not.toMatch(/Sam (?:Ortiz )?told|whether Sam/)
  })

  it('key points keep the order numbers and amounts of the sentences they come from', async () => {
    const r = await local.summarize(input(SUMMARIZE[0]!.lines, 3))
    expect(r.key_points.join(' ')).toMatch(/#48213|€89\.99/)
  })

  it('reports the language it was asked for', async () => {
    const r = await local.summarize({ ...input(SUMMARIZE[0]!.lines), language: 'pt-BR' })
    expect(r.language).toBe('pt-BR')
  })
})

describe('local summariser on a plain text', () => {
  const text =
    'My parcel arrived broken. The box was crushed and the glass of the Aurora lamp is cracked. ' +
    'I paid $120 for it on order #99120. I want a replacement, not a refund. Can you send one this week?'

  it('summarises a text without chat lines: shorter, with its facts, intent and open question', async () => {
    const r = await local.summarize({ lines: null, text, maxKeyPoints: 3, language: 'en' })
    expect(r.summary.length).toBeLessThan(text.length)
    for (const fact of ['$120', '#99120']) expect(r.summary).toContain(fact)
    expect(r.intent).toMatch(/^The customer /)
    expect(longestCopiedSpan(text, r.summary)).toBeLessThanOrEqual(12)
    expect(r.open_questions).toEqual(['Can you send one this week?'])
    expect(r.summary).toContain('Still open: whether')
    expect(r.sentiment).toBe('negative')
    expect(r.key_points.length).toBeLessThanOrEqual(3)
  })

  it('never returns a summary longer than a very short text', async () => {
    for (const t of ['Hi', 'Thanks!', 'Where is my order?']) {
      const r = await local.summarize({ lines: null, text: t, maxKeyPoints: 5, language: 'en' })
      expect(r.summary.length).toBeLessThanOrEqual(t.length)
      expect(r.summary.length).toBeGreaterThan(0)
    }
  })

  it('keeps the summary within 1,000 characters for a 20,000-character text', async () => {
    const long = Array.from({ length: 200 }, (_, i) => `Ticket ${i}: the invoice INV-${1000 + i} shows $${i}.50 twice.`)
      .join(' ')
      .slice(0, 20_000)
    const r = await local.summarize({ lines: null, text: long, maxKeyPoints: 10, language: 'en' })
    expect(r.summary.length).toBeLessThanOrEqual(1000)
    expect(r.key_points.length).toBeLessThanOrEqual(10)
  })
})

describe('a summary cut short', () => {
  it('ends on a whole sentence, or with an ellipsis when one sentence is longer than the room', async () => {
    const long =
      'I bought the Vortex 500 vacuum cleaner on the third of March and since then the battery has stopped charging ' +
      'completely after only two weeks of normal use in a small flat, and I would like to know whether the refund ' +
      'will go back to my credit card or to the gift card that I also used when I paid for the order online.'
    const { summary } = await createLocalProvider().summarize({
      lines: null,
      text: long,
      maxKeyPoints: 3,
      language: 'en',
    })
    expect(summary.length).toBeLessThan(long.length)
    expect(/[.!?]$/.test(summary) || summary.endsWith('…'), summary).toBe(true)
  })
})

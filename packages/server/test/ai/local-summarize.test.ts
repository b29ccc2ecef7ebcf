import { describe, expect, it } from 'vitest'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import { splitSentences } from '../../src/features/ai/local/text.js'
import type { ChatLine, SummarizeInput } from '../../src/features/ai/provider.js'
import { SUMMARIZE, transcript } from '../../eval/fixtures/summarize.js'

const local = createLocalProvider()
/** The chats these exact checks were written for; the evaluation (eval-thresholds.test.ts) scores the whole set. */
const CHATS = SUMMARIZE.slice(0, 10)
const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()
const input = (lines: ChatLine[], maxKeyPoints = 5): SummarizeInput => ({
  lines,
  text: transcript(lines),
  maxKeyPoints,
  language: 'en',
})

describe('local summariser on the support chat fixtures', () => {
  it.each(CHATS)('$id: a summary shorter than the chat, within 1,000 characters, keeping the key facts', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(r.summary.length).toBeLessThan(transcript(c.lines).length)
    expect(r.summary.length).toBeLessThanOrEqual(1000)
    for (const fact of c.facts) expect(r.summary, fact).toContain(fact)
  })

  it.each(CHATS)('$id: the intent is one sentence written by the customer', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(splitSentences(r.intent)).toHaveLength(1)
    const customerText = squash(
      c.lines
        .filter((l) => l.speaker === 'customer')
        .map((l) => l.text)
        .join(' '),
    )
    expect(customerText).toContain(squash(r.intent))
  })

  it.each(CHATS)('$id: the open questions are exactly the customer’s unanswered ones', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(r.open_questions).toEqual(c.openQuestions)
  })

  it.each(CHATS)('$id: the sentiment matches how a reader judges the customer', async (c) => {
    const r = await local.summarize(input(c.lines))
    expect(r.sentiment).toBe(c.sentiment)
    expect(r.sentiment_score).toBeGreaterThanOrEqual(-1)
    expect(r.sentiment_score).toBeLessThanOrEqual(1)
    if (c.sentiment === 'positive') expect(r.sentiment_score).toBeGreaterThan(0)
    if (c.sentiment === 'negative') expect(r.sentiment_score).toBeLessThan(0)
  })

  it.each(CHATS)('$id: key points are distinct sentences of the chat, at most max_key_points', async (c) => {
    for (const max of [1, 3, 5]) {
      const r = await local.summarize(input(c.lines, max))
      expect(r.key_points.length).toBeGreaterThan(0)
      expect(r.key_points.length).toBeLessThanOrEqual(max)
      expect(new Set(r.key_points).size).toBe(r.key_points.length)
      const chatText = squash(c.lines.map((l) => l.text).join(' '))
      for (const p of r.key_points) expect(chatText).toContain(squash(p.replace(/^(Customer|Agent|Assistant): /, '')))
    }
  })

  it.each(CHATS)('$id: the same chat gives the same summary twice', async (c) => {
    expect(await local.summarize(input(c.lines))).toEqual(await local.summarize(input(c.lines)))
  })

  it('key points keep the order numbers and amounts of the sentences they come from', async () => {
    const r = await local.summarize(input(CHATS[0]!.lines, 3))
    expect(r.key_points.join(' ')).toMatch(/#48213|€89\.99/)
  })

  it('reports the language it was asked for', async () => {
    const r = await local.summarize({ ...input(CHATS[0]!.lines), language: 'pt-BR' })
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
    expect(text).toContain(r.intent)
    expect(r.open_questions).toEqual(['Can you send one this week?'])
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

import { stemmer } from 'stemmer'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Tone } from '@proxima/contracts'
import { PARAPHRASE } from '../../eval/fixtures/paraphrase.js'
import { contractionsLeft, factsKept, grammarIssues, lengthRatio, shorthandLeft } from '../../eval/metrics.js'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import { loadLexicon } from '../../src/features/ai/local/wordnet.js'

const local = createLocalProvider()
const TONES: Tone[] = ['neutral', 'friendly', 'formal', 'concise', 'empathetic']
const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()
const rewrite = async (text: string, tone: Tone, n = 3) =>
  (await local.paraphrase({ text, n, tone, language: 'en' })).variants

// Every fixture in every tone, computed once: the properties below are checked on the whole set.
const results = new Map<Tone, { id: string; text: string; facts: string[]; variants: string[] }[]>()
beforeAll(async () => {
  for (const tone of TONES)
    results.set(tone, await Promise.all(PARAPHRASE.map(async (c) => ({ ...c, variants: await rewrite(c.text, tone) }))))
})
const each = (tone: Tone) => results.get(tone)!

describe('local paraphraser on the evaluation fixtures', () => {
  it('loads its lexicon (WordNet and word frequencies) in at most about a second', () => {
    const t = performance.now()
    loadLexicon()
    expect(performance.now() - t).toBeLessThan(1500)
  })

  for (const tone of TONES) {
    it(`${tone}: 1 to n distinct variants, none equal to the input, every fact kept, no shorthand`, () => {
      for (const { id, text, facts, variants } of each(tone)) {
        expect(variants.length, id).toBeGreaterThanOrEqual(1)
        expect(variants.length, id).toBeLessThanOrEqual(3)
        expect(new Set(variants.map(squash)).size, id).toBe(variants.length)
        for (const v of variants) {
          expect(squash(v), id).not.toBe(squash(text))
          expect(factsKept(facts, v).missing, `${id}: ${v}`).toEqual([])
          expect(shorthandLeft(v), `${id}: ${v}`).toEqual([])
        }
      }
    })

    it(`${tone}: every variant passes the grammar checks`, async () => {
      for (const { id, variants } of each(tone))
        for (const v of variants) expect(await grammarIssues(v), `${id}: ${v}`).toEqual([])
    })
  }

  it('formal: no contractions on any item', () => {
    for (const { id, variants } of each('formal'))
      for (const v of variants) expect(contractionsLeft(v), `${id}: ${v}`).toEqual([])
  })

  it('concise: shorter than the input on most items, and never longer than the formal wording', () => {
    const formal = new Map(each('formal').map((r) => [r.id, r.variants[0]!]))
    let shorter = 0
    for (const { id, text, variants } of each('concise')) {
      if (variants.every((v) => lengthRatio(text, v) < 1)) shorter++
      for (const v of variants) expect(v.length, `${id}: ${v}`).toBeLessThanOrEqual(formal.get(id)!.length)
    }
    expect(shorter / PARAPHRASE.length).toBeGreaterThanOrEqual(0.65)
  })

  it('friendly: warmth is part of the text, not a sign-off glued to the unchanged input', () => {
    for (const { id, text, variants } of each('friendly'))
      for (const v of variants) {
        expect(squash(v).startsWith(squash(text).replace(/[.!?]+$/, '')), `${id}: ${v}`).toBe(false)
        expect(v, `${id}: ${v}`).toMatch(
          /\b\w+'(?:t|re|ve|ll|d|m|s)\b|!|^(?:Hi|Hey|Hello)\b|\b(?:heads-up|news:|Could you|Would you mind|Just so you know|Quick note)/,
        )
      }
  })

  it('empathetic: the first sentence after any greeting acknowledges the situation', () => {
    for (const { id, variants } of each('empathetic'))
      for (const v of variants) {
        const body = v.replace(/^(?:Hi|Hello|Hey|Dear)\b[^,!.]{0,40}[,!.]\s*/, '')
        const first = /^[^.!?]*[.!?]/.exec(body)?.[0] ?? body
        expect(first, `${id}: ${v}`).toMatch(
          /\b(?:sorry|understand|appreciate|know|thank you|grateful|see how|glad)\b/i,
        )
      }
  })

  it('neutral: restructures but keeps most of the words (no sense-changing synonym swaps)', () => {
    const stems = (s: string) =>
      new Set((s.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((w) => stemmer(w)).filter((w) => w.length > 3))
    // Shorthand is written out in every tone, so the comparison is made on texts written in full.
    for (const { id, text, variants } of each('neutral').filter((r) => shorthandLeft(r.text).length === 0))
      for (const v of variants) {
        const input = [...stems(text)]
        const out = stems(v)
        const kept = input.filter((w) => out.has(w)).length
        expect(kept / Math.max(1, input.length), `${id}: ${v}`).toBeGreaterThanOrEqual(0.7)
      }
  })

  it('is deterministic: the same input gives the same variants', async () => {
    for (const tone of TONES)
      for (const c of PARAPHRASE.slice(0, 6)) expect(await rewrite(c.text, tone)).toEqual(await rewrite(c.text, tone))
  })
})

describe('local paraphraser: a texting-style reply in each tone', () => {
  const text = 'hi ur order cant ship till monday, pls send ur address again thx'

  it('formal writes it out in full, with a greeting and a thanks in that register', async () => {
    const [first] = await rewrite(text, 'formal')
    expect(first).toBe('Hello, your order cannot ship until Monday. Please send your address again. Thank you.')
  })

  it('friendly weaves the warmth in, concise is shorter, empathetic acknowledges first, neutral rebuilds', async () => {
    for (const v of await rewrite(text, 'friendly')) {
      expect(v).toMatch(/^(?:Hi|Hey) there! (?:Just a heads-up:|Quick heads-up:|Just so you know,) your order can't/)
      expect(v).toMatch(/Thanks(?: so much| a lot)?!$/)
    }
    const concise = await rewrite(text, 'concise')
    for (const v of concise) expect(v.length).toBeLessThan(text.length)
    for (const v of await rewrite(text, 'empathetic')) expect(v).toMatch(/^(?:Hi|Hello), I(?:'m| know)/)
    for (const v of await rewrite(text, 'neutral')) expect(v).toMatch(/Monday/)
  })
})

describe('local paraphraser: layout and limits', () => {
  it('keeps an e-mail’s layout: blank lines stay and the sign-off is kept', async () => {
    const text =
      'Hi Anna,\n\nWe have issued your refund for order #48213. Please let me know if you need more help.\n\nBest regards,\nTom'
    for (const tone of TONES)
      for (const v of await rewrite(text, tone, 2)) {
        expect(v.split('\n\n'), v).toHaveLength(3)
        expect(v, v).toMatch(/\n\nBest regards,\nTom$/)
        expect(v, v).toContain('#48213')
      }
  })

  it('keeps paragraphs of a multi-paragraph reply', async () => {
    const text =
      "I'm sorry for the delay. Your parcel is stuck at the Leeds depot and will arrive on Wednesday.\nWe have issued your refund of €89.99 for order #48213."
    for (const v of await rewrite(text, 'neutral', 2)) {
      expect(v.split('\n')).toHaveLength(2)
      for (const term of ['Leeds', '€89.99', '#48213', 'Wednesday']) expect(v).toContain(term)
    }
  })

  it('returns at most n variants and exactly one when asked for one', async () => {
    expect(await rewrite(PARAPHRASE[0]!.text, 'formal', 1)).toHaveLength(1)
    expect((await rewrite(PARAPHRASE[0]!.text, 'friendly', 5)).length).toBeLessThanOrEqual(5)
  })

  it('offers light, meaning-preserving rewrites for other languages', async () => {
    const text = 'Bonjour, ma commande n°4521 n’est pas arrivée. Pouvez-vous vérifier ?'
    const { variants } = await local.paraphrase({ text, n: 3, tone: 'friendly', language: 'fr' })
    expect(variants.length).toBeGreaterThanOrEqual(1)
    for (const v of variants) {
      expect(squash(v)).not.toBe(squash(text))
      for (const w of ['Bonjour', 'commande', '4521', 'arrivée', 'vérifier']) expect(v).toContain(w)
    }
  })

  it('never throws on odd input and always returns a variant different from it', async () => {
    const odd = [
      'ok',
      '👍👍👍',
      '12345',
      'a'.repeat(1500),
      'Thanks!!!',
      '   spaced   out   text   ',
      'Ça marche 🙂',
      '#48213',
    ]
    for (const text of odd)
      for (const tone of TONES) {
        const { variants } = await local.paraphrase({ text, n: 3, tone, language: 'en' })
        expect(variants.length, text).toBeGreaterThanOrEqual(1)
        for (const v of variants) expect(squash(v), text).not.toBe(squash(text))
      }
  })
})

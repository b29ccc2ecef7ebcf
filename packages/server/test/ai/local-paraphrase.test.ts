import { stemmer } from 'stemmer'
import { describe, expect, it } from 'vitest'
import type { Tone } from '@proxima/contracts'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import { relatedWords } from '../../src/features/ai/local/synonyms.js'
import { loadLexicon } from '../../src/features/ai/local/wordnet.js'

const local = createLocalProvider()
const TONES: Tone[] = ['neutral', 'friendly', 'formal', 'concise', 'empathetic']

// Support sentences an agent might want to rephrase: numbers, ids, names, e-mails, links and negations included.
const SENTENCES = [
  'We have issued your refund of €89.99 for order #48213, and you should see it within 5 business days.',
  "I'm sorry for the delay. Your parcel is stuck at the Leeds depot and will arrive on Wednesday.",
  'Please let me know if you need any further help with your account.',
  "I can't log in to my account because the reset link doesn't work.",
  'We do not offer refunds on digital products, but I can give you store credit instead.',
  'Could you send a photo of the damaged item to support@example.com so we can process the claim?',
  'Your subscription will renew automatically on 15 April unless you cancel it before then.',
  'Thank you for your patience while we look into this issue with the Aurora X2 camera.',
  'I just wanted to let you know that we have fixed the problem with your invoice INV-20931.',
  'You can track your order at https://shop.example.com/track and you will never be charged twice.',
  'Maria from our billing team will call you tomorrow at 10am to explain the new pricing.',
  'Unfortunately we cannot replace the charger, but we can send you a discount code for $15.',
  "Hi Anna, thanks for your message! We've received your return and will process the refund within 3 days.",
  'We noticed a large number of failed payments on your account, so we temporarily disabled automatic renewals.',
]

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()
const STOP = new Set(
  `a an the and or but if so of to in on at for with from by about as is are was were be been am i you we they it
  this that your our my me us can could will would should do does did have has had not no never please just let
  know any further also then there their its which who what when where how very really into while within because
  unless before after until than instead`.split(/\s+/),
)

/** Written independently of the engine: what a careful editor would refuse to change. */
function mustKeep(text: string): string[] {
  const keep: string[] = []
  keep.push(...(text.match(/https?:\/\/\S+[^\s.,]/g) ?? []))
  keep.push(...(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []))
  keep.push(...(text.match(/[#$€£]?\b[A-Z]*-?\d[\w.,:/-]*\w|[#$€£]\d+/g) ?? []))
  // Capitalised words that do not start a sentence: names of people, places, products and months.
  for (const m of text.matchAll(/(?<![.!?]\s|^)\b([A-Z][a-zA-Z]+)/g)) if (m[1] !== 'I') keep.push(m[1]!)
  return keep
}

const negations = (s: string) =>
  (s.replace(/n['’]t\b/gi, ' not').match(/\b(?:not|no|never|nothing|nobody|none|cannot|without)\b/gi) ?? []).length

const contentWords = (s: string) =>
  (s.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? []).filter((w) => !STOP.has(w) && !w.includes("'") && w.length > 2)

/** Share of the input's content words present in the output as the same stem or as a WordNet synonym. */
function meaningKept(input: string, output: string): number {
  const outStems = new Set(contentWords(output).map((w) => stemmer(w)))
  const words = contentWords(input)
  const kept = words.filter((w) => {
    if (outStems.has(stemmer(w))) return true
    return [...relatedWords(w)].some((r) => r.split(' ').every((part) => outStems.has(stemmer(part))))
  })
  return words.length ? kept.length / words.length : 1
}

describe('local paraphraser: properties on support sentences, for every tone', () => {
  it('loads its lexicon (WordNet and word frequencies) in at most about a second', () => {
    const t = performance.now()
    loadLexicon()
    expect(performance.now() - t).toBeLessThan(1500)
  })

  for (const tone of TONES) {
    it.each(SENTENCES)(`${tone}: %s`, async (text) => {
      const { variants } = await local.paraphrase({ text, n: 3, tone, language: 'en' })
      expect(variants.length).toBeGreaterThanOrEqual(1)
      expect(variants.length).toBeLessThanOrEqual(3)
      expect(new Set(variants.map(squash)).size).toBe(variants.length)
      for (const v of variants) {
        expect(squash(v)).not.toBe(squash(text))
        for (const term of mustKeep(text)) expect(v, `${term} in ${v}`).toContain(term)
        expect(negations(v), v).toBe(negations(text))
        expect(meaningKept(text, v), v).toBeGreaterThanOrEqual(0.8)
        expect(v.length).toBeLessThanOrEqual(4000)
        if (tone === 'formal') expect(v, v).not.toMatch(/\b\w+['’](?:t|re|ve|ll|d|m|s)\b/i)
        if (tone === 'concise') expect(v.length, v).toBeLessThanOrEqual(text.length)
        if (tone === 'friendly')
          expect(v, v).toMatch(
            /\b\w+['’](?:t|re|ve|ll|d|m)\b|^(?:Hi there|Thanks for reaching out|Happy to help)|(?:Have a great day|Hope this helps|Cheers)!$/,
          )
        if (tone === 'empathetic')
          expect(v, v).toMatch(
            /^(?:(?:Hi|Hello) \w+, )?(?:I['’]m sorry|I completely understand|I can see why|I understand)/,
          )
      }
    })
  }

  it('rewrites rather than echoes: most neutral variants change words or structure beyond contractions', async () => {
    let changed = 0
    for (const text of SENTENCES) {
      const { variants } = await local.paraphrase({ text, n: 3, tone: 'neutral', language: 'en' })
      const plain = (s: string) => squash(s.replace(/n['’]t\b/g, ' not').replace(/['’](re|ve|ll|m|d|s)\b/g, ''))
      changed += variants.filter((v) => plain(v) !== plain(text)).length
    }
    expect(changed).toBeGreaterThanOrEqual(SENTENCES.length)
  })

  it('returns several distinct variants when asked for five', async () => {
    const { variants } = await local.paraphrase({ text: SENTENCES[1]!, n: 5, tone: 'neutral', language: 'en' })
    expect(variants.length).toBeGreaterThanOrEqual(3)
    expect(variants.length).toBeLessThanOrEqual(5)
  })

  it('returns exactly one variant when asked for one', async () => {
    const { variants } = await local.paraphrase({ text: SENTENCES[2]!, n: 1, tone: 'formal', language: 'en' })
    expect(variants).toHaveLength(1)
  })

  it('is deterministic: the same input gives the same variants', async () => {
    for (const tone of TONES) {
      const a = await local.paraphrase({ text: SENTENCES[0]!, n: 3, tone, language: 'en' })
      const b = await local.paraphrase({ text: SENTENCES[0]!, n: 3, tone, language: 'en' })
      expect(a).toEqual(b)
    }
  })

  it('keeps paragraphs and handles a multi-sentence reply', async () => {
    const text = `${SENTENCES[1]}\n${SENTENCES[0]}`
    const { variants } = await local.paraphrase({ text, n: 2, tone: 'neutral', language: 'en' })
    for (const v of variants) {
      expect(v.split('\n')).toHaveLength(2)
      for (const term of ['Leeds', '€89.99', '#48213', 'Wednesday']) expect(v).toContain(term)
    }
  })

  it('closes the sentence before an added friendly closer, and turns “sorry about that” formal', async () => {
    const text = 'hi, sorry about that, we will send you a new phone tomorrow and you can keep the broken one'
    const friendly = await local.paraphrase({ text, n: 3, tone: 'friendly', language: 'en' })
    for (const v of friendly.variants) expect(v).toMatch(/one\. (?:Cheers|Have a great day|Hope this helps)!$/)
    const formal = await local.paraphrase({ text, n: 3, tone: 'formal', language: 'en' })
    expect(formal.variants[0]).toMatch(/^Hello, please accept our apologies for this, .*you may keep/)
  })

  it('keeps an e-mail’s layout: blank lines stay, a friendly closer goes before the sign-off', async () => {
    const text =
      'Hi Anna,\n\nWe have issued your refund for order #48213. Please let me know if you need more help.\n\nBest regards,\nTom'
    for (const tone of TONES) {
      const { variants } = await local.paraphrase({ text, n: 2, tone, language: 'en' })
      for (const v of variants) {
        expect(v.split('\n\n'), v).toHaveLength(3)
        expect(v, v).toMatch(/\n\nBest regards,\nTom$/)
      }
    }
  })
})

describe('local paraphraser: text it cannot rewrite', () => {
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

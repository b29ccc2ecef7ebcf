import { describe, expect, it } from 'vitest'
import { GENERATE, type GenerateCase } from '../../eval/fixtures/generate.js'
import { SUMMARIZE, transcript } from '../../eval/fixtures/summarize.js'
import { factsKept, grammarIssues, longestCopiedSpan } from '../../eval/metrics.js'
import { generateContext } from '../../eval/evaluate.js'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import type { GenerateInput } from '../../src/features/ai/provider.js'

const local = createLocalProvider()
const anna = SUMMARIZE.find((c) => c.id === 'refund-returned-blender')!.lines
const james = SUMMARIZE.find((c) => c.id === 'standing-desk-delay')!.lines
const late: GenerateInput = {
  prompt: 'Write a reply apologising that the refund is late and promising it by Friday',
  context: null,
  chat: anna,
  maxLength: 800,
  temperature: 0,
  language: 'en',
}
const product: GenerateInput = {
  prompt: 'Write a product description for the Breeze 300 air purifier',
  context:
    'The Breeze 300 cleans rooms up to 40 m² in 12 minutes.\nIt has a HEPA H13 filter and runs at 22 dB in night mode.\nPrice: $199.',
  chat: null,
  maxLength: 800,
  temperature: 0,
  language: 'en',
}
/** A fixture as the service hands it over: the chat both as lines and as a transcript appended to the context. */
const inputOf = (c: GenerateCase, temperature: number): GenerateInput => ({
  prompt: c.prompt,
  context: generateContext(c),
  chat: c.chat,
  maxLength: c.maxLength,
  temperature,
  language: 'en',
})
const sourcesOf = (c: GenerateCase) => [c.context ?? '', ...(c.chat ?? []).map((l) => l.text)].join('\n')
const endsOnSentence = (text: string) => /[.!?]$/.test(text)

describe('local generator', () => {
  it('apologises for a late refund and promises the date, as a support agent would', async () => {
    const bare = await local.generate({ ...late, chat: null })
    expect(bare).toEqual({
      text: "Hello, I'm sorry your refund is taking longer than expected. It will reach you by Friday, and I'll keep an eye on it until it does.",
      finishReason: 'stop',
    })
    // With the chat, the customer's name and order come in.
    const r = await local.generate(late)
    expect(r.text).toBe(
      "Hi Anna, I'm sorry your refund of €89.99 for order #48213 is taking longer than expected. It will reach you by Friday, and I'll keep an eye on it until it does.",
    )
  })

  it(`uses the prompt's key facts on at least 90% of the fixtures and repeats no more than 8 words of the context or chat`, async () => {
    for (const temperature of [0, 0.7]) {
      let withAllFacts = 0
      for (const c of GENERATE) {
        const r = await local.generate(inputOf(c, temperature))
        if (factsKept(c.facts, r.text).missing.length === 0) withAllFacts++
        expect(longestCopiedSpan(sourcesOf(c), r.text), `${c.id}: ${r.text}`).toBeLessThanOrEqual(8)
      }
      expect(withAllFacts / GENERATE.length).toBeGreaterThanOrEqual(0.9)
    }
  })

  it('ends every fixture reply on a sentence within max_length, with no grammar issue, the same each time', async () => {
    for (const c of GENERATE) {
      const r = await local.generate(inputOf(c, 0.7))
      expect(r.text.length, c.id).toBeLessThanOrEqual(c.maxLength)
      expect(endsOnSentence(r.text), `${c.id}: ${r.text}`).toBe(true)
      expect(await grammarIssues(r.text), `${c.id}: ${r.text}`).toEqual([])
      expect(await local.generate(inputOf(c, 0.7))).toEqual(r)
    }
  })

  it('fits a shorter max_length by leaving whole sentences out, reporting finish_reason length', async () => {
    for (const c of GENERATE) {
      const full = await local.generate(inputOf(c, 0))
      const maxLength = Math.floor(full.text.length * 0.7)
      const r = await local.generate({ ...inputOf(c, 0), maxLength })
      expect(r.finishReason, c.id).toBe('length')
      expect(r.text.length, c.id).toBeLessThanOrEqual(maxLength)
      expect(endsOnSentence(r.text), `${c.id}: ${r.text}`).toBe(true)
    }
    for (const maxLength of [1, 5, 20]) {
      const r = await local.generate({ ...late, maxLength })
      expect(r.text.length).toBeGreaterThan(0)
      expect(r.text.length).toBeLessThanOrEqual(maxLength)
      expect(r.finishReason).toBe('length')
    }
    const full = (await local.generate(late)).text
    expect(await local.generate({ ...late, maxLength: full.length })).toEqual({ text: full, finishReason: 'stop' })
  })

  it('reads the chat from its lines, from a pasted transcript, and ignores the transcript appended for other providers', async () => {
    const lines = await local.generate(late)
    expect((await local.generate({ ...late, chat: null, context: transcript(anna) })).text).toBe(lines.text)
    const background = 'Refunds are paid to the original card.'
    const appended = `${background}\n\nThe conversation so far (oldest first):\n${transcript(anna)}`
    expect((await local.generate({ ...late, context: appended })).text).toBe(
      (await local.generate({ ...late, context: background })).text,
    )
  })

  it('says each act of the prompt to the customer, in order', async () => {
    const r = await local.generate({
      ...late,
      chat: null,
      prompt:
        'Thank them for their patience, explain the delay is due to a carrier strike, and offer a 10% discount on the next order',
      context: 'Order ORD-55120 for Lisa Park.',
    })
    expect(r.text).toBe(
      "Hi Lisa, thank you for your patience with your order ORD-55120. The delay is due to a carrier strike. To make up for this, I'd like to offer you a 10% discount on your next order. If there is anything else I can do, just let me know.",
    )
    const ask = await local.generate({ ...late, chat: null, prompt: 'Ask the customer for their order number' })
    expect(ask.text).toMatch(/^Hello, could you please send me your order number\?/)
  })

  it('names what went wrong and what is promised from the chat, without thanks for patience nobody showed', async () => {
    const cracked = GENERATE.find((c) => c.id === 'cracked-phone-draft')!
    for (const prompt of [
      cracked.prompt,
      'Apologise for the damaged item and promise a replacement',
      'Apologise for the cracked screen and promise a replacement',
    ]) {
      const r = await local.generate({ ...inputOf(cracked, 0), prompt })
      expect(r.text, prompt).toMatch(
        /^Hi Ada, I'm so sorry that the phone from order #84948 arrived with a cracked screen/,
      )
      expect(r.text, prompt).toContain('We will send you a replacement phone')
      // The customer asked for it before Friday: the promise takes that up rather than contradicting it.
      expect(r.text, prompt).toContain('before Friday')
      expect(r.text, prompt).not.toMatch(/patience|your replacement/i)
    }
    // With no apology asked for, an upset customer still hears the problem named rather than thanks for waiting.
    const callback = await local.generate({ ...inputOf(cracked, 0), prompt: 'Promise a callback tomorrow' })
    expect(callback.text).toContain('cracked screen')
    expect(callback.text).toContain("I'll call you tomorrow.")
    expect(callback.text).not.toMatch(/patience/i)
  })

  it('acknowledges the open question of an upset customer when the prompt asks for nothing in particular', async () => {
    const r = await local.generate({ ...late, prompt: 'Draft a reply.', chat: james })
    expect(r.text).toMatch(/^Hi James, I'm sorry for the trouble with your order ORD-77120/)
    expect(r.text).toContain('whether you can cancel and get your £349 back')
    expect(longestCopiedSpan(james.map((l) => l.text).join('\n'), r.text)).toBeLessThanOrEqual(8)
  })

  it('writes a product description and an announcement without pasting the context', async () => {
    const r = await local.generate(product)
    expect(longestCopiedSpan(product.context!, r.text)).toBeLessThanOrEqual(8)
    for (const fact of ['Breeze 300', 'HEPA H13', '$199']) expect(r.text).toContain(fact)
    const a = await local.generate({
      ...product,
      prompt: 'Announce that the mobile app now supports dark mode',
      context: null,
    })
    expect(a.text).toContain('The mobile app now supports dark mode.')
  })

  it('never throws and returns text for odd prompts', async () => {
    for (const prompt of ['?', '🙂🙂', 'x'.repeat(8000), 'Schreibe eine Antwort an den Kunden.', 'reply'])
      for (const context of [null, '', 'Anna: hi\nBob: hello', '💥'.repeat(100)]) {
        const r = await local.generate({ ...late, chat: null, prompt, context, maxLength: 400 })
        expect(r.text.length).toBeGreaterThan(0)
        expect(r.text.length).toBeLessThanOrEqual(400)
      }
  })
})

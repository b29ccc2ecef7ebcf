import { describe, expect, it } from 'vitest'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import type { GenerateInput } from '../../src/features/ai/provider.js'
import { SUMMARIZE as CHATS, transcript } from '../../eval/fixtures/summarize.js'

const local = createLocalProvider()
const refund: GenerateInput = {
  prompt: 'Write a reply telling the customer their refund was issued',
  context: transcript(CHATS[0]!.lines),
  maxLength: 800,
  temperature: 0.7,
  language: 'en',
}
const product: GenerateInput = {
  prompt: 'Write a product description for the Breeze 300 air purifier',
  context:
    'The Breeze 300 cleans rooms up to 40 m² in 12 minutes.\nIt has a HEPA H13 filter and runs at 22 dB in night mode.\nPrice: $199.',
  maxLength: 800,
  temperature: 0,
  language: 'en',
}

describe('local generator', () => {
  it('drafts a reply that tells what the prompt asks and uses the facts of the chat', async () => {
    const r = await local.generate(refund)
    expect(r.finishReason).toBe('stop')
    expect(r.text).toMatch(/^(Hi|Hello|Dear) Anna,/)
    expect(r.text).toContain('your refund was issued')
    expect(r.text).toContain('#48213')
    expect(r.text).toContain('€89.99')
    // The customer's unanswered question is acknowledged, not ignored.
    expect(r.text).toContain('Will I get an email confirmation too?')
  })

  it('drafts a reply to an upset customer with an apology and the order details', async () => {
    const r = await local.generate({ ...refund, prompt: 'Draft a reply.', context: transcript(CHATS[1]!.lines) })
    expect(r.text).toContain('James')
    expect(r.text).toContain('ORD-77120')
    expect(r.text).toMatch(/sorry|patience/i)
  })

  it('writes a product description from the product details in the context', async () => {
    const r = await local.generate(product)
    for (const fact of ['Breeze 300', 'HEPA H13', '$199', '22 dB']) expect(r.text).toContain(fact)
  })

  it('writes an announcement from the prompt alone', async () => {
    const r = await local.generate({
      ...product,
      prompt: 'Announce that the mobile app now supports dark mode',
      context: null,
    })
    expect(r.text).toContain('The mobile app now supports dark mode.')
  })

  it('respects max_length, cutting at a sentence or word boundary with finish_reason length', async () => {
    const full = (await local.generate(refund)).text
    for (const maxLength of [1, 5, 20, 60, 120, 200, 300, full.length - 1]) {
      const r = await local.generate({ ...refund, maxLength })
      expect(r.text.length, String(maxLength)).toBeLessThanOrEqual(maxLength)
      expect(r.text.length).toBeGreaterThan(0)
      expect(r.finishReason).toBe('length')
      expect(full.startsWith(r.text)).toBe(true)
      if (maxLength >= 20) expect(/[\s]/.test(full.charAt(r.text.length)) || /[.!?,]$/.test(r.text), r.text).toBe(true)
    }
    const fits = await local.generate({ ...refund, maxLength: full.length })
    expect(fits).toEqual({ text: full, finishReason: 'stop' })
  })

  it('is deterministic for equal inputs, whatever the temperature', async () => {
    for (const temperature of [0, 0.3, 0.7, 1]) {
      const a = await local.generate({ ...refund, temperature })
      const b = await local.generate({ ...refund, temperature })
      expect(a).toEqual(b)
    }
  })

  it('always takes the first templates at temperature 0', async () => {
    const r = await local.generate({ ...refund, temperature: 0 })
    expect(r.text).toMatch(/^Hi Anna,/)
    expect(r.text).toMatch(/Best regards$/)
  })

  it('never throws and returns text for odd prompts', async () => {
    for (const prompt of ['?', '🙂🙂', 'x'.repeat(8000), 'Schreibe eine Antwort an den Kunden.', 'reply'])
      for (const context of [null, '', 'Anna: hi\nBob: hello', '💥'.repeat(100)]) {
        const r = await local.generate({ ...refund, prompt, context, maxLength: 400 })
        expect(r.text.length).toBeGreaterThan(0)
        expect(r.text.length).toBeLessThanOrEqual(400)
      }
  })
})

import { describe, expect, it } from 'vitest'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import { longestSharedRun } from '../../src/features/ai/local/voice.js'
import type { GenerateInput } from '../../src/features/ai/provider.js'
import { SUMMARIZE as CHATS, transcript } from '../../eval/fixtures/summarize.js'

const local = createLocalProvider()
const late: GenerateInput = {
  prompt: 'Write a reply apologising that the refund is late and promising it by Friday',
  context: null,
  chat: CHATS[0]!.lines,
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
const endsCleanly = (text: string) => /[.!?]$/.test(text)

describe('local generator', () => {
  it('apologises for a late refund and promises the date, greeting the customer by name', async () => {
    const r = await local.generate(late)
    expect(r.finishReason).toBe('stop')
    expect(r.text).toMatch(/^Hi Anna, I'm sorry your refund .*is taking longer than expected\./)
    expect(r.text).toContain('It will reach you by Friday')
    expect(r.text).toContain('#48213')
    expect(endsCleanly(r.text)).toBe(true)
  })

  it('reads the chat from a pasted transcript as well as from chat lines', async () => {
    const lines = await local.generate(late)
    const pasted = await local.generate({ ...late, chat: null, context: transcript(CHATS[0]!.lines) })
    expect(pasted.text).toBe(lines.text)
  })

  it('ignores the transcript the service appends to the context when the chat lines are given', async () => {
    const context = `Refunds are paid to the original card.\n\nThe conversation so far (oldest first):\n${transcript(CHATS[0]!.lines)}`
    const r = await local.generate({ ...late, context })
    expect(r.text).toBe((await local.generate({ ...late, context: 'Refunds are paid to the original card.' })).text)
  })

  it('drafts each act the prompt asks for, in order', async () => {
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
  })

  it('asks for details in the second person', async () => {
    const r = await local.generate({
      ...late,
      chat: null,
      prompt: 'Ask the customer for their order number and a photo of the damaged box',
    })
    expect(r.text).toMatch(/^Hello, could you please send me your order number and a photo of the damaged box\?/)
  })

  it('acknowledges the open question of an upset customer when the prompt asks for nothing in particular', async () => {
    const r = await local.generate({ ...late, prompt: 'Draft a reply.', chat: CHATS[1]!.lines })
    expect(r.text).toMatch(/^Hi James, I'm sorry for the trouble with your order ORD-77120/)
    expect(r.text).toContain('whether you can cancel and get your £349 back')
  })

  it('never repeats more than eight words of the context or chat in a row', async () => {
    for (const c of CHATS) {
      const source = c.lines.map((l) => l.text).join('\n')
      for (const prompt of ['Draft a reply.', late.prompt, 'Reply telling the customer the issue is resolved']) {
        const r = await local.generate({ ...late, prompt, chat: c.lines })
        expect(longestSharedRun(source, r.text), `${c.name}: ${r.text}`).toBeLessThanOrEqual(8)
      }
    }
    const r = await local.generate(product)
    expect(longestSharedRun(product.context!, r.text)).toBeLessThanOrEqual(8)
    for (const fact of ['Breeze 300', 'HEPA H13', '$199']) expect(r.text).toContain(fact)
  })

  it('writes an announcement from the prompt alone', async () => {
    const r = await local.generate({
      ...product,
      prompt: 'Announce that the mobile app now supports dark mode',
      context: null,
    })
    expect(r.text).toContain('The mobile app now supports dark mode.')
  })

  it('fits max_length by leaving sentences out, ending on a sentence, with finish_reason length', async () => {
    const full = (await local.generate(late)).text
    for (const maxLength of [90, 120, full.length - 1]) {
      const r = await local.generate({ ...late, maxLength })
      expect(r.text.length, String(maxLength)).toBeLessThanOrEqual(maxLength)
      expect(r.finishReason).toBe('length')
      expect(endsCleanly(r.text), r.text).toBe(true)
    }
    for (const maxLength of [1, 5, 20, 60]) {
      const r = await local.generate({ ...late, maxLength })
      expect(r.text.length).toBeGreaterThan(0)
      expect(r.text.length).toBeLessThanOrEqual(maxLength)
      expect(r.finishReason).toBe('length')
    }
    expect(await local.generate({ ...late, maxLength: full.length })).toEqual({ text: full, finishReason: 'stop' })
  })

  it('is deterministic for equal inputs, and temperature only picks among equivalent phrasings', async () => {
    const facts = ['Anna', '#48213', 'Friday']
    for (const temperature of [0, 0.3, 0.7, 1]) {
      const a = await local.generate({ ...late, temperature })
      expect(await local.generate({ ...late, temperature })).toEqual(a)
      for (const fact of facts) expect(a.text).toContain(fact)
    }
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

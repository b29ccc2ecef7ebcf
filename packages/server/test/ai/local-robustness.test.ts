import { describe, expect, it } from 'vitest'
import { createLocalProvider } from '../../src/features/ai/local/index.js'
import type { ChatLine } from '../../src/features/ai/provider.js'

const local = createLocalProvider()
const line = (speaker: ChatLine['speaker'], text: string): ChatLine => ({
  speaker,
  name: speaker === 'customer' ? 'Kim' : 'Alex',
  text,
  at: '2026-03-14T09:00:00.000Z',
})

// Inputs a real inbox produces: emoji only, one endless word, other scripts, markup, empty and placeholder lines.
const ODD_TEXTS = [
  '🙂',
  '👍👍👍🎉',
  'x'.repeat(5000),
  'Hallo, meine Bestellung 4711 ist nicht angekommen. Können Sie helfen?',
  '注文番号12345の商品がまだ届いていません。いつ届きますか？',
  'مرحبا، لم يصل طلبي بعد',
  '<b>bold</b> & "quotes" \\ back\\slash',
  '...?!',
  '\n\n\t  \n',
  'constructor __proto__ toString hasOwnProperty',
]

describe('local engine on odd input', () => {
  it('summarises odd chats and texts without throwing, within the contract', async () => {
    for (const text of ODD_TEXTS) {
      const chats: (ChatLine[] | null)[] = [
        null,
        [line('customer', text)],
        [line('customer', text), line('agent', text)],
      ]
      for (const lines of chats) {
        const r = await local.summarize({ lines, text, maxKeyPoints: 5, language: 'en' })
        expect(r.summary.length).toBeLessThanOrEqual(1000)
        expect(r.summary.length).toBeLessThanOrEqual(Math.max(1, text.length))
        expect(['positive', 'neutral', 'negative', 'mixed']).toContain(r.sentiment)
        expect(Number.isFinite(r.sentiment_score)).toBe(true)
        expect(r.key_points.length).toBeLessThanOrEqual(5)
      }
    }
  })

  it('summarises a chat whose lines are empty, placeholders or agent-only', async () => {
    const lines = [line('customer', '[voice message]'), line('agent', ''), line('assistant', 'How can I help?')]
    const r = await local.summarize({ lines, text: 'x', maxKeyPoints: 3, language: 'en' })
    expect(r.open_questions).toEqual([])
    expect(r.sentiment).toBe('neutral')
  })

  it('extracts sentences and facts from text in another language', async () => {
    const text =
      'Hallo, meine Bestellung #4711 ist nicht angekommen. Ich habe 49,90 € bezahlt. Können Sie helfen? Danke.'
    const r = await local.summarize({ lines: null, text, maxKeyPoints: 2, language: 'de' })
    expect(r.summary).toContain('#4711')
    expect(r.open_questions).toEqual(['Können Sie helfen?'])
    expect(r.language).toBe('de')
  })

  it('paraphrases, generates and writes survey questions for odd input without throwing', async () => {
    for (const text of ODD_TEXTS) {
      const p = await local.paraphrase({ text: text.trim() || 'x', n: 2, tone: 'formal', language: 'en' })
      expect(p.variants.length).toBeGreaterThanOrEqual(1)
      const g = await local.generate({
        prompt: text,
        context: text,
        chat: null,
        maxLength: 200,
        temperature: 0.5,
        language: 'en',
      })
      expect(g.text.length).toBeLessThanOrEqual(200)
      const s = await local.surveyQuestions({
        topic: text.slice(0, 255),
        context: text,
        count: 3,
        types: [],
        language: 'en',
      })
      expect(s.questions).toHaveLength(3)
    }
  })

  it('stops when the call is cancelled', async () => {
    const controller = new AbortController()
    controller.abort(new Error('timed out'))
    await expect(
      local.summarize({ lines: null, text: 'Hello there.', maxKeyPoints: 1, language: 'en' }, controller.signal),
    ).rejects.toThrow('timed out')
    await expect(
      local.paraphrase({ text: 'Hi', n: 1, tone: 'neutral', language: 'en' }, controller.signal),
    ).rejects.toThrow()
  })

  it('names itself local-v1', () => {
    expect([local.name, local.model]).toEqual(['local', 'local-v1'])
  })
})

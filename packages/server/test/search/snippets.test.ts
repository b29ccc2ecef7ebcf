import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'
import { unmark } from '../../src/features/search/search.service.js'
import { marked, resultsAs, writeIssue } from './helpers.js'

let app: TestApp
const clock = testClock()
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const results = (token: string, payload: unknown) => resultsAs(app, token, payload)

/** Every word of the snippet (without a closing ellipsis and fragment delimiters) is a whole word of the text. */
const wholeWords = (snippet: string, text: string) => {
  const words = new Set(text.split(/[\s.,?!:"]+/).filter(Boolean))
  return snippet
    .replace(/…$/, '')
    .split(/[\s.,?!:"…]+/)
    .filter(Boolean)
    .filter((word) => !words.has(word))
}

describe('search snippets', () => {
  it('keep the first words of a text when the match is at its start', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'My refund never arrived')
    await send(app, w.clientToken, chat.chat_id, 'I want a refund for the broken kettle')
    await writeIssue(app, clock.now(), w.tenantId, w.clientId, 'A refund please', 'It is late.')
    const found = await results(w.adminToken, { query: 'refund', types: ['messages', 'issues'] })
    expect(found.map((r) => r.snippet).sort()).toEqual(
      ['A refund please. It is late', 'I want a refund for the broken kettle', 'My refund never arrived'].sort(),
    )
    for (const r of found) expect(marked(r)).toEqual(['refund'])
  })

  it('start and end on whole words when the text is long, and highlight exactly the matching words', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const filler = 'wonderfully extraordinary circumstances notwithstanding'
    const text = `${`${filler} `.repeat(12)}my refund ${`${filler} `.repeat(12)}another refund ${filler}`
    await send(app, w.clientToken, chat.chat_id, text)
    const [found] = await results(w.adminToken, { query: 'refu', types: ['messages'] })
    expect(found!.snippet.length).toBeLessThanOrEqual(300)
    expect(wholeWords(found!.snippet, text)).toEqual([])
    expect(marked(found!).length).toBeGreaterThan(0)
    for (const word of marked(found!)) expect(word).toBe('refund')
  })
})

describe('unmark', () => {
  it('cuts a long snippet after the last whole word that fits, dropping highlights past the cut', () => {
    const headline = `${'abcdefghi '.repeat(29)}ab\u0001refund\u0002xyz tail`
    const { snippet, highlights } = unmark(headline)
    expect(snippet).toBe(`${'abcdefghi '.repeat(29).trimEnd()}…`)
    expect(highlights).toEqual([])
    const kept = unmark(`\u0001refund\u0002 ${'abcdefghi '.repeat(40)}`)
    expect(kept.snippet.length).toBeLessThanOrEqual(300)
    expect(kept.snippet.endsWith('abcdefghi…')).toBe(true)
    expect(kept.highlights).toEqual([[0, 6]])
  })

  it('cuts a single word longer than the snippet at the limit', () => {
    const { snippet } = unmark('x'.repeat(400))
    expect(snippet).toBe(`${'x'.repeat(299)}…`)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createClient, createTenantWithAdmin } from '../factories.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'
import { marked, resultsAs, searchAs, writeIssue, type Result } from './helpers.js'

let app: TestApp
const clock = testClock()
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const results = (token: string, payload: unknown) => resultsAs(app, token, payload)
const issue = (tenantId: number, clientId: number, title: string, description: string, comments: string[] = []) =>
  writeIssue(app, clock.now(), tenantId, clientId, title, description, comments)
const keys = (found: Result[]) => found.map((r) => `${r.type}:${r.id}`).sort()

describe('POST /api/search while the last word is still being typed', () => {
  it('finds issues, comments and messages by the first letters of a word, and only the caller’s', async () => {
    const w = await chatWorld(app)
    const stranger = await chatWorld(app)
    const mine = await issue(w.tenantId, w.clientId, 'Refund never arrived', 'I paid twice.', ['The refund is late'])
    await issue(stranger.tenantId, stranger.clientId, 'Refund never arrived', 'Stranger content.', ['refund'])
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'Where is my refund? It has been two weeks.')
    const message = await app.db
      .selectFrom('chat_messages')
      .select('id')
      .where('chat_id', '=', chat.chat_id)
      .executeTakeFirstOrThrow()

    for (const typed of ['re', 'ref', 'refu', 'REFUN', 'refund']) {
      const found = await results(w.adminToken, { query: typed, types: ['issues', 'comments', 'messages'] })
      expect([typed, keys(found)]).toEqual([
        typed,
        [`comments:${mine.commentIds[0]}`, `issues:${mine.issueId}`, `messages:${message.id}`].sort(),
      ])
      // The whole word is highlighted, not just the letters typed.
      for (const r of found) expect([typed, r.type, marked(r)]).toEqual([typed, r.type, ['refund']])
    }
  })

  it('finds chats by the start of the customer’s name and communities by the start of their name', async () => {
    const w = await chatWorld(app)
    const named = await createClient(app, { first_name: 'Philippa', last_name: 'Quartermaine' })
    const chat = await startChat(app, named.token, { tenant_id: w.tenantId })
    const byName = await results(w.adminToken, { query: 'philippa quarter', types: ['chats'] })
    expect(byName.map((r) => [r.type, r.id, r.title])).toEqual([['chats', chat.chat_id, 'Philippa Quartermaine']])
    expect(marked(byName[0]!)).toEqual(['philippa', 'quartermaine'])
    const community = await results(w.adminToken, { query: 'commun', types: ['communities'] })
    expect(community.map((r) => r.type)).toEqual(['communities'])
  })

  it('finds a word whose start is longer than its stem: “shipp” finds “shipping”', async () => {
    const w = await chatWorld(app)
    const made = await issue(w.tenantId, w.clientId, 'Shipping costs', 'Charged for shipping twice')
    for (const typed of ['ship', 'shipp', 'shippi', 'shipping']) {
      const found = await results(w.adminToken, { query: typed, types: ['issues'] })
      expect([typed, found.map((r) => r.id)]).toEqual([typed, [made.issueId]])
      expect(marked(found[0]!)).toEqual(['shipping', 'shipping'])
    }
  })

  it('keeps the earlier words whole and only the last one open', async () => {
    const w = await chatWorld(app)
    const made = await issue(w.tenantId, w.clientId, 'Refund never arrived', 'Paid twice for the order.')
    expect((await results(w.adminToken, { query: 'refund arri', types: ['issues'] })).map((r) => r.id)).toEqual([
      made.issueId,
    ])
    expect(await results(w.adminToken, { query: 'refu arrived', types: ['issues'] })).toEqual([])
    expect(await results(w.adminToken, { query: 'refund zebr', types: ['issues'] })).toEqual([])
  })

  it('reads “or” before the last word as either, and a quoted phrase being typed as that phrase', async () => {
    const w = await chatWorld(app)
    const refund = await issue(w.tenantId, w.clientId, 'Refund never arrived', 'Paid twice.')
    const zipper = await issue(w.tenantId, w.clientId, 'Broken zipper', 'The zipper broke on day one.')
    const either = await results(w.adminToken, { query: 'refund or zipp', types: ['issues'] })
    expect(keys(either)).toEqual([`issues:${refund.issueId}`, `issues:${zipper.issueId}`].sort())
    const phrase = await results(w.adminToken, { query: '"broken zip', types: ['issues'] })
    expect(keys(phrase)).toEqual([`issues:${zipper.issueId}`])
  })

  it('takes search operators and odd characters in the words as plain text', async () => {
    const w = await chatWorld(app)
    const made = await issue(w.tenantId, w.clientId, 'Refund never arrived', 'Paid twice.')
    for (const query of ['refu:*', 'refu&', "refu'", 'refu\\', 'refu)', '(refu', 'refu|', '!refu', 'refu<->']) {
      const found = await results(w.adminToken, { query, types: ['issues'] })
      expect([query, found.map((r) => r.id)]).toEqual([query, [made.issueId]])
    }
    const { token } = await createTenantWithAdmin(app)
    for (const query of [
      "''",
      ':*',
      '&|!',
      '<->',
      '\\\\',
      'straß',
      '日本語',
      'é́',
      '👍👍',
      'a:*b',
      '""',
      "''::",
      '"re fu',
    ]) {
      const res = await searchAs(app, token, { query })
      expect([query, res.statusCode, res.json().results]).toEqual([query, 200, []])
    }
  })
})

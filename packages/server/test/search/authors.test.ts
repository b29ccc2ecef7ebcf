import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, PASSWORD, unique } from '../factories.js'
import { chatWorld } from '../chat/helpers.js'
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
const issue = (tenantId: number, clientId: number, title: string, description: string) =>
  writeIssue(app, clock.now(), tenantId, clientId, title, description)

/** A customer with names no other test uses, so that searching them finds only this customer's issues. */
async function namedCustomer() {
  const first = unique('Wilhelmina')
  const last = unique('Featherstonehaugh')
  const username = unique('wfeather')
  const { client, token } = await createClient(app, {
    first_name: first,
    last_name: last,
    username,
    email: `${username}@example.com`,
  })
  return { id: client.id, token, first, last, username }
}

describe('POST /api/search finds community issues by who raised them', () => {
  it('finds a customer’s issues by their first name, last name, full name, username or the start of one', async () => {
    const w = await chatWorld(app)
    const author = await namedCustomer()
    const raised = await issue(w.tenantId, author.id, 'Zipper broke', 'The jacket zipper broke on day one.')
    await issue(w.tenantId, w.clientId, 'Zipper stuck', 'Another customer’s issue.')
    for (const query of [
      author.first,
      author.last.toUpperCase(),
      `${author.first} ${author.last}`,
      author.username,
      author.last.slice(0, 8),
    ]) {
      const found = await results(w.adminToken, { query, types: ['issues'] })
      expect([query, found.map((r) => [r.type, r.id, r.title])]).toEqual([
        query,
        [['issues', raised.issueId, 'Zipper broke']],
      ])
      expect(found[0]!.ref).toMatchObject({ issue_id: raised.issueId, thread_id: raised.threadId })
    }
  })

  it('says who raised the issue in the snippet, with the matching name highlighted', async () => {
    const w = await chatWorld(app)
    const author = await namedCustomer()
    await issue(w.tenantId, author.id, 'Zipper broke', 'The jacket zipper broke on day one.')
    const [found] = await results(w.adminToken, { query: author.last, types: ['issues'] })
    expect(found!.snippet).toBe(`${author.first} ${author.last}: Zipper broke. The jacket zipper broke on day one.`)
    expect(marked(found!)).toEqual([author.last.toLowerCase()])
  })

  it('finds issues whose text matches as before, and ranks them with those raised by a matching author', async () => {
    const w = await chatWorld(app)
    const author = await namedCustomer()
    const byAuthor = await issue(w.tenantId, author.id, 'Zipper broke', 'Nothing else.')
    const mentions = await issue(w.tenantId, w.clientId, `Question for ${author.first}`, 'About a return.')
    const found = await results(w.adminToken, { query: author.first, types: ['issues'] })
    expect(found.map((r) => r.id).sort()).toEqual([byAuthor.issueId, mentions.issueId].sort())
    for (const r of found) expect(r.score).toBeGreaterThan(0)
  })

  it('shows staff only their own organization’s issues, even by a customer who writes in several', async () => {
    const w = await chatWorld(app)
    const stranger = await chatWorld(app)
    const author = await namedCustomer()
    const mine = await issue(w.tenantId, author.id, 'Zipper broke', 'In my organization.')
    const theirs = await issue(stranger.tenantId, author.id, 'Button fell off', 'In the other organization.')
    expect((await results(w.adminToken, { query: author.last })).map((r) => [r.type, r.id])).toEqual([
      ['issues', mine.issueId],
    ])
    expect((await results(stranger.adminToken, { query: author.last })).map((r) => [r.type, r.id])).toEqual([
      ['issues', theirs.issueId],
    ])
    const employee = await createEmployee(app, w.adminToken)
    expect((await results(employee.token, { query: author.first })).map((r) => r.id)).toEqual([mine.issueId])
  })

  it('does not find issues by the placeholder name of a deleted account, but still by their words', async () => {
    const w = await chatWorld(app)
    const author = await namedCustomer()
    const made = await issue(w.tenantId, author.id, 'Zipper broke', 'The jacket zipper broke on day one.')
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/auth/me/',
      headers: auth(author.token),
      payload: { password: PASSWORD },
    })
    expect(deleted.statusCode).toBe(204)
    expect(await results(w.adminToken, { query: author.last, types: ['issues'] })).toEqual([])
    expect(await results(w.adminToken, { query: 'deleted user', types: ['issues'] })).toEqual([])
    expect((await results(w.adminToken, { query: 'jacket zipper', types: ['issues'] })).map((r) => r.id)).toEqual([
      made.issueId,
    ])
  })
})

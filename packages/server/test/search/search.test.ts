import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { chatWorld, send, setSettings, startChat } from '../chat/helpers.js'
import { unmark } from '../../src/features/search/search.service.js'
import { DEFAULT_LIMITS } from '../../src/http/rate-limit.js'
import { marked, resultsAs, searchAs, writeIssue, type Result } from './helpers.js'

let app: TestApp
const clock = testClock()
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const search = (token: string, payload: unknown, url = '/api/search') => searchAs(app, token, payload, url)
const results = (token: string, payload: unknown) => resultsAs(app, token, payload)
const issue = (tenantId: number, clientId: number, title: string, description: string, comments: string[] = []) =>
  writeIssue(app, clock.now(), tenantId, clientId, title, description, comments)

describe('POST /api/search', () => {
  it('answers 401 without a token and 403 to a customer', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/search', payload: { query: 'refund' } })).statusCode).toBe(
      401,
    )
    const customer = await createClient(app)
    expect((await search(customer.token, { query: 'refund' })).statusCode).toBe(403)
  })

  it('rejects missing or too short words, unknown kinds and a bad limit with field errors', async () => {
    const { token } = await createTenantWithAdmin(app)
    for (const [payload, field] of [
      [{}, 'query'],
      [{ query: 'a' }, 'query'],
      [{ query: 'x'.repeat(201) }, 'query'],
      [{ query: 'refund', types: ['tickets'] }, 'types.0'],
      [{ query: 'refund', limit: 0 }, 'limit'],
      [{ query: 'refund', from: 'yesterday' }, 'from'],
    ] as const) {
      const res = await search(token, payload)
      expect([res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([400, [field]])
    }
  })

  it('finds issues, comments, messages, chats and communities of the caller’s organization only, ranked', async () => {
    const w = await chatWorld(app)
    const stranger = await chatWorld(app)
    const mine = await issue(w.tenantId, w.clientId, 'Refund never arrived', 'I paid twice for my order.', [
      'Same here, the refund is late',
    ])
    const weaker = await issue(w.tenantId, w.clientId, 'Login problem', 'Also asked about a refund last week.')
    await issue(stranger.tenantId, stranger.clientId, 'Refund never arrived', 'Stranger content.', ['refund'])
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'Where is my refund? It has been two weeks.')

    const body = (await search(w.adminToken, { query: 'refunds' })).json()
    expect(body).toMatchObject({ query: 'refunds', provider: 'local', total: 4 })
    const found = body.results as Result[]
    expect(found.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      [
        `issues:${mine.issueId}`,
        `issues:${weaker.issueId}`,
        `comments:${mine.commentIds[0]}`,
        `messages:${(await app.db.selectFrom('chat_messages').select('id').where('chat_id', '=', chat.chat_id).executeTakeFirstOrThrow()).id}`,
      ].sort(),
    )
    // A title match outranks a match in the description.
    const issues = found.filter((r) => r.type === 'issues')
    expect(issues[0]).toMatchObject({ id: mine.issueId, title: 'Refund never arrived' })
    expect(issues[0]!.score).toBeGreaterThan(issues[1]!.score)
    expect(issues[0]!.ref).toEqual({
      chat_id: null,
      issue_id: mine.issueId,
      thread_id: mine.threadId,
      community_id: mine.communityId,
      survey_id: null,
    })
    for (const r of found) expect(marked(r)).toContain('refund')
    const message = found.find((r) => r.type === 'messages')!
    expect(message).toMatchObject({ title: 'Cora Client', ref: { chat_id: chat.chat_id } })
  })

  it('narrows to the kinds asked for, also by the legacy context and filter, and at the root alias', async () => {
    const w = await chatWorld(app)
    await issue(w.tenantId, w.clientId, 'Broken zipper on jacket', 'The zipper broke', ['zipper again'])
    const onlyComments = await results(w.adminToken, { query: 'zipper', types: ['comments'] })
    expect(onlyComments.map((r) => r.type)).toEqual(['comments'])
    const legacy = await search(w.adminToken, { context: 'zipper', filter: 'issues' }, '/search')
    expect(legacy.statusCode).toBe(200)
    expect(legacy.json().results.map((r: Result) => r.type)).toEqual(['issues'])
    expect(legacy.json().query).toBe('zipper')
  })

  it('finds chats by the customer’s name and communities by name', async () => {
    const w = await chatWorld(app)
    const named = await createClient(app, { first_name: 'Philippa', last_name: 'Quartermaine' })
    const chat = await startChat(app, named.token, { tenant_id: w.tenantId })
    const byName = await results(w.adminToken, { query: 'quartermaine', types: ['chats'] })
    expect(byName.map((r) => [r.type, r.id, r.title])).toEqual([['chats', chat.chat_id, 'Philippa Quartermaine']])
    const community = await results(w.adminToken, { query: 'community', types: ['communities'] })
    expect(community).toHaveLength(1)
    expect(community[0]!.ref.community_id).toBe(community[0]!.id)
  })

  it('keeps an employee limited to assigned chats out of colleagues’ conversations', async () => {
    const w = await chatWorld(app)
    const colleague = await createEmployee(app, w.adminToken)
    const employee = await createEmployee(app, w.adminToken)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    await send(app, w.clientToken, chat.chat_id, 'My parcel tracking number is wrong')
    await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${chat.chat_id}/assign/`,
      headers: auth(w.adminToken),
      payload: { assignee_id: colleague.employee.id },
    })
    expect(await results(employee.token, { query: 'parcel tracking' })).toHaveLength(1)
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    expect(await results(employee.token, { query: 'parcel tracking' })).toEqual([])
    expect(await results(colleague.token, { query: 'parcel tracking' })).toHaveLength(1)
  })

  it('leaves out deleted comments and what falls outside the dates', async () => {
    const w = await chatWorld(app)
    const made = await issue(w.tenantId, w.clientId, 'Warranty', 'Question', ['warranty card missing'])
    await app.db
      .updateTable('community_comments')
      .set({ deleted_at: clock.now() })
      .where('id', '=', made.commentIds[0]!)
      .execute()
    expect(await results(w.adminToken, { query: 'warranty card', types: ['comments'] })).toEqual([])
    const later = new Date(clock.now().getTime() + 60_000).toISOString()
    expect(await results(w.adminToken, { query: 'warranty', from: later })).toEqual([])
    expect(await results(w.adminToken, { query: 'warranty', to: later })).toHaveLength(1)
  })

  it('answers nothing, not an error, for words that are all stop words or symbols', async () => {
    const { token } = await createTenantWithAdmin(app)
    for (const query of ['the and of', '!!! ???', '"unterminated', '-- --', 'a & b | c']) {
      const res = await search(token, { query })
      expect([query, res.statusCode, res.json().results]).toEqual([query, 200, []])
    }
  })
})

describe('search rate limit', () => {
  it('counts searches per organization in the AI bucket and answers 429 past it', async () => {
    const limited = await buildTestApp({ limits: { ...DEFAULT_LIMITS, ai: { max: 2, window: 60_000 } } })
    try {
      const org = await createTenantWithAdmin(limited)
      const colleague = await createEmployee(limited, org.token)
      const other = await createTenantWithAdmin(limited)
      const call = (token: string) =>
        limited.inject({ method: 'POST', url: '/api/search', headers: auth(token), payload: { query: 'refund' } })
      expect((await call(org.token)).statusCode).toBe(200)
      expect((await call(colleague.token)).statusCode).toBe(200)
      const third = await call(org.token)
      expect(third.statusCode).toBe(429)
      expect(third.headers['retry-after']).toBeDefined()
      expect((await call(other.token)).statusCode).toBe(200)
    } finally {
      await limited.shutdown()
    }
  })
})

describe('snippets', () => {
  it('turn marks into highlight positions and stay within 300 characters', () => {
    expect(unmark('The \u0001refunds\u0002 were \u0001delayed\u0002')).toEqual({
      snippet: 'The refunds were delayed',
      highlights: [
        [4, 11],
        [17, 24],
      ],
    })
    const long = unmark(`${'word '.repeat(70)}\u0001refund\u0002 ${'tail '.repeat(10)}`)
    expect(long.snippet.length).toBeLessThanOrEqual(300)
    expect(long.snippet.endsWith('…')).toBe(true)
    expect(long.highlights).toEqual([])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unansweredCount } from '../../src/features/analytics/metrics/responses.queries.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'
import { auth, createClient } from '../factories.js'
import { getMetric, insertMessage } from './responses-helpers.js'

/*
 * Unanswered waiting periods (contract §7.5) counted from the chats' current state (`waiting_since`, for a `to` near
 * now) and from the window's history (for a `to` long past) agree with each other and with the definition replayed
 * here over the chats' messages and resolves, for conversations written through the product.
 */

let app: TestApp
const clock = testClock(new Date('2026-05-06T08:00:00Z'))
const setNow = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime())
const at = (time: string) => `2026-05-06T${time}Z`

beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

async function setStatus(token: string, chatId: number, status: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/chat/chat/${chatId}/`,
    headers: auth(token),
    payload: { status },
  })
  expect(res.statusCode).toBe(200)
}

/** The definition, replayed: waiting periods that started in `[from, to)` and are open at `to`, one per chat. */
async function replayed(tenantId: number, from: Date, to: Date): Promise<number> {
  const messages = await app.db
    .selectFrom('chat_messages')
    .select(['chat_id', 'message_sender', 'sent_at'])
    .where('tenant_id', '=', tenantId)
    .execute()
  const resolves = await app.db
    .selectFrom('chat_events')
    .select(['chat_id', 'occurred_at'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'resolved')
    .execute()
  const chats = new Map<number, { client: number[]; ends: number[] }>()
  const of = (id: number) => chats.get(id) ?? chats.set(id, { client: [], ends: [] }).get(id)!
  for (const m of messages)
    (m.message_sender === 'client' ? of(Number(m.chat_id)).client : of(Number(m.chat_id)).ends).push(
      new Date(m.sent_at).getTime(),
    )
  for (const e of resolves) of(Number(e.chat_id)).ends.push(new Date(e.occurred_at).getTime())
  let n = 0
  for (const { client, ends } of chats.values()) {
    const lastEnd = Math.max(-Infinity, ...ends.filter((t) => t < to.getTime()))
    const start = Math.min(...client.filter((t) => t < to.getTime() && t > lastEnd))
    if (start >= from.getTime() && start < to.getTime()) n++
  }
  return n
}

describe('unanswered waiting periods', () => {
  it('are the same from the current state, from the history and by the definition', async () => {
    const w = await chatWorld(app)
    const [c2, c3, c4, c5] = [
      await createClient(app),
      await createClient(app),
      await createClient(app),
      await createClient(app),
    ]
    // Chat A: waits from 08:00, answered at 08:05; waits from 08:30, answered at 09:10; waits from 09:20 on.
    // Chat B: waits from 08:06, resolved unanswered at 08:16, waits again from 08:20, answered at 08:21.
    // Chat C: waits from 08:10, resolved at 08:12, reopened by staff at 08:40 without a message.
    // Chat D: waits from 08:45 on. Chat E: waits from 08:50, the assistant answers at 08:51.
    setNow(at('08:00:00'))
    const a = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
    await send(app, w.clientToken, a, 'one')
    setNow(at('08:02:00'))
    await send(app, w.clientToken, a, 'two')
    setNow(at('08:05:00'))
    await send(app, w.adminToken, a, 'answer')
    setNow(at('08:06:00'))
    const b = (await startChat(app, c2.token, { tenant_id: w.tenantId })).chat_id
    await send(app, c2.token, b, 'x')
    setNow(at('08:10:00'))
    const c = (await startChat(app, c3.token, { tenant_id: w.tenantId })).chat_id
    await send(app, c3.token, c, 'hello')
    setNow(at('08:12:00'))
    await setStatus(w.adminToken, c, 'resolved')
    setNow(at('08:16:00'))
    await setStatus(w.adminToken, b, 'resolved')
    setNow(at('08:20:00'))
    await send(app, c2.token, b, 'y')
    setNow(at('08:21:00'))
    await send(app, w.adminToken, b, 'answer')
    setNow(at('08:30:00'))
    await send(app, w.clientToken, a, 'three')
    setNow(at('08:40:00'))
    await setStatus(w.adminToken, c, 'open')
    setNow(at('08:45:00'))
    const d = (await startChat(app, c4.token, { tenant_id: w.tenantId })).chat_id
    await send(app, c4.token, d, 'anyone?')
    setNow(at('08:50:00'))
    const e = (await startChat(app, c5.token, { tenant_id: w.tenantId })).chat_id
    await send(app, c5.token, e, 'anyone?')
    await insertMessage(app, w.tenantId, e, 'tenant_iva', at('08:51:00'))
    setNow(at('09:10:00'))
    await send(app, w.adminToken, a, 'sorry')
    setNow(at('09:20:00'))
    await send(app, w.clientToken, a, 'four')
    setNow(at('10:00:00'))

    const starts = ['07:00:00', '08:00:00', '08:03:00', '08:15:00', '08:25:00', '08:46:00', '09:15:00']
    const ends = [
      '08:04:00',
      '08:13:00',
      '08:17:00',
      '08:20:30',
      '08:31:00',
      '08:47:00',
      '08:52:00',
      '09:30:00',
      '10:00:00',
    ]
    let checked = 0
    for (const s of starts)
      for (const t of ends) {
        const from = new Date(at(s))
        const to = new Date(at(t))
        if (from >= to) continue
        const f = { tenantId: w.tenantId }
        const expected = await replayed(w.tenantId, from, to)
        // `now` at `to` reads the current state; far after `to`, the window's history.
        expect([from, to, await unansweredCount(app.db, f, { from, to }, to)]).toEqual([from, to, expected])
        const later = new Date(to.getTime() + 10 * (to.getTime() - from.getTime()))
        expect([from, to, await unansweredCount(app.db, f, { from, to }, later)]).toEqual([from, to, expected])
        checked++
      }
    expect(checked).toBeGreaterThan(40)
    // Through the endpoint, `to` at now: A (since 09:20) and D (since 08:45) wait; E was answered by the assistant.
    const reply = await getMetric<{ unanswered_count: number }>(app, w.adminToken, 'averageresponsetime', {
      from: at('08:00:00'),
      to: at('10:00:00'),
    })
    expect(reply.unanswered_count).toBe(2)
    expect(await replayed(w.tenantId, new Date(at('08:00:00')), new Date(at('10:00:00')))).toBe(2)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { addChat, addClient, addCommunity, addMessage, addVisitor, metricCalls } from './people-helpers.js'

/*
 * Voice messages (contract §7.10) in New York, over 6–8 March 2026: clocks go forward on 8 March, so that day is
 * 23 hours long. Local midnights: 6 March 05:00Z, 7 March 05:00Z, 8 March 05:00Z, 9 March 04:00Z.
 */

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date('2026-03-15T12:00:00Z')) })
})
afterAll(async () => {
  await app.shutdown()
})

const WINDOW = { from: '2026-03-06', to: '2026-03-08', timezone: 'America/New_York' }

async function tenant() {
  const org = await createTenantWithAdmin(app)
  return { id: org.tenant.tenant_id, api: metricCalls(app, org.token) }
}

let a: Awaited<ReturnType<typeof tenant>>
let empty: Awaited<ReturnType<typeof tenant>>
beforeAll(async () => {
  a = await tenant()
  empty = await tenant()
  const clientId = await addClient(app)
  const web = await addChat(app, a.id, { clientId })
  const whatsapp = await addChat(app, a.id, { clientId }, 'whatsapp')
  const email = await addChat(app, a.id, { clientId }, 'email')
  const facebook = await addChat(app, a.id, { visitorId: await addVisitor(app, a.id) }, 'facebook')
  const voice = (ms: number | null, bytes: number | null) => ({ voice: { ms, bytes } })
  await addMessage(app, a.id, web, '2026-02-01T12:00:00Z', voice(10_000, 1000)) // long before
  await addMessage(app, a.id, web, '2026-03-06T04:59:00Z', voice(2000, 200)) // 5 March 23:59 local
  await addMessage(app, a.id, web, '2026-03-06T05:00:00Z', voice(3000, 300)) // 6 March 00:00
  await addMessage(app, a.id, web, '2026-03-07T04:30:00Z', voice(1500, 150)) // 6 March 23:30
  await addMessage(app, a.id, web, '2026-03-07T10:00:00Z', voice(null, null)) // 7 March, no duration or size
  await addMessage(app, a.id, web, '2026-03-07T12:00:00Z', { ...voice(9000, 900), deleted: true })
  await addMessage(app, a.id, whatsapp, '2026-03-08T06:00:00Z', voice(4000, 400)) // 8 March 01:00 EST
  await addMessage(app, a.id, web, '2026-03-09T03:59:00Z', voice(1000, 100)) // 8 March 23:59 EDT
  await addMessage(app, a.id, web, '2026-03-09T04:00:00Z', voice(7000, 700)) // 9 March 00:00: at `to`
  await addMessage(app, a.id, email, '2026-03-07T12:00:00Z') // text only
  await addMessage(app, a.id, facebook, '2026-03-07T12:00:00Z', { deleted: true }) // deleted text only
  // Another tenant's voice message in the window never counts.
  const b = await tenant()
  await addMessage(app, b.id, await addChat(app, b.id, { clientId }), '2026-03-07T12:00:00Z', voice(5000, 500))
})

const day = (start: string, end: string, count: number) => ({
  start_time: start,
  end_time: end,
  partial: false,
  count,
})

describe('cumulativevoicemessage', () => {
  it('counts every voice message up to `to` and runs the total at each local day end', async () => {
    const res = await a.api.get('cumulativevoicemessage', WINDOW)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      total_voice_size: 7,
      voice_message_count: 7,
      total_duration_seconds: 21.5, // 10 + 2 + 3 + 1.5 + 4 + 1
      total_bytes: 2150,
      in_window: { count: 5, duration_seconds: 9.5 },
    })
    expect(body.series).toEqual([
      day('2026-03-06T05:00:00.000Z', '2026-03-07T05:00:00.000Z', 4), // 2 before + 2 on 6 March
      day('2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', 5),
      day('2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', 7),
    ])
    expect(body.meta).toMatchObject({ granularity: 'day', timezone: 'America/New_York', ignored_filters: [] })
  })

  it('keeps the chats of the chosen channels, GET and POST alike', async () => {
    const get = await a.api.get('cumulativevoicemessage', { ...WINDOW, channel: 'whatsapp,email' })
    const post = await a.api.post('cumulativevoicemessage', { ...WINDOW, channel: ['whatsapp', 'email'] })
    expect(post.json()).toEqual(get.json())
    expect(get.json()).toMatchObject({
      total_voice_size: 1,
      total_duration_seconds: 4,
      total_bytes: 400,
      in_window: { count: 1, duration_seconds: 4 },
    })
    expect(get.json().series.map((s: { count: number }) => s.count)).toEqual([0, 0, 1])
    expect(get.json().meta.filters.channel).toEqual(['whatsapp', 'email'])
  })

  it('runs weekly totals and ignores a community', async () => {
    const community = await addCommunity(app, a.id)
    const body = (
      await a.api.post('cumulativevoicemessage', { ...WINDOW, granularity: 'week', community_id: community })
    ).json()
    // The week from Monday 2 March holds the whole window: everything up to `to`.
    expect(body.series).toEqual([
      { start_time: '2026-03-02T05:00:00.000Z', end_time: '2026-03-09T04:00:00.000Z', partial: true, count: 7 },
    ])
    expect(body.meta.ignored_filters).toEqual(['community'])
    expect(body.meta.filters).toEqual({ ...WINDOW, granularity: 'week' })
  })

  it('answers an empty tenant with zeros', async () => {
    const body = (await empty.api.get('cumulativevoicemessage', WINDOW)).json()
    expect(body).toMatchObject({ total_voice_size: 0, total_bytes: 0, in_window: { count: 0, duration_seconds: 0 } })
    expect(body.series.map((s: { count: number }) => s.count)).toEqual([0, 0, 0])
  })
})

describe('averagevoicemessageperchat', () => {
  it('divides the voice messages of the window by the chats with a message in it', async () => {
    const body = (await a.api.get('averagevoicemessageperchat', WINDOW)).json()
    // Chats with a message: web, WhatsApp, email (the Facebook chat's only message is deleted).
    expect(body).toMatchObject({
      average_voice_messages_per_chat: 1.67, // 5 / 3
      voice_message_count: 5,
      active_chat_count: 3,
      chats_with_voice: 2,
      average_duration_seconds: 2.38, // (3 + 1.5 + 4 + 1) / 4, the message without a duration left out
    })
  })

  it('keeps the chosen channels and ignores a community', async () => {
    const community = await addCommunity(app, a.id)
    const email = await a.api.post('averagevoicemessageperchat', { ...WINDOW, channel: 'email', community })
    expect(email.statusCode).toBe(200)
    expect(email.json()).toMatchObject({
      average_voice_messages_per_chat: 0,
      voice_message_count: 0,
      active_chat_count: 1,
      chats_with_voice: 0,
      average_duration_seconds: null,
    })
    expect(email.json().meta.ignored_filters).toEqual(['community'])
  })

  it('answers an empty tenant with no average', async () => {
    const body = (await empty.api.get('averagevoicemessageperchat', WINDOW)).json()
    expect(body).toMatchObject({
      average_voice_messages_per_chat: null,
      voice_message_count: 0,
      active_chat_count: 0,
      average_duration_seconds: null,
    })
  })
})

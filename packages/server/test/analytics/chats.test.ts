import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  addChat,
  addMessage,
  addTopic,
  analyticsTenant,
  getMetric,
  hoursFrom,
  postMetric,
  type Item,
} from './chat-data.js'

/* Chat counts, channels and the hourly chat series (contract §7.3), on hand-placed chats and messages. */

const NOW = '2026-05-13T10:20:00.000Z'
let app: TestApp

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(new Date(NOW)) })
})
afterAll(async () => {
  await app.shutdown()
})

const WINDOW = { from: '2026-05-01T00:00:00Z', to: '2026-05-11T00:00:00Z' }
const zeroChannels = (channels: string[]) =>
  channels.map((channel) => ({ channel, chat_count: 0, message_count: 0, percentage: null }))
const ALL = ['mobile', 'website', 'facebook', 'instagram', 'whatsapp', 'email']

describe('an empty tenant', () => {
  it('answers zeros, null ratios and full series', async () => {
    const { token } = await analyticsTenant(app)
    const count = await getMetric(app, token, 'countchats')
    expect(count).toMatchObject({
      chat_count: 0,
      by_status: { open: 0, pending: 0, resolved: 0 },
      previous_period_count: 0,
      change_percentage: null,
    })
    const hourly = await getMetric<{ series: Item[]; total_chats_last_hour: number }>(app, token, 'counthourlychats')
    expect(hourly.total_chats_last_hour).toBe(0)
    expect(hourly.series.map((i) => i.count)).toEqual(Array(24).fill(0))
    const cumulative = await getMetric<{ data: (Item & { cumulative: number })[]; total: number }>(
      app,
      token,
      'cumulativehourlychats',
    )
    expect(cumulative.total).toBe(0)
    expect(cumulative.data.map((i) => i.cumulative)).toEqual(Array(24).fill(0))
    const channels = await getMetric(app, token, 'communicationchannels')
    expect(channels).toMatchObject({ mobile_count: 0, email_count: 0, total: 0, channels: zeroChannels(ALL) })
    const escalations = await getMetric(app, token, 'countescalatedissues')
    expect(escalations).toMatchObject({ count: 0, escalation_events: 0, escalation_rate: null })
    expect((escalations.by_channel as unknown[]).length).toBe(6)
  })
})

describe('countchats and communicationchannels over a window', () => {
  let tenantId: number
  let token: string
  let topic: number

  beforeAll(async () => {
    ;({ tenantId, token } = await analyticsTenant(app))
    topic = await addTopic(app, tenantId)
    const c1 = await addChat(app, tenantId, '2026-05-01T00:00:00Z', { channel: 'mobile', status: 'open' })
    const c2 = await addChat(app, tenantId, '2026-05-05T12:00:00Z', {
      channel: 'website',
      status: 'pending',
      topicId: topic,
    })
    const c3 = await addChat(app, tenantId, '2026-05-10T23:59:59Z', {
      channel: 'whatsapp',
      status: 'resolved',
      topicId: topic,
    })
    await addChat(app, tenantId, '2026-05-11T00:00:00Z', { channel: 'mobile', status: 'resolved' })
    const c5 = await addChat(app, tenantId, '2026-04-30T23:59:00Z', { channel: 'email' })
    await addChat(app, tenantId, '2026-04-21T00:00:00Z', { channel: 'mobile' })
    await addChat(app, tenantId, '2026-04-20T23:59:00Z', { channel: 'mobile' })
    await addMessage(app, tenantId, c1, '2026-05-02T09:00:00Z')
    await addMessage(app, tenantId, c1, '2026-05-03T09:00:00Z', { sender: 'tenant' })
    await addMessage(app, tenantId, c1, '2026-05-03T09:01:00Z', { deletedAt: '2026-05-03T09:02:00Z' })
    await addMessage(app, tenantId, c1, '2026-04-30T09:00:00Z')
    await addMessage(app, tenantId, c2, '2026-05-06T09:00:00Z', { sender: 'tenant_iva' })
    await addMessage(app, tenantId, c5, '2026-05-02T09:00:00Z')
    await addMessage(app, tenantId, c3, '2026-05-11T00:00:00Z')
    // Another tenant's chat and message in the same window.
    const stranger = await analyticsTenant(app)
    const s = await addChat(app, stranger.tenantId, '2026-05-03T00:00:00Z', { channel: 'mobile' })
    await addMessage(app, stranger.tenantId, s, '2026-05-03T00:00:00Z')
  })

  it('counts chats created in [from, to) by current status, against the window just before', async () => {
    expect(await getMetric(app, token, 'countchats', WINDOW)).toMatchObject({
      chat_count: 3,
      by_status: { open: 1, pending: 1, resolved: 1 },
      previous_period_count: 2,
      change_percentage: 50,
    })
  })

  it('applies the channel and topic filters to both periods', async () => {
    expect(await getMetric(app, token, 'countchats', { ...WINDOW, channel: 'mobile,website' })).toMatchObject({
      chat_count: 2,
      by_status: { open: 1, pending: 1, resolved: 0 },
      previous_period_count: 1,
      change_percentage: 100,
    })
    expect(await getMetric(app, token, 'countchats', { ...WINDOW, topic_id: topic })).toMatchObject({
      chat_count: 2,
      by_status: { open: 0, pending: 1, resolved: 1 },
      previous_period_count: 0,
      change_percentage: null,
    })
    expect(await getMetric(app, token, 'countchats', { ...WINDOW, channel: 'email' })).toMatchObject({
      chat_count: 0,
      previous_period_count: 1,
      change_percentage: -100,
    })
  })

  it('splits chats and the messages sent in the window by channel', async () => {
    const reply = await getMetric(app, token, 'communicationchannels', WINDOW)
    expect(reply).toMatchObject({
      mobile_count: 1,
      website_count: 1,
      facebook_count: 0,
      instagram_count: 0,
      whatsapp_count: 1,
      email_count: 0,
      total: 3,
      channels: [
        { channel: 'mobile', chat_count: 1, message_count: 2, percentage: 33.33 },
        { channel: 'website', chat_count: 1, message_count: 1, percentage: 33.33 },
        { channel: 'facebook', chat_count: 0, message_count: 0, percentage: 0 },
        { channel: 'instagram', chat_count: 0, message_count: 0, percentage: 0 },
        { channel: 'whatsapp', chat_count: 1, message_count: 0, percentage: 33.33 },
        { channel: 'email', chat_count: 0, message_count: 1, percentage: 0 },
      ],
    })
  })

  it('filters the channel split by topic and by channel', async () => {
    const byTopic = await getMetric<{ channels: { channel: string }[]; total: number }>(
      app,
      token,
      'communicationchannels',
      { ...WINDOW, topic_id: topic },
    )
    expect(byTopic.total).toBe(2)
    expect(byTopic.channels.filter((c) => ['website', 'whatsapp'].includes(c.channel))).toEqual([
      { channel: 'website', chat_count: 1, message_count: 1, percentage: 50 },
      { channel: 'whatsapp', chat_count: 1, message_count: 0, percentage: 50 },
    ])
    const mobile = await getMetric<{ channels: unknown[]; total: number }>(app, token, 'communicationchannels', {
      ...WINDOW,
      channel: 'mobile',
    })
    expect(mobile).toMatchObject({ mobile_count: 1, website_count: 0, email_count: 0, total: 1 })
    expect(mobile.channels[0]).toEqual({ channel: 'mobile', chat_count: 1, message_count: 2, percentage: 100 })
    expect(mobile.channels[5]).toEqual({ channel: 'email', chat_count: 0, message_count: 0, percentage: 0 })
  })

  it('lists the filters it does not use and answers GET and POST alike', async () => {
    const community = await app.db
      .selectFrom('communities')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    const q = { ...WINDOW, community_id: community.id, limit: 3, channel: 'mobile', granularity: 'day' }
    const got = await getMetric(app, token, 'countchats', q)
    expect(got.meta.ignored_filters).toEqual(['community', 'granularity', 'limit'])
    expect(got.meta.filters).toMatchObject({ channel: ['mobile'] })
    expect(got.meta.granularity).toBeNull()
    const posted = await postMetric(app, token, 'countchats', { ...q, channel: ['mobile'] })
    expect(posted).toEqual(got)
    const body = { ...WINDOW, channel: ['mobile', 'email'], topic_id: topic }
    expect(await postMetric(app, token, 'communicationchannels', body)).toEqual(
      await getMetric(app, token, 'communicationchannels', { ...body, channel: 'mobile,email' }),
    )
  })
})

describe('the hourly chat series', () => {
  let tenantId: number
  let token: string

  beforeAll(async () => {
    ;({ tenantId, token } = await analyticsTenant(app))
    for (const at of [
      '2026-05-12T10:59:59Z', // before the default window
      '2026-05-12T11:00:00Z', // first bucket
      '2026-05-13T08:19:59Z',
      '2026-05-13T08:20:00Z', // previous hour starts
      '2026-05-13T09:19:59Z',
      '2026-05-13T09:20:00Z', // last hour starts
      '2026-05-13T10:19:59Z',
    ])
      await addChat(app, tenantId, at)
    await addChat(app, tenantId, '2026-05-13T10:05:00Z', { channel: 'whatsapp' })
    const stranger = await analyticsTenant(app)
    await addChat(app, stranger.tenantId, '2026-05-13T10:00:00Z')
  })

  it('defaults to the 23 hours before the current one and the current, partial one', async () => {
    const reply = await getMetric<{ series: Item[]; total_chats_last_hour: number; previous_hour_count: number }>(
      app,
      token,
      'counthourlychats',
    )
    expect(reply.total_chats_last_hour).toBe(3)
    expect(reply.previous_hour_count).toBe(2)
    expect(reply.meta).toMatchObject({ from: '2026-05-12T11:00:00.000Z', to: NOW, granularity: 'hour' })
    const starts = hoursFrom('2026-05-12T11:00:00Z', 24)
    expect(reply.series.map((i) => i.start_time)).toEqual(starts)
    expect(reply.series.at(-1)).toEqual({
      start_time: '2026-05-13T10:00:00.000Z',
      end_time: '2026-05-13T11:00:00.000Z',
      partial: true,
      count: 2,
    })
    expect(reply.series.filter((i) => i.partial)).toHaveLength(1)
    const counts = Array(24).fill(0)
    counts[0] = 1
    counts[21] = 2
    counts[22] = 2
    counts[23] = 2
    expect(reply.series.map((i) => i.count)).toEqual(counts)
  })

  it('filters the last hour and the series by channel', async () => {
    const reply = await getMetric<{ series: Item[]; total_chats_last_hour: number; previous_hour_count: number }>(
      app,
      token,
      'counthourlychats',
      { channel: 'whatsapp' },
    )
    expect(reply.total_chats_last_hour).toBe(1)
    expect(reply.previous_hour_count).toBe(0)
    expect(reply.series.map((i) => i.count)).toEqual([...Array(23).fill(0), 1])
  })

  it('keeps running totals from zero at the window start', async () => {
    const reply = await getMetric<{ data: (Item & { cumulative: number })[]; total: number }>(
      app,
      token,
      'cumulativehourlychats',
    )
    expect(reply.total).toBe(7)
    const cumulative = [...Array(21).fill(1), 3, 5, 7]
    expect(reply.data.map((i) => i.cumulative)).toEqual(cumulative)
    expect(reply.data[21]).toMatchObject({ start_time: '2026-05-13T08:00:00.000Z', count: 2, partial: false })
  })

  it('counts only the part of a partial bucket inside an explicit window', async () => {
    const q = { from: '2026-05-13T08:30:00Z', to: '2026-05-13T10:10:00Z' }
    const hourly = await getMetric<{ series: Item[] }>(app, token, 'counthourlychats', q)
    expect(hourly.series).toEqual([
      { start_time: '2026-05-13T08:00:00.000Z', end_time: '2026-05-13T09:00:00.000Z', partial: true, count: 0 },
      { start_time: '2026-05-13T09:00:00.000Z', end_time: '2026-05-13T10:00:00.000Z', partial: false, count: 2 },
      { start_time: '2026-05-13T10:00:00.000Z', end_time: '2026-05-13T11:00:00.000Z', partial: true, count: 1 },
    ])
    const cumulative = await getMetric<{ data: { cumulative: number }[]; total: number }>(
      app,
      token,
      'cumulativehourlychats',
      q,
    )
    expect(cumulative.data.map((i) => i.cumulative)).toEqual([0, 2, 3])
    expect(cumulative.total).toBe(3)
  })
})

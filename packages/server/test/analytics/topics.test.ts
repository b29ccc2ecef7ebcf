import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { getMetric, insertChat, insertMessage, insertTopic, postMetric } from './responses-helpers.js'

/* Topics (contract §7.7): chats created in the window by their current topic. */

let app: TestApp
const clock = testClock(new Date('2026-05-05T09:00:00Z'))

beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

type Popular = {
  data: { topic: string; topic_id: number; count: number; message_count: number; percentage: number | null }[]
  unassigned_count: number
}
type Least = { least_engaged_topics: string[]; data: { topic: string; topic_id: number; count: number }[] }

const day = { from: '2026-05-02', to: '2026-05-02', timezone: 'UTC' }
const inDay = (time: string) => `2026-05-02T${time}Z`

async function world() {
  const org = await createTenantWithAdmin(app)
  const t = org.tenant.tenant_id
  const billing = await insertTopic(app, t, 'Billing')
  const delivery = await insertTopic(app, t, 'delivery')
  const returns = await insertTopic(app, t, 'Returns')
  const archive = await insertTopic(app, t, 'Archive', false)
  const warranty = await insertTopic(app, t, 'Warranty')
  const b1 = await insertChat(app, t, { created: inDay('08:00:00'), topicId: billing })
  await insertMessage(app, t, b1, 'client', inDay('08:00:00'))
  await insertMessage(app, t, b1, 'tenant', inDay('08:05:00'), { deleted: true })
  await insertMessage(app, t, b1, 'tenant_iva', inDay('08:06:00'))
  await insertMessage(app, t, b1, 'client', '2026-05-03T01:00:00Z') // after the window
  const b2 = await insertChat(app, t, { created: inDay('09:00:00'), topicId: billing })
  await insertMessage(app, t, b2, 'client', inDay('09:00:00'))
  const d1 = await insertChat(app, t, { created: inDay('10:00:00'), topicId: delivery })
  await insertMessage(app, t, d1, 'client', inDay('10:00:00'))
  await insertMessage(app, t, d1, 'tenant', inDay('10:01:00'))
  await insertChat(app, t, { created: inDay('11:00:00'), topicId: delivery, channel: 'whatsapp' })
  await insertChat(app, t, { created: inDay('12:00:00'), topicId: returns })
  await insertChat(app, t, { created: inDay('13:00:00'), topicId: archive })
  await insertChat(app, t, { created: inDay('14:00:00') })
  await insertChat(app, t, { created: inDay('15:00:00') })
  // Created before the window: its messages in the window do not make it count.
  const old = await insertChat(app, t, { created: '2026-05-01T10:00:00Z', topicId: warranty })
  await insertMessage(app, t, old, 'client', inDay('10:00:00'))
  // Another tenant's chats on a topic of the same name.
  const stranger = await createTenantWithAdmin(app)
  const theirs = await insertTopic(app, stranger.tenant.tenant_id, 'Warranty')
  for (let i = 0; i < 3; i++)
    await insertChat(app, stranger.tenant.tenant_id, { created: inDay('10:00:00'), topicId: theirs })
  return { org, t, billing, delivery, returns, archive, warranty }
}

describe('populartopics and leasttopics', () => {
  it('rank the topics of the chats created in the window', async () => {
    const w = await world()
    // 8 chats in the day: Billing 2, delivery 2, Archive 1, Returns 1, no topic 2.
    const popular = await getMetric<Popular>(app, w.org.token, 'populartopics', day)
    expect(popular.data).toEqual([
      { topic: 'Billing', topic_id: w.billing, count: 2, message_count: 4, percentage: 25 },
      { topic: 'delivery', topic_id: w.delivery, count: 2, message_count: 2, percentage: 25 },
      { topic: 'Archive', topic_id: w.archive, count: 1, message_count: 0, percentage: 12.5 },
      { topic: 'Returns', topic_id: w.returns, count: 1, message_count: 0, percentage: 12.5 },
    ])
    expect(popular.unassigned_count).toBe(2)
    expect(await postMetric(app, w.org.token, 'populartopics', day)).toEqual(popular)

    const top2 = await getMetric<Popular>(app, w.org.token, 'populartopics', { ...day, limit: 2 })
    expect(top2.data.map((d) => d.topic)).toEqual(['Billing', 'delivery'])
    // Mobile only: 7 chats, delivery keeps one.
    const mobile = await getMetric<Popular>(app, w.org.token, 'populartopics', { ...day, channel: 'mobile' })
    expect(mobile.data.map((d) => [d.topic, d.count, d.percentage])).toEqual([
      ['Billing', 2, 28.57],
      ['Archive', 1, 14.29],
      ['delivery', 1, 14.29],
      ['Returns', 1, 14.29],
    ])

    // Active topics only, zero counts included: Warranty 0, Returns 1, Billing 2, delivery 2.
    const least = await getMetric<Least>(app, w.org.token, 'leasttopics', day)
    expect(least).toMatchObject({
      least_engaged_topics: ['Warranty'],
      data: [
        { topic: 'Warranty', topic_id: w.warranty, count: 0 },
        { topic: 'Returns', topic_id: w.returns, count: 1 },
        { topic: 'Billing', topic_id: w.billing, count: 2 },
        { topic: 'delivery', topic_id: w.delivery, count: 2 },
      ],
    })
    const filtered = await getMetric<Least>(app, w.org.token, 'leasttopics', { ...day, topic_id: 1, assignee: 2 })
    expect(filtered.meta.ignored_filters).toEqual(['topic_id', 'assignee'])
  })

  it('name every topic sharing the lowest count, however short the list', async () => {
    const w = await world()
    const zeta = await insertTopic(app, w.t, 'Zeta')
    const least = await getMetric<Least>(app, w.org.token, 'leasttopics', { ...day, limit: 1 })
    expect(least).toMatchObject({
      least_engaged_topics: ['Warranty', 'Zeta'],
      data: [{ topic: 'Warranty', topic_id: w.warranty, count: 0 }],
    })
    // On whatsapp only delivery has a chat; all the others share zero.
    const whatsapp = await getMetric<Least>(app, w.org.token, 'leasttopics', { ...day, channel: 'whatsapp', limit: 50 })
    expect(whatsapp.least_engaged_topics).toEqual(['Billing', 'Returns', 'Warranty', 'Zeta'])
    expect(whatsapp.data.at(-1)).toEqual({ topic: 'delivery', topic_id: w.delivery, count: 1 })
    expect(whatsapp.data.map((d) => d.topic_id)).toContain(zeta)
  })

  it('answer empty lists for a tenant without topics or chats', async () => {
    const org = await createTenantWithAdmin(app)
    expect(await getMetric<Popular>(app, org.token, 'populartopics')).toMatchObject({ data: [], unassigned_count: 0 })
    expect(await getMetric<Least>(app, org.token, 'leasttopics')).toMatchObject({ least_engaged_topics: [], data: [] })
  })
})

import type { StaffClient } from '@proxima/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createClient, createEmployee } from '../factories.js'
import { addResponse, calls, createSurvey, relatedClient, surveyWorld } from '../surveys/survey-helpers.js'

const URL = '/api/clients/'
let app: TestApp
let c: ReturnType<typeof calls>
beforeAll(async () => {
  app = await buildTestApp()
  c = calls(app)
})
afterAll(() => app.shutdown())

const ids = (res: { json: () => { data: StaffClient[] } }) => res.json().data.map((x) => x.id)

async function world() {
  const w = await surveyWorld(app)
  const now = new Date()
  // Related through a chat (with a message), a community membership and an issue.
  const chatter = await relatedClient(app, w.tenantId, {
    first_name: 'Zoe',
    last_name: 'Quill',
    phonenumber: '+254700111222',
  })
  await app.db
    .updateTable('chats')
    .set({ last_message_at: new Date('2030-01-01T00:00:00.000Z'), satisfaction_rating: 4 })
    .where('tenant_id', '=', w.tenantId)
    .where('client_id', '=', chatter.id)
    .execute()
  const memberC = await createClient(app, { first_name: 'Abe', last_name: 'Member' })
  await app.db
    .insertInto('community_memberships')
    .values({ tenant_id: w.tenantId, community_id: w.communityId, client_id: memberC.client.id, joined_at: now })
    .execute()
  const issue = await app.db
    .insertInto('community_issues')
    .values({
      tenant_id: w.tenantId,
      community_id: w.communityId,
      client_id: memberC.client.id,
      title: 'Lid leaks',
      description: 'It leaks.',
      last_activity_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const thread = await app.db
    .insertInto('community_threads')
    .values({ tenant_id: w.tenantId, issue_id: issue.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await app.db
    .insertInto('community_comments')
    .values({
      tenant_id: w.tenantId,
      community_id: w.communityId,
      issue_id: issue.id,
      thread_id: thread.id,
      client_id: memberC.client.id,
      body: `Same here. ${'word '.repeat(60)}`,
      created_at: now,
      updated_at: now,
    })
    .execute()
  const unrelated = await createClient(app, { first_name: 'Zoe', last_name: 'Stranger' })
  return { w, chatter, member: { id: memberC.client.id, email: memberC.client.email }, unrelated, issueId: issue.id }
}

describe('/api/clients/', () => {
  it('lists only related clients, by name, with their chat figures and communities', async () => {
    const { w, chatter, member } = await world()
    const res = await c.get(URL, w.token)
    expect(res.statusCode).toBe(200)
    expect(ids(res)).toEqual([member.id, chatter.id])
    const byId = new Map(res.json<{ data: StaffClient[] }>().data.map((x) => [x.id, x]))
    expect(byId.get(chatter.id)).toMatchObject({
      email: chatter.email,
      phonenumber: '+254700111222',
      chat_count: 1,
      last_chat_at: '2030-01-01T00:00:00.000Z',
      communities: [],
    })
    expect(byId.get(member.id)).toMatchObject({
      chat_count: 0,
      last_chat_at: null,
      communities: [{ community_id: w.communityId, community_name: expect.any(String) }],
    })
    expect(res.json().pagination).toEqual({ limit: 25, offset: 0, total: 2, next_offset: null })
  })

  it('searches names, full name, username, email and phone, and filters by community and chats', async () => {
    const { w, chatter, member } = await world()
    expect(ids(await c.get(`${URL}?search=zoe`, w.token))).toEqual([chatter.id])
    expect(ids(await c.get(`${URL}?search=${encodeURIComponent('Zoe Qu')}`, w.token))).toEqual([chatter.id])
    expect(ids(await c.get(`${URL}?search=0111`, w.token))).toEqual([chatter.id])
    expect(
      ids(await c.get(`${URL}?search=${encodeURIComponent(member.email.split('@')[0]!.toUpperCase())}`, w.token)),
    ).toEqual([member.id])
    expect(ids(await c.get(`${URL}?search=%25%25`, w.token))).toEqual([])
    expect(ids(await c.get(`${URL}?community_id=${w.communityId}`, w.token))).toEqual([member.id])
    expect(ids(await c.get(`${URL}?has_chat=true`, w.token))).toEqual([chatter.id])
    expect(ids(await c.get(`${URL}?has_chat=false`, w.token))).toEqual([member.id])
    expect(ids(await c.get(`${URL}?limit=1&offset=1`, w.token))).toEqual([chatter.id])
  })

  it('rejects bad filters with field errors', async () => {
    const { w } = await world()
    for (const [query, field] of [
      ['search=a', 'search'],
      [`search=${'a'.repeat(101)}`, 'search'],
      ['has_chat=maybe', 'has_chat'],
      ['community_id=x', 'community_id'],
      ['limit=101', 'limit'],
    ]) {
      const res = await c.get(`${URL}?${query}`, w.token)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().errors)).toEqual([field])
    }
  })

  it('shows one related client and their activity here, newest first; 404 for an unrelated one', async () => {
    const { w, chatter, member, unrelated, issueId } = await world()
    const employee = await createEmployee(app, w.token)
    const one = await c.get(`${URL}${member.id}/`, employee.token)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ id: member.id, email: member.email })
    const survey = await createSurvey(app, w.token, { survey_topic: 'Kettles' })
    await addResponse(app, w.tenantId, survey.survey_id, member.id)
    const activity = await c.get(`${URL}${member.id}/activity/`, w.token)
    expect(activity.statusCode).toBe(200)
    const a = activity.json()
    expect(a.chats).toEqual([])
    expect(a.issues).toEqual([
      expect.objectContaining({ issue_id: issueId, community_id: w.communityId, issue: 'Lid leaks', solved: false }),
    ])
    expect(a.comments).toHaveLength(1)
    expect(a.comments[0].excerpt.length).toBeLessThanOrEqual(120)
    expect(a.comments[0].excerpt).toMatch(/^Same here\. word.*…$/)
    expect(a.survey_responses).toEqual([
      expect.objectContaining({ survey_id: survey.survey_id, survey_topic: 'Kettles' }),
    ])
    const chats = (await c.get(`${URL}${chatter.id}/activity/`, w.token)).json().chats
    expect(chats).toEqual([expect.objectContaining({ channel: 'mobile', status: 'open', satisfaction_rating: 4 })])
    for (const url of [
      `${URL}${unrelated.client.id}/`,
      `${URL}${unrelated.client.id}/activity/`,
      `${URL}${w.adminId}/`,
    ]) {
      const res = await c.get(url, w.token)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().code).toBe('not_found')
    }
  })

  it('answers another tenant’s staff 404 and clients 403', async () => {
    const { chatter } = await world()
    const stranger = await surveyWorld(app)
    expect(ids(await c.get(URL, stranger.token))).toEqual([])
    expect((await c.get(`${URL}${chatter.id}/`, stranger.token)).statusCode).toBe(404)
    expect((await c.get(`${URL}${chatter.id}/activity/`, stranger.token)).statusCode).toBe(404)
    for (const url of [URL, `${URL}${chatter.id}/`, `${URL}${chatter.id}/activity/`]) {
      const res = await c.get(url, chatter.token)
      expect(res.statusCode, url).toBe(403)
    }
    expect((await c.get(URL)).statusCode).toBe(401)
  })
})

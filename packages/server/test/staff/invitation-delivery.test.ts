import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { startSmtpPeer } from '../smtp.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'
import { DAY, INVALID, NOT_FOUND, invitationHelpers } from './invitation-helpers.js'

/** The acceptance page the dashboard serves (`/auth/invitation`), with the token as its only query value. */
const INVITE_URL = /^http:\/\/localhost:3000\/auth\/invitation\?token=([A-Za-z0-9_-]{20,})$/
const tokenOf = (url: string) => INVITE_URL.exec(url)![1]!

// This app has no mail transport, like a fresh install without SYSTEM_SMTP_URL.
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const { newEmail, invite, preview, accept, person, list } = invitationHelpers(() => app)

const resend = (token: string, id: number, a: TestApp = app) =>
  a.inject({ method: 'POST', url: `/api/staff/invitations/${id}/resend/`, headers: auth(token) })

const verifyAdmin = (a: TestApp, userId: number) =>
  a.db.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute()

/** The invitation mails to an address that are still waiting to go out, with the link each carries. */
async function unsentMailsTo(a: TestApp, email: string) {
  const rows = await a.db
    .selectFrom('outbox_mail')
    .select(['status', 'text_body'])
    .where('to_address', '=', email)
    .where('kind', '=', 'staff_invitation')
    .where('status', 'in', ['queued', 'retrying', 'sending'])
    .execute()
  return rows.map((r) => /token=([A-Za-z0-9_-]+)/.exec(r.text_body ?? '')?.[1])
}

describe('invitation replies without a mail transport', () => {
  it('say the mail cannot be sent and carry the acceptance link the invitee uses', async () => {
    const { token } = await createTenantWithAdmin(app)
    const email = newEmail()
    const res = await invite(token, { email }, '/api/auth/employee/')
    expect(res.statusCode).toBe(201)
    const inv = res.json()
    expect(inv).toMatchObject({ status: 'pending', delivery_status: 'not_configured', delivery_error: null })
    expect(inv.invite_url).toMatch(INVITE_URL)
    const link = tokenOf(inv.invite_url)
    expect((await preview(link)).json().email).toBe(email)

    // The list tells the same truth, but never shows the link again.
    const listed = (await list(token)).json().data.find((i: { email: string }) => i.email === email)
    expect(listed).toMatchObject({ delivery_status: 'not_configured', delivery_error: null })
    expect(listed).not.toHaveProperty('invite_url')

    const session = await accept(person(link))
    expect(session.statusCode).toBe(201)
    expect(session.json()).toMatchObject({ email, user_type: 'employee', email_verified: true })
  })

  it('carry the link on both invitation paths', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await invite(token, { email: newEmail() }, '/api/staff/invitations/')
    expect(res.json().invite_url).toMatch(INVITE_URL)
    expect(res.json().delivery_status).toBe('not_configured')
  })
})

describe('POST /api/staff/invitations/{id}/resend/ gives the admin a new link', () => {
  it('requires a token', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { invitation_id } = (await invite(token, { email: newEmail() })).json()
    const res = await app.inject({ method: 'POST', url: `/api/staff/invitations/${invitation_id}/resend/` })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.required')
  })

  it('refuses a malformed body with 400 and leaves the current link working', async () => {
    const { token } = await createTenantWithAdmin(app)
    const created = (await invite(token, { email: newEmail() })).json()
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/invitations/${created.invitation_id}/resend/`,
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '{"send":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).not.toHaveProperty('invite_url')
    expect((await preview(tokenOf(created.invite_url))).statusCode).toBe(200)
  })

  it("answers 404 to another organization's admin and changes nothing", async () => {
    const { token } = await createTenantWithAdmin(app)
    const created = (await invite(token, { email: newEmail() })).json()
    const stranger = await createTenantWithAdmin(app)
    const res = await resend(stranger.token, created.invitation_id)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(NOT_FOUND)
    expect((await preview(tokenOf(created.invite_url))).statusCode).toBe(200)
  })

  it('answers 403 to an employee of the same organization and changes nothing', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: employee } = await createEmployee(app, token)
    const created = (await invite(token, { email: newEmail() })).json()
    const res = await resend(employee, created.invitation_id)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
    expect(res.body).not.toContain('token=')
    expect((await preview(tokenOf(created.invite_url))).statusCode).toBe(200)
  })

  it('returns a new working link; the old link stops working', async () => {
    const { token } = await createTenantWithAdmin(app)
    const email = newEmail()
    const created = (await invite(token, { email })).json()
    const res = await resend(token, created.invitation_id)
    expect(res.statusCode).toBe(200)
    const renewed = res.json()
    expect(renewed).toMatchObject({
      invitation_id: created.invitation_id,
      status: 'pending',
      delivery_status: 'not_configured',
    })
    expect(renewed.invite_url).toMatch(INVITE_URL)
    expect(renewed.invite_url).not.toBe(created.invite_url)
    expect((await preview(tokenOf(created.invite_url))).json()).toEqual(INVALID)
    expect((await accept(person(tokenOf(created.invite_url)))).json()).toEqual(INVALID)
    expect((await preview(tokenOf(renewed.invite_url))).json().email).toBe(email)
    expect((await accept(person(tokenOf(renewed.invite_url)))).statusCode).toBe(201)
  })

  it('withdraws the unsent mail of the old link, so only the working link is ever mailed', async () => {
    const { token } = await createTenantWithAdmin(app)
    const email = newEmail()
    const created = (await invite(token, { email })).json()
    expect(await unsentMailsTo(app, email)).toEqual([tokenOf(created.invite_url)])
    const renewed = (await resend(token, created.invitation_id)).json()
    expect(await unsentMailsTo(app, email)).toEqual([tokenOf(renewed.invite_url)])
  })

  it('withdraws the unsent mail when the invitation is accepted through a handed-on link or revoked', async () => {
    const { token } = await createTenantWithAdmin(app)
    const acceptedEmail = newEmail()
    const accepted = (await invite(token, { email: acceptedEmail })).json()
    expect((await accept(person(tokenOf(accepted.invite_url)))).statusCode).toBe(201)
    expect(await unsentMailsTo(app, acceptedEmail)).toEqual([])

    const revokedEmail = newEmail()
    const revoked = (await invite(token, { email: revokedEmail })).json()
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/staff/invitations/${revoked.invitation_id}/`,
      headers: auth(token),
    })
    expect(res.statusCode).toBe(204)
    expect(await unsentMailsTo(app, revokedEmail)).toEqual([])
  })
})

describe('invitation delivery with a mail server', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>
  let mailApp: TestApp
  beforeAll(async () => {
    peer = await startSmtpPeer()
    // Far ahead of real time, so that mail workers of other test files on a shared database never find these mails due.
    mailApp = await buildTestApp({ mailTransport: peer.transport, clock: testClock(new Date(Date.now() + 3650 * DAY)) })
  })
  afterAll(async () => {
    await mailApp.shutdown()
    await peer.close()
  })

  const statusOf = async (token: string, email: string) => {
    const res = await list(token, '', mailApp)
    const inv = res.json().data.find((i: { email: string }) => i.email === email)
    return { delivery_status: inv.delivery_status, delivery_error: inv.delivery_error }
  }

  it('is held while the inviting admin is unconfirmed, then sent once a mail server accepted it', async () => {
    const { token, tenant, admin } = await createTenantWithAdmin(mailApp)
    const email = newEmail()
    const res = await invite(token, { email }, '/api/staff/invitations/', mailApp)
    expect(res.json()).toMatchObject({ delivery_status: 'held', delivery_error: null })
    expect(res.json().invite_url).toMatch(INVITE_URL)
    await mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    expect(await statusOf(token, email)).toEqual({ delivery_status: 'held', delivery_error: null })

    await verifyAdmin(mailApp, admin.id)
    expect(await statusOf(token, email)).toEqual({ delivery_status: 'queued', delivery_error: null })
    await mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    expect(peer.received.filter((m) => m.to.includes(email))).toHaveLength(1)
    expect(await statusOf(token, email)).toEqual({ delivery_status: 'sent', delivery_error: null })
  })

  it('is queued for a confirmed admin and says why while a refused attempt waits for its retry', async () => {
    const { token, tenant, admin } = await createTenantWithAdmin(mailApp)
    await verifyAdmin(mailApp, admin.id)
    const email = newEmail()
    const res = await invite(token, { email }, '/api/staff/invitations/', mailApp)
    expect(res.json()).toMatchObject({ delivery_status: 'queued', delivery_error: null })
    peer.refuse(451, 'Mailbox busy, try later')
    try {
      await mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    } finally {
      peer.accept()
    }
    const state = await statusOf(token, email)
    expect(state.delivery_status).toBe('queued')
    expect(state.delivery_error).toContain('Mailbox busy, try later')
  })

  it('is failed, with the reason, when the mail server refuses it for good; resend queues a new mail', async () => {
    const { token, tenant, admin } = await createTenantWithAdmin(mailApp)
    await verifyAdmin(mailApp, admin.id)
    const email = newEmail()
    const created = (await invite(token, { email }, '/api/staff/invitations/', mailApp)).json()
    peer.refuse(550, 'No such mailbox here')
    try {
      await mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    } finally {
      peer.accept()
    }
    const state = await statusOf(token, email)
    expect(state.delivery_status).toBe('failed')
    expect(state.delivery_error).toContain('No such mailbox here')

    const renewed = await resend(token, created.invitation_id, mailApp)
    expect(renewed.json()).toMatchObject({ delivery_status: 'queued', delivery_error: null })
    await mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    const delivered = peer.received.filter((m) => m.to.includes(email))
    expect(delivered).toHaveLength(1)
    expect(peer.textOf(delivered[0]!)).toContain(renewed.json().invite_url)
    expect(await statusOf(token, email)).toEqual({ delivery_status: 'sent', delivery_error: null })
  })

  it('delivers only the working link when mail was queued before a new link replaced it', async () => {
    const { token, tenant, admin } = await createTenantWithAdmin(mailApp)
    const email = newEmail()
    const created = (await invite(token, { email }, '/api/staff/invitations/', mailApp)).json()
    const renewed = (await resend(token, created.invitation_id, mailApp)).json()
    await verifyAdmin(mailApp, admin.id)
    await mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    const delivered = peer.received.filter((m) => m.to.includes(email))
    expect(delivered).toHaveLength(1)
    const text = peer.textOf(delivered[0]!)
    expect(text).toContain(renewed.invite_url)
    expect(text).not.toContain(created.invite_url)
  })
})

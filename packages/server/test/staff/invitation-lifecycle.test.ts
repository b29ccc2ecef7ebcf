import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { PASSWORD, auth, createEmployee, createTenantWithAdmin, tokenFromOutbox } from '../factories.js'
import { DAY, INVALID, INVITE_PATHS, NOT_FOUND, invitationHelpers } from './invitation-helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const { newEmail, invite, preview, accept, person, list, invited } = invitationHelpers(() => app)

describe('resend and revoke', () => {
  it('answers 404 to a stranger and 403 to an employee', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    const { invitation, link } = await invited(token)
    const stranger = await createTenantWithAdmin(app)
    const id = invitation.invitation_id
    for (const [method, url] of [
      ['POST', `/api/staff/invitations/${id}/resend/`],
      ['DELETE', `/api/staff/invitations/${id}/`],
    ] as const) {
      const foreign = await app.inject({ method, url, headers: auth(stranger.token) })
      expect(foreign.statusCode, url).toBe(404)
      expect(foreign.json()).toEqual(NOT_FOUND)
      expect((await app.inject({ method, url, headers: auth(emp) })).statusCode, url).toBe(403)
      expect((await app.inject({ method, url: url.replace(String(id), 'abc'), headers: auth(token) })).statusCode).toBe(
        404,
      )
    }
    expect((await preview(link)).statusCode).toBe(200)
  })

  it('resends with a new link and a new week; the old link dies', async () => {
    const clock = testClock()
    const a = await buildTestApp({ clock })
    try {
      const { token } = await createTenantWithAdmin(a)
      const { invitation, link, email } = await invited(token, newEmail(), {}, a)
      clock.advance(2 * DAY)
      const res = await a.inject({
        method: 'POST',
        url: `/api/staff/invitations/${invitation.invitation_id}/resend/`,
        headers: auth(token),
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        invitation_id: invitation.invitation_id,
        status: 'pending',
        expires_at: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
      })
      const fresh = await tokenFromOutbox(a, email, 'staff_invitation')
      expect(fresh).not.toBe(link)
      expect((await preview(link, a)).json()).toEqual(INVALID)
      expect((await accept(person(link), a)).statusCode).toBe(400)
      expect((await accept(person(fresh), a)).statusCode).toBe(201)
      const closed = await a.inject({
        method: 'POST',
        url: `/api/staff/invitations/${invitation.invitation_id}/resend/`,
        headers: auth(token),
      })
      expect(closed.statusCode).toBe(409)
      expect(closed.json().code).toBe('staff.invitation_closed')
    } finally {
      await a.shutdown()
    }
  })

  it('revokes with 204: the link dies and revoking again is a conflict', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { invitation, link } = await invited(token)
    const url = `/api/staff/invitations/${invitation.invitation_id}/`
    const res = await app.inject({ method: 'DELETE', url, headers: auth(token) })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect((await accept(person(link))).json()).toEqual(INVALID)
    expect((await list(token, '?status=revoked')).json().data[0].invitation_id).toBe(invitation.invitation_id)
    const again = await app.inject({ method: 'DELETE', url, headers: auth(token) })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('staff.invitation_closed')
  })
})

describe('expiry', () => {
  let clock: ReturnType<typeof testClock>
  let later: TestApp
  let token: string
  let email: string
  beforeAll(async () => {
    clock = testClock()
    later = await buildTestApp({ clock })
    const created = await createTenantWithAdmin(later, { plan: 'basic' })
    token = created.token
    email = created.admin.email
  })
  afterAll(async () => {
    await later.shutdown()
  })

  it('shows an invitation as expired after 7 days; its link is dead and its seat is free', async () => {
    const a = await invited(token, newEmail(), {}, later)
    const b = await invited(token, newEmail(), {}, later)
    clock.advance(8 * DAY)
    const all = (await list(token, '', later)).json().data
    expect(all.map((i: { status: string }) => i.status)).toEqual(['expired', 'expired'])
    expect((await list(token, '?status=expired', later)).json().pagination.total).toBe(2)
    expect((await list(token, '?status=pending', later)).json().data).toEqual([])
    expect((await preview(a.link, later)).json()).toEqual(INVALID)
    expect((await accept(person(b.link), later)).json()).toEqual(INVALID)
    const sub = await later.inject({ method: 'GET', url: '/api/tenantmanagement/subscription/', headers: auth(token) })
    expect(sub.json().usage.agents).toBe(1)
  })

  it('refuses to revive an expired invitation into a seat the plan does not have', async () => {
    const expired = (await list(token, '?status=expired', later)).json().data[0]
    await invited(token, newEmail(), {}, later)
    await invited(token, newEmail(), {}, later)
    const res = await later.inject({
      method: 'POST',
      url: `/api/staff/invitations/${expired.invitation_id}/resend/`,
      headers: auth(token),
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('plan.limit_reached')
    const reinvite = await invite(token, { email: expired.email }, '/api/staff/invitations/', later)
    expect(reinvite.statusCode).toBe(409)
    expect(reinvite.json().code).toBe('staff.invitation_pending')
  })

  it('keeps inviting possible on both paths after the trial ends', async () => {
    clock.advance(7 * DAY)
    const signin = await later.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email, password: PASSWORD },
    })
    const fresh = signin.json().token
    expect(
      (
        await later.inject({
          method: 'POST',
          url: '/api/tenantmanagement/product/',
          headers: auth(fresh),
          payload: { name: 'X', price: '1' },
        })
      ).statusCode,
    ).toBe(402)
    for (const url of INVITE_PATHS)
      expect((await invite(fresh, { email: newEmail() }, url, later)).statusCode, url).toBe(201)
  })
})

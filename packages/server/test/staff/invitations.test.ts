import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { startSmtpPeer } from '../smtp.js'
import { PASSWORD, auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { DAY, INVALID, INVITE_PATHS, invitationHelpers } from './invitation-helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const { newEmail, invite, preview, accept, person, list, invited } = invitationHelpers(() => app)

describe('POST /api/auth/employee/ and /api/staff/invitations/', () => {
  it('requires a token', async () => {
    for (const url of INVITE_PATHS) {
      const res = await app.inject({ method: 'POST', url, payload: { email: newEmail() } })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('auth.required')
    }
  })

  it('rejects invalid fields with an error per field', async () => {
    const { token } = await createTenantWithAdmin(app)
    for (const url of INVITE_PATHS) {
      const res = await invite(
        token,
        { email: 'not-an-email', user_type: 'owner', first_name: 'f'.repeat(151), message: 'm'.repeat(501) },
        url,
      )
      expect(res.statusCode).toBe(400)
      const errors = res.json().errors
      expect(Object.keys(errors).sort()).toEqual(['email', 'first_name', 'message', 'user_type'])
      expect(errors.email).toEqual(['Enter a valid email address.'])
      expect(errors.message).toEqual(['Message must be at most 500 characters.'])
    }
    expect((await invite(token, {})).json().errors.email).toEqual(['Email is required.'])
  })

  it('refuses employees and customers with 403', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    const { token: client } = await createClient(app)
    for (const url of INVITE_PATHS) {
      for (const t of [emp, client]) {
        const res = await invite(t, { email: newEmail() }, url)
        expect(res.statusCode).toBe(403)
        expect(res.json().code).toBe('auth.forbidden')
      }
    }
  })

  it('creates a pending invitation with 201 and a Location header', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const email = newEmail()
    const res = await invite(
      token,
      { email: email.toUpperCase(), first_name: 'Nia', last_name: ' ' },
      '/api/auth/employee/',
    )
    expect(res.statusCode).toBe(201)
    const inv = res.json()
    expect(res.headers.location).toBe(`/api/staff/invitations/${inv.invitation_id}/`)
    expect(inv).toMatchObject({
      email,
      user_type: 'employee',
      first_name: 'Nia',
      last_name: null,
      status: 'pending',
      accepted_at: null,
      invited_by: { id: admin.id, username: admin.username, first_name: 'Ada', last_name: 'Admin', user_type: 'admin' },
    })
    expect(new Date(inv.expires_at).getTime() - new Date(inv.created_at).getTime()).toBe(7 * DAY)
    const asAdmin = await invite(token, { email: newEmail(), user_type: 'ADMIN' })
    expect(asAdmin.json().user_type).toBe('admin')
  })

  it('refuses an address that belongs to a member, to another account, or has a pending invitation', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { email: employeeEmail } = await createEmployee(app, token)
    for (const email of [admin.email, employeeEmail.toUpperCase()]) {
      const res = await invite(token, { email })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        message: 'This email already belongs to a member of your organization.',
        code: 'staff.already_member',
      })
    }
    const { client } = await createClient(app)
    const otherAdmin = (await createTenantWithAdmin(app)).admin
    for (const email of [client.email, otherAdmin.email]) {
      const res = await invite(token, { email })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        message: 'This email is already used by another account.',
        code: 'auth.email_in_use',
      })
    }
    const email = newEmail()
    expect((await invite(token, { email })).statusCode).toBe(201)
    const again = await invite(token, { email: email.toUpperCase() }, '/api/auth/employee/')
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('staff.invitation_pending')
  })

  it('counts pending invitations as seats: the third invitation of a basic tenant is refused', async () => {
    const { token } = await createTenantWithAdmin(app, { plan: 'basic' })
    const first = await invited(token)
    await invited(token)
    const res = await invite(token, { email: newEmail() })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      message: 'Your plan allows at most 3 agents.',
      code: 'plan.limit_reached',
      errors: { limit: ['max_agents'] },
    })
    // Revoking frees the seat.
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/staff/invitations/${first.invitation.invitation_id}/`,
          headers: auth(token),
        })
      ).statusCode,
    ).toBe(204)
    expect((await invite(token, { email: newEmail() })).statusCode).toBe(201)
  })
})

describe('the invitation mail', () => {
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

  it('waits until the inviting admin confirms their email, then comes from the tenant via Proxima', async () => {
    const { token, tenant, admin } = await createTenantWithAdmin(mailApp)
    const email = newEmail()
    expect(
      (await invite(token, { email, message: 'Welcome aboard, see you Monday' }, '/api/auth/employee/', mailApp))
        .statusCode,
    ).toBe(201)
    const run = () => mailApp.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
    await run()
    const forInvitee = () => peer.received.filter((m) => m.to.includes(email))
    expect(forInvitee()).toHaveLength(0)
    const held = await mailApp.db
      .selectFrom('outbox_mail')
      .select(['status', 'attempts'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    expect(held).toEqual({ status: 'queued', attempts: 0 })

    // The admin confirms their address (what the activation link does).
    await mailApp.db.updateTable('users').set({ email_verified: true }).where('id', '=', admin.id).execute()
    await run()
    expect(forInvitee()).toHaveLength(1)
    const text = peer.textOf(forInvitee()[0]!)
    expect(text).toMatch(new RegExp(`^From: "?${tenant.tenant_name} via Proxima"? <no-reply@localhost>`, 'm'))
    expect(text).toMatch(new RegExp(`^Reply-To: ${tenant.email}`, 'm'))
    expect(text).toMatch(new RegExp(`^Subject: Join ${tenant.tenant_name} on Proxima`, 'm'))
    expect(text).toContain('Welcome aboard, see you Monday')
    const link = /http:\/\/localhost:3000\/auth\/invitation\?token=([A-Za-z0-9_-]+)/.exec(text)
    expect(link).not.toBeNull()
    expect((await preview(link![1]!, mailApp)).json().email).toBe(email)
    // Once confirmed, later invitations go out on the next run.
    const next = newEmail()
    await invite(token, { email: next }, '/api/staff/invitations/', mailApp)
    await run()
    expect(peer.received.filter((m) => m.to.includes(next))).toHaveLength(1)
  })
})

describe('GET /api/auth/employee/invitation/', () => {
  it('answers a missing or unknown token with 400 auth.invitation_invalid', async () => {
    for (const url of ['/api/auth/employee/invitation/', '/api/auth/employee/invitation/?token=nope']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(INVALID)
    }
  })

  it('previews a live invitation without a token header', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const { link, email, invitation } = await invited(token, newEmail(), { user_type: 'admin' })
    const res = await preview(link)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      email,
      user_type: 'admin',
      tenant_name: tenant.tenant_name,
      invited_by_name: 'Ada Admin',
      expires_at: invitation.expires_at,
    })
  })
})

describe('POST /api/auth/employee/accept/', () => {
  it('requires the token and the account fields, field by field', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { link } = await invited(token)
    const none = await accept({})
    expect(none.statusCode).toBe(400)
    expect(Object.keys(none.json().errors)).toContain('token')
    const res = await accept({ token: link })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      username: ['Username is required.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      password: ['Password is required.'],
    })
    const mismatch = await accept(person(link, { confirm_password: 'Different-pass-9' }))
    expect(mismatch.json().errors.confirm_password).toEqual([Texts.passwordMismatch])
    const shape = await accept(person(link, { username: 'a b', password: 'short' }))
    expect(Object.keys(shape.json().errors).sort()).toEqual(['password', 'username'])
  })

  it('answers an unknown token with 400', async () => {
    const res = await accept(person('unknown-token'))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(INVALID)
  })

  it('creates a verified staff session that can sign in, and the link works once', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const { link, email, invitation } = await invited(token)
    const body = person(link)
    const res = await accept(body)
    expect(res.statusCode).toBe(201)
    const s = res.json()
    expect(s).toMatchObject({
      user_type: 'employee',
      email,
      username: body.username,
      first_name: 'Nia',
      email_verified: true,
      tenant_id: { tenant_id: tenant.tenant_id, tenant_name: tenant.tenant_name },
    })
    expect(s.token).toMatch(/^pxm_/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(
      (await app.inject({ method: 'GET', url: '/api/tenantmanagement/tenant/', headers: auth(s.token) })).statusCode,
    ).toBe(200)
    const signin = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email, password: PASSWORD, audience: 'dashboard' },
    })
    expect(signin.statusCode).toBe(200)
    expect(signin.json()).toMatchObject({ id: s.id, user_type: 'employee' })

    expect((await accept(person(link))).json()).toEqual(INVALID)
    expect((await preview(link)).statusCode).toBe(400)
    const accepted = (await list(token, '?status=accepted')).json().data
    expect(accepted).toEqual([
      expect.objectContaining({
        invitation_id: invitation.invitation_id,
        status: 'accepted',
        accepted_at: expect.any(String),
      }),
    ])
  })

  it('treats phonenumber, gender and DOB sent empty (old mobile app) as absent', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { link } = await invited(token)
    const res = await accept(person(link, { phonenumber: '', gender: '', DOB: '' }))
    expect(res.statusCode, res.body).toBe(201)
    const me = await app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(res.json().token) })
    expect(me.json()).toMatchObject({ phonenumber: null, gender: null, DOB: null })
  })

  it('gives an admin invitation an admin account', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { link } = await invited(token, newEmail(), { user_type: 'admin' })
    const res = await accept(person(link))
    expect(res.json().user_type).toBe('admin')
    expect((await invite(res.json().token, { email: newEmail() })).statusCode).toBe(201)
  })

  it('answers a taken username with 409 and keeps the invitation usable', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { link } = await invited(token)
    const res = await accept(person(link, { username: admin.username.toUpperCase() }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'auth.duplicate_user', errors: { username: [Texts.duplicateUsername] } })
    expect((await accept(person(link))).statusCode).toBe(201)
  })

  it('answers 409 when the address became another account meanwhile', async () => {
    const a = await createTenantWithAdmin(app)
    const b = await createTenantWithAdmin(app)
    const email = newEmail()
    const fromA = await invited(a.token, email)
    const fromB = await invited(b.token, email)
    expect((await accept(person(fromA.link))).statusCode).toBe(201)
    const res = await accept(person(fromB.link))
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('auth.email_in_use')
  })

  it('refuses to add staff beyond the plan when accepting', async () => {
    const { token, tenant } = await createTenantWithAdmin(app, { plan: 'professional' })
    const links = [await invited(token), await invited(token), await invited(token)]
    await app.db.updateTable('tenants').set({ plan: 'basic' }).where('id', '=', tenant.tenant_id).execute()
    expect((await accept(person(links[0]!.link))).statusCode).toBe(201)
    expect((await accept(person(links[1]!.link))).statusCode).toBe(201)
    const res = await accept(person(links[2]!.link))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'plan.limit_reached', errors: { limit: ['max_agents'] } })
  })
})

describe('GET /api/staff/invitations/', () => {
  it('requires a token, refuses employees and validates the status', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    expect((await app.inject({ method: 'GET', url: '/api/staff/invitations/' })).statusCode).toBe(401)
    expect((await list(emp)).statusCode).toBe(403)
    const bad = await list(token, '?status=everything')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['status'])
  })

  it("lists the tenant's invitations newest first, filtered by status; a stranger sees none", async () => {
    const { token } = await createTenantWithAdmin(app, { plan: 'professional' })
    const a = await invited(token)
    const b = await invited(token)
    const c = await invited(token)
    await accept(person(a.link))
    await app.inject({
      method: 'DELETE',
      url: `/api/staff/invitations/${b.invitation.invitation_id}/`,
      headers: auth(token),
    })
    const all = (await list(token)).json()
    expect(all).toMatchObject({ error: false, pagination: { limit: 25, offset: 0, total: 3, next_offset: null } })
    expect(all.data.map((i: { invitation_id: number; status: string }) => [i.invitation_id, i.status])).toEqual([
      [c.invitation.invitation_id, 'pending'],
      [b.invitation.invitation_id, 'revoked'],
      [a.invitation.invitation_id, 'accepted'],
    ])
    for (const [status, id] of [
      ['pending', c],
      ['revoked', b],
      ['accepted', a],
    ] as const) {
      expect(
        (await list(token, `?status=${status}`)).json().data.map((i: { invitation_id: number }) => i.invitation_id),
      ).toEqual([id.invitation.invitation_id])
    }
    expect((await list(token, '?limit=1&offset=1')).json().pagination).toEqual({
      limit: 1,
      offset: 1,
      total: 3,
      next_offset: 2,
    })
    const stranger = await createTenantWithAdmin(app)
    expect((await list(stranger.token)).json()).toMatchObject({ data: [], pagination: { total: 0 } })
  })
})

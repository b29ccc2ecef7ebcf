import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { PASSWORD, auth, createClient, createTenantWithAdmin, tokenFromOutbox, unique } from '../factories.js'
import { startSmtpPeer } from '../smtp.js'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>
beforeAll(async () => {
  smtp = await startSmtpPeer()
  app = await buildTestApp({ mailTransport: smtp.transport })
})
afterAll(async () => {
  await app.shutdown()
  await smtp.close()
})

const NEW_PASSWORD = 'Green-valley-42'
const RESET_LINK = /http:\/\/localhost:3000\/auth\/reset-password\/new-password\?token=([A-Za-z0-9_-]+)/

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers })
const forgot = (email: string) => post('/api/auth/forgotpassword/', { email })
const reset = (payload: object) => post('/api/auth/reset_password/', payload)
const signin = (email: string, password: string) => post('/api/auth/signin/', { email, password })
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(token) })

/** Reset mails the SMTP peer received for an address (activation mails go to the same inbox). */
const resetMailsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email) && RESET_LINK.test(smtp.textOf(m)))

type Person = { email: string; tenantId: number; token: string }

/** A staff member; their mail carries their organization, so this file's worker sends only its own mail. */
async function staffMember(): Promise<Person> {
  const { admin, tenant, token } = await createTenantWithAdmin(app)
  return { email: admin.email, tenantId: tenant.tenant_id, token }
}

/** Runs the mail worker until a new reset mail to the person has arrived over SMTP (or nothing is left to send). */
async function deliverResetMails(who: Person) {
  const before = resetMailsTo(who.email).length
  for (let i = 0; i < 20 && resetMailsTo(who.email).length === before; i++) {
    if ((await app.services.mailWorker.runOnce({ tenantIds: [who.tenantId] })) === 0) break
  }
  return resetMailsTo(who.email).slice(before)
}

/** Asks for a reset and returns the link the person receives by mail. */
async function resetLinkFor(who: Person) {
  expect((await forgot(who.email)).statusCode).toBe(200)
  const [mail] = await deliverResetMails(who)
  expect(mail, `a reset mail to ${who.email}`).toBeDefined()
  const m = RESET_LINK.exec(smtp.textOf(mail!))!
  return { url: m[0], token: m[1]! }
}

describe('POST /api/auth/forgotpassword/', () => {
  it('answers a malformed email with 400', async () => {
    const res = await forgot('not-an-email')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { email: ['Enter a valid email address.'] } })
  })

  it('gives an unknown email the same answer and sends no mail', async () => {
    const email = `${unique('nobody')}@example.com`
    const res = await forgot(email)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: Texts.forgotPassword })
    const queued = await app.db.selectFrom('outbox_mail').select('id').where('to_address', '=', email).execute()
    expect(queued).toEqual([])
  })

  it("mails a reset link to the account's own address over SMTP", async () => {
    const who = await staffMember()
    const res = await forgot(who.email.toUpperCase())
    expect(res.json()).toEqual({ message: Texts.forgotPassword })
    const [mail] = await deliverResetMails(who)
    expect(mail!.to).toEqual([who.email])
    const text = smtp.textOf(mail!)
    expect(text).toContain('Subject: Reset your Proxima password')
    expect(text).toMatch(RESET_LINK)
  })

  it('sends at most three mails an hour to one address, answering every request the same', async () => {
    const who = await staffMember()
    for (let i = 0; i < 5; i++) expect((await forgot(who.email)).json()).toEqual({ message: Texts.forgotPassword })
    for (let i = 0; i < 20 && (await app.services.mailWorker.runOnce({ tenantIds: [who.tenantId] })) > 0; i++);
    expect(resetMailsTo(who.email)).toHaveLength(3)
    const queued = await app.db
      .selectFrom('outbox_mail')
      .select('id')
      .where('to_address', '=', who.email)
      .where('kind', '=', 'password_reset')
      .execute()
    expect(queued).toHaveLength(3)
  })
})

describe('POST /api/auth/reset_password/', () => {
  it('refuses an unknown token with the contract text', async () => {
    const res = await reset({ token: 'A'.repeat(43), new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: Texts.resetTokenInvalid, code: 'auth.reset_token_invalid' })
  })

  it('refuses a confirmation that does not match and keeps the link usable', async () => {
    const { token } = await resetLinkFor(await staffMember())
    const res = await reset({ token, new_password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}!` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'validation.failed',
      errors: { confirm_password: [Texts.passwordMismatch] },
    })
    expect((await reset({ token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode).toBe(200)
  })

  it('refuses a common new password', async () => {
    const { token } = await resetLinkFor(await staffMember())
    const res = await reset({ token, new_password: 'password123', confirm_password: 'password123' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.new_password).toEqual([Texts.passwordCommon])
  })

  it('sets the new password from the mailed link; the old one stops working', async () => {
    const who = await staffMember()
    const { token } = await resetLinkFor(who)
    const res = await reset({ token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ error: false, message: Texts.passwordReset })
    expect((await signin(who.email, PASSWORD)).statusCode).toBe(401)
    expect((await signin(who.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it("accepts the legacy new_password1 and new_password2 names, for a customer's account too", async () => {
    const { client } = await createClient(app)
    await forgot(client.email)
    const token = await tokenFromOutbox(app, client.email, 'password_reset')
    const res = await reset({ token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD })
    expect(res.statusCode).toBe(200)
    expect((await signin(client.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('ends every session of the account, confirms the email and clears a sign-in lock', async () => {
    const who = await staffMember()
    for (let i = 0; i < 5; i++) await signin(who.email, `Wrong-${i}-password`)
    expect((await signin(who.email, PASSWORD)).statusCode).toBe(429)
    const { token } = await resetLinkFor(who)
    await reset({ token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    const old = await me(who.token)
    expect(old.statusCode).toBe(401)
    expect(old.json().code).toBe('auth.token_revoked')
    const fresh = await signin(who.email, NEW_PASSWORD)
    expect(fresh.statusCode).toBe(200)
    expect((await me(fresh.json().token)).json().email_verified).toBe(true)
  })

  it('works once', async () => {
    const who = await staffMember()
    const { token } = await resetLinkFor(who)
    expect((await reset({ token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode).toBe(200)
    const again = await reset({ token, new_password: 'Other-river-93', confirm_password: 'Other-river-93' })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('auth.reset_token_invalid')
    expect((await signin(who.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('kills an older link when a new one is requested', async () => {
    const who = await staffMember()
    const first = await resetLinkFor(who)
    const second = await resetLinkFor(who)
    expect(second.token).not.toBe(first.token)
    const old = await reset({ token: first.token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(old.statusCode).toBe(400)
    expect(old.json().code).toBe('auth.reset_token_invalid')
    expect(
      (await reset({ token: second.token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode,
    ).toBe(200)
  })

  it('refuses a link older than 60 minutes', async () => {
    const clock = testClock()
    const later = await buildTestApp({ clock })
    try {
      const { client } = await createClient(later)
      await later.inject({ method: 'POST', url: '/api/auth/forgotpassword/', payload: { email: client.email } })
      const token = await tokenFromOutbox(later, client.email, 'password_reset')
      clock.advance(61 * 60_000)
      const res = await later.inject({
        method: 'POST',
        url: '/api/auth/reset_password/',
        payload: { token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: Texts.resetTokenInvalid, code: 'auth.reset_token_invalid' })
    } finally {
      await later.shutdown()
    }
  })
})

describe('POST /api/auth/changepassword/', () => {
  const change = (token: string | null, payload: object) =>
    post('/api/auth/changepassword/', payload, token ? auth(token) : {})

  it('requires a token', async () => {
    const res = await change(null, {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.required')
  })

  it('names every missing field', async () => {
    const { token } = await createClient(app)
    const res = await change(token, {})
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors).sort()).toEqual(['confirm_password', 'new_password', 'old_password'])
  })

  it('refuses a wrong current password with the contract text', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await change(token, {
      old_password: 'Not-my-password-1',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: Texts.wrongPassword,
      code: 'auth.wrong_password',
      errors: { old_password: [Texts.wrongPassword] },
    })
  })

  it('refuses a new password equal to the current one, or one that is too common', async () => {
    const { token } = await createClient(app)
    const same = await change(token, { old_password: PASSWORD, new_password: PASSWORD, confirm_password: PASSWORD })
    expect(same.statusCode).toBe(400)
    expect(same.json().errors.new_password).toHaveLength(1)
    const common = await change(token, {
      old_password: PASSWORD,
      new_password: 'password123',
      confirm_password: 'password123',
    })
    expect(common.json().errors.new_password).toEqual([Texts.passwordCommon])
    expect((await signin((await me(token)).json().email, PASSWORD)).statusCode).toBe(200)
  })

  it('refuses widget visitors with 403', async () => {
    const owner = await createTenantWithAdmin(app)
    const key = (
      await app.inject({ method: 'GET', url: '/api/tenantmanagement/settings/', headers: auth(owner.token) })
    ).json().widget.widget_key
    const visitor = (await post('/api/auth/anonymoususer/', { widget_key: key })).json()
    const res = await change(visitor.token, {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
  })

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const { admin, token: current } = await createTenantWithAdmin(app)
    const other = (await signin(admin.email, PASSWORD)).json().token
    const res = await change(current, {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: Texts.passwordChanged })
    expect((await me(current)).statusCode).toBe(200)
    const dead = await me(other)
    expect(dead.statusCode).toBe(401)
    expect(dead.json().code).toBe('auth.token_revoked')
    expect((await signin(admin.email, PASSWORD)).statusCode).toBe(401)
    expect((await signin(admin.email, NEW_PASSWORD)).statusCode).toBe(200)
  })
})

describe('email activation', () => {
  const LOGIN = 'http://localhost:3000/auth/login'
  const activateLink = (token: string) =>
    app.inject({ method: 'GET', url: `/api/auth/activate_user/?token=${encodeURIComponent(token)}` })
  const activate = (token: string) => post('/api/auth/activate_user/', { token })
  const resend = (email: string) => post('/api/auth/resendactivationlink/', { email })
  const activationMails = async (email: string) =>
    (
      await app.db
        .selectFrom('outbox_mail')
        .select('id')
        .where('to_address', '=', email)
        .where('kind', '=', 'activation')
        .execute()
    ).length

  it('redirects an unknown, missing or malformed link token to the sign-in page with the error code', async () => {
    const long = `/api/auth/activate_user/?token=${'x'.repeat(300)}`
    for (const url of [
      '/api/auth/activate_user/?token=nonsense',
      '/api/auth/activate_user/',
      long,
      '/api/auth/activate_user/?token=a&token=b',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe(`${LOGIN}?activation_error=auth.activation_token_invalid`)
    }
  })

  it('refuses an unknown token on POST with the contract text', async () => {
    const res = await activate('nonsense-token')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: Texts.activationTokenInvalid, code: 'auth.activation_token_invalid' })
  })

  it('confirms the address from the mailed link and redirects to the sign-in page', async () => {
    const { admin, token: session } = await createTenantWithAdmin(app)
    const token = await tokenFromOutbox(app, admin.email, 'activation')
    const res = await activateLink(token)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`${LOGIN}?activated=1`)
    expect((await me(session)).json().email_verified).toBe(true)
  })

  it('confirms on POST, and answers 200 again for the used link of a confirmed account', async () => {
    const { client, token: session } = await createClient(app)
    const token = await tokenFromOutbox(app, client.email, 'activation')
    for (let i = 0; i < 2; i++) {
      const res = await activate(token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ error: false, message: Texts.emailConfirmed })
    }
    expect((await me(session)).json().email_verified).toBe(true)
  })

  it('refuses a link older than 48 hours', async () => {
    const clock = testClock()
    const later = await buildTestApp({ clock })
    try {
      const { client, token: session } = await createClient(later)
      const token = await tokenFromOutbox(later, client.email, 'activation')
      clock.advance(49 * 3_600_000)
      const res = await later.inject({ method: 'POST', url: '/api/auth/activate_user/', payload: { token } })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('auth.activation_token_invalid')
      expect(
        (await later.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(session) })).json().email_verified,
      ).toBe(false)
    } finally {
      await later.shutdown()
    }
  })

  describe('POST /api/auth/resendactivationlink/', () => {
    it('answers a malformed email with 400', async () => {
      const res = await resend('nope')
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.email).toEqual(['Enter a valid email address.'])
    })

    it('gives the same answer for an unknown address and queues nothing', async () => {
      const email = `${unique('ghost')}@example.com`
      const res = await resend(email)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ error: false, message: Texts.resendActivation })
      expect(await activationMails(email)).toBe(0)
    })

    it('queues nothing for an account that is already confirmed', async () => {
      const { client } = await createClient(app)
      await activate(await tokenFromOutbox(app, client.email, 'activation'))
      const res = await resend(client.email)
      expect(res.json()).toEqual({ error: false, message: Texts.resendActivation })
      expect(await activationMails(client.email)).toBe(1)
    })

    it('sends an unconfirmed account a new link that replaces the old one', async () => {
      const { client, token: session } = await createClient(app)
      const old = await tokenFromOutbox(app, client.email, 'activation')
      const res = await resend(client.email)
      expect(res.json()).toEqual({ error: false, message: Texts.resendActivation })
      expect(await activationMails(client.email)).toBe(2)
      const fresh = await tokenFromOutbox(app, client.email, 'activation')
      expect(fresh).not.toBe(old)
      expect((await activate(old)).statusCode).toBe(400)
      expect((await activate(fresh)).statusCode).toBe(200)
      expect((await me(session)).json().email_verified).toBe(true)
    })
  })
})

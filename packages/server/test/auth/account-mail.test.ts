import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { buildTestApp, type TestApp } from '../app.js'
import { startSmtpPeer } from '../smtp.js'
import { auth, createClient, createTenantWithAdmin, unique } from '../factories.js'

// Without a mail transport, as on a fresh install without SYSTEM_SMTP_URL.
let app: TestApp
let peer: Awaited<ReturnType<typeof startSmtpPeer>>
let mailApp: TestApp
beforeAll(async () => {
  app = await buildTestApp()
  peer = await startSmtpPeer()
  mailApp = await buildTestApp({ mailTransport: peer.transport })
})
afterAll(async () => {
  await app.shutdown()
  await mailApp.shutdown()
  await peer.close()
})

const me = (a: TestApp, token: string) => a.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(token) })
const post = (a: TestApp, url: string, email: string) => a.inject({ method: 'POST', url, payload: { email } })

describe('GET /api/auth/me/ says whether account mail can be sent', () => {
  it('is false for an unconfirmed admin on a server without a mail transport', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await me(app, token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email_verified: false, mail_configured: false })
  })

  it('is true on a server with a mail transport, for staff and customers alike', async () => {
    const { token } = await createTenantWithAdmin(mailApp)
    expect((await me(mailApp, token)).json().mail_configured).toBe(true)
    const { token: client } = await createClient(mailApp)
    expect((await me(mailApp, client)).json().mail_configured).toBe(true)
  })
})

describe('account mail replies without a mail transport', () => {
  it('say that no activation link can be sent, the same for any address, and keep the mail for later', async () => {
    const { admin } = await createTenantWithAdmin(app)
    for (const email of [admin.email, `${unique('ghost')}@example.com`]) {
      const res = await post(app, '/api/auth/resendactivationlink/', email)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ error: false, message: Texts.resendActivationNoMail })
    }
    const kept = await app.db
      .selectFrom('outbox_mail')
      .select('status')
      .where('to_address', '=', admin.email)
      .where('kind', '=', 'activation')
      .execute()
    expect(kept.map((m) => m.status)).toEqual(['queued', 'queued'])
  })

  it('say that no password reset link can be sent, the same for any address', async () => {
    const { admin } = await createTenantWithAdmin(app)
    for (const email of [admin.email, `${unique('ghost')}@example.com`]) {
      const res = await post(app, '/api/auth/forgotpassword/', email)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ message: Texts.forgotPasswordNoMail })
    }
  })

  it('keep the contract texts when a mail transport is configured', async () => {
    const { admin } = await createTenantWithAdmin(mailApp)
    expect((await post(mailApp, '/api/auth/resendactivationlink/', admin.email)).json()).toEqual({
      error: false,
      message: Texts.resendActivation,
    })
    expect((await post(mailApp, '/api/auth/forgotpassword/', admin.email)).json()).toEqual({
      message: Texts.forgotPassword,
    })
  })
})

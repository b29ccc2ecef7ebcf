import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { enqueueMail } from '../../src/features/mail/outbox.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { startSmtpPeer } from '../smtp.js'
import { createTenantWithAdmin, unique } from '../factories.js'

const MINUTE = 60_000
// Far ahead of real time: workers of other test files sharing a PostgreSQL database never find these mails due,
// and each pass here is scoped to the test's own tenant.
const FUTURE = new Date(Date.now() + 10 * 365 * 24 * 60 * MINUTE)
let peer: Awaited<ReturnType<typeof startSmtpPeer>>
let clock: ReturnType<typeof testClock>
let app: TestApp
beforeAll(async () => {
  peer = await startSmtpPeer()
  clock = testClock(FUTURE)
  app = await buildTestApp({ clock, mailTransport: peer.transport })
})
afterEach(() => {
  peer.accept()
})
afterAll(async () => {
  await app.shutdown()
  await peer.close()
})

/** A tenant of its own per test, so each test's worker pass touches only that tenant's mail. */
async function queued(opts: { holdForAdmin?: boolean } = {}) {
  const { tenant, admin } = await createTenantWithAdmin(app)
  const to = `${unique('rcpt')}@example.com`
  const id = await enqueueMail(app.db, {
    kind: 'test_mail',
    to,
    subject: 'Your weekly summary',
    text: 'Plain body with a link https://example.com/x?token=secret',
    html: '<p>HTML body</p>',
    tenantId: tenant.tenant_id,
    fromName: 'Acme via Proxima',
    replyTo: 'help@acme.example',
    at: clock.now(),
    // Mail of an admin whose own address is unconfirmed waits for them (their tenant's mail only).
    holdForUser: opts.holdForAdmin ? admin.id : null,
  })
  const run = () => app.services.mailWorker.runOnce({ tenantIds: [tenant.tenant_id] })
  const row = () => app.db.selectFrom('outbox_mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const delivered = () => peer.received.filter((m) => m.to.includes(to))
  return { id, to, run, row, delivered, admin }
}

describe('mail worker', () => {
  it('delivers a queued mail once, marks it sent and clears its bodies', async () => {
    const mail = await queued()
    expect(await mail.run()).toBeGreaterThanOrEqual(1)
    expect(mail.delivered()).toHaveLength(1)
    const text = peer.textOf(mail.delivered()[0]!)
    expect(text).toMatch(/^From: "?Acme via Proxima"? <no-reply@localhost>/m)
    expect(text).toMatch(/^Reply-To: help@acme\.example/m)
    expect(text).toMatch(/^Subject: Your weekly summary/m)
    expect(text).toContain('Content-Type: text/plain')
    expect(text).toContain('Content-Type: text/html')
    expect(text).toContain('https://example.com/x?token=secret')
    expect(await mail.row()).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      text_body: null,
      html_body: null,
      sent_at: clock.now(),
    })
    clock.advance(30 * MINUTE)
    await mail.run()
    expect(mail.delivered()).toHaveLength(1)
  })

  it('retries a transient SMTP failure after a minute and delivers once the server accepts', async () => {
    const mail = await queued()
    peer.refuse(451, 'Mailbox busy, try later')
    await mail.run()
    const failed = await mail.row()
    expect(failed).toMatchObject({
      status: 'retrying',
      attempts: 1,
      text_body: expect.stringContaining('token=secret'),
    })
    expect(failed.last_error).toContain('451')
    expect(failed.next_attempt_at.getTime() - clock.now().getTime()).toBe(MINUTE)
    expect(mail.delivered()).toHaveLength(0)

    // Not due yet: nothing is attempted.
    peer.accept()
    clock.advance(30_000)
    await mail.run()
    expect((await mail.row()).attempts).toBe(1)

    clock.advance(31_000)
    await mail.run()
    expect(await mail.row()).toMatchObject({ status: 'sent', attempts: 2, last_error: null, text_body: null })
    expect(mail.delivered()).toHaveLength(1)
  })

  it('waits 1, 5, 30, 120 and 360 minutes between attempts, then gives up', async () => {
    const mail = await queued()
    peer.refuse(421, 'Service not available')
    const waits: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      await mail.run()
      const row = await mail.row()
      expect(row).toMatchObject({ status: 'retrying', attempts: attempt })
      const wait = row.next_attempt_at.getTime() - clock.now().getTime()
      waits.push(wait / MINUTE)
      clock.advance(wait)
    }
    expect(waits).toEqual([1, 5, 30, 120, 360])
    await mail.run()
    expect(await mail.row()).toMatchObject({ status: 'failed', attempts: 6 })
    clock.advance(24 * 60 * MINUTE)
    await mail.run()
    expect((await mail.row()).attempts).toBe(6)
    expect(mail.delivered()).toHaveLength(0)
  })

  it('fails a permanent SMTP rejection at once', async () => {
    const mail = await queued()
    peer.refuse(550, 'No such user here')
    await mail.run()
    const row = await mail.row()
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null })
    expect(row.last_error).toContain('550')
    peer.accept()
    clock.advance(60 * MINUTE)
    await mail.run()
    expect((await mail.row()).status).toBe('failed')
    expect(mail.delivered()).toHaveLength(0)
  })

  it('picks up a mail left "sending" by a process that died mid-send', async () => {
    const mail = await queued()
    await app.db
      .updateTable('outbox_mail')
      .set({ status: 'sending', attempts: 1, next_attempt_at: new Date(clock.now().getTime() - MINUTE) })
      .where('id', '=', mail.id)
      .execute()
    await mail.run()
    expect(await mail.row()).toMatchObject({ status: 'sent', attempts: 2 })
    expect(mail.delivered()).toHaveLength(1)
  })

  it('holds a mail for an unconfirmed user until they confirm', async () => {
    const mail = await queued({ holdForAdmin: true })
    await mail.run()
    expect(await mail.row()).toMatchObject({ status: 'queued', attempts: 0 })
    await app.db.updateTable('users').set({ email_verified: true }).where('id', '=', mail.admin.id).execute()
    await mail.run()
    expect((await mail.row()).status).toBe('sent')
  })

  it('limits a pass to the recipients it is given', async () => {
    const mail = await queued()
    const other = await queued()
    await app.services.mailWorker.runOnce({ to: [mail.to.toUpperCase()] })
    expect((await mail.row()).status).toBe('sent')
    expect((await other.row()).status).toBe('queued')
  })

  it('keeps mail queued without a transport and loses nothing', async () => {
    const offline = await buildTestApp({ clock })
    try {
      const mail = await queued()
      expect(await offline.services.mailWorker.runOnce()).toBe(0)
      expect(await mail.row()).toMatchObject({
        status: 'queued',
        attempts: 0,
        text_body: expect.stringContaining('token=secret'),
        html_body: '<p>HTML body</p>',
      })
      // A worker with a mail server later sends it.
      await mail.run()
      expect((await mail.row()).status).toBe('sent')
      expect(mail.delivered()).toHaveLength(1)
    } finally {
      await offline.shutdown()
    }
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsDir } from '../../src/db/migrate.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createTenantWithAdmin, unique } from '../factories.js'

const clock = testClock()
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

/** Migration 0012 once more: its backfill fills only empty references, so running it again is safe. */
async function runBackfill() {
  const text = readFileSync(join(migrationsDir(), '0012_invitation_mail.sql'), 'utf8')
  for (const statement of text.split(/;\s*\n/).filter((s) => s.replace(/--.*$/gm, '').trim() !== '')) {
    await sql.raw(statement).execute(app.db)
  }
}

const mailIdOf = async (id: number) =>
  (await app.db.selectFrom('invitations').select('mail_id').where('id', '=', id).executeTakeFirstOrThrow()).mail_id

describe('migration 0012: the latest mail of existing invitations', () => {
  it('names the newest mail written while each invitation was current, not a later invitation of the address', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const email = `${unique('invitee')}@example.com`
    const post = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: auth(token), ...(payload ? { payload } : {}) })
    // Sent mails stay in the outbox (unsent ones are withdrawn when their link dies).
    const markSent = async (id: number) => {
      const mailId = (await mailIdOf(id))!
      await app.db.updateTable('outbox_mail').set({ status: 'sent' }).where('id', '=', mailId).execute()
      clock.advance(1000)
    }
    const first = (await post('/api/staff/invitations/', { email })).json()
    await markSent(first.invitation_id)
    await post(`/api/staff/invitations/${first.invitation_id}/resend/`)
    await markSent(first.invitation_id)
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/staff/invitations/${first.invitation_id}/`,
      headers: auth(token),
    })
    expect(revoked.statusCode).toBe(204)
    clock.advance(1000)
    const second = (await post('/api/staff/invitations/', { email })).json()
    const expected = { first: await mailIdOf(first.invitation_id), second: await mailIdOf(second.invitation_id) }
    expect(expected.first).not.toBeNull()
    expect(expected.second).not.toBe(expected.first)

    await app.db.updateTable('invitations').set({ mail_id: null }).where('tenant_id', '=', tenant.tenant_id).execute()
    await runBackfill()
    expect({ first: await mailIdOf(first.invitation_id), second: await mailIdOf(second.invitation_id) }).toEqual(
      expected,
    )
  })
})

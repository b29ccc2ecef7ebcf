import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'
import { affectsSessions, createSessionCache, watchSessions } from '../../src/features/auth/session-cache.js'
import { createSessions, type TokenRow } from '../../src/features/auth/sessions.service.js'
import type { TableWrite } from '../../src/db/writes.js'

let app: TestApp
const clock = testClock()
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(token) })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls until `fn` holds or two seconds have passed (notices arrive asynchronously). */
async function eventually(fn: () => Promise<boolean>) {
  for (let i = 0; i < 40; i++) {
    if (await fn()) return true
    await sleep(50)
  }
  return false
}

/**
 * Sessions over the app's database whose reads of `auth_tokens` are counted. They see this process's writes but
 * not the database's notices: on a server shared with other test files, those arrive at any time.
 */
async function countingSessions(ttlMs = 30_000) {
  const reads = { count: 0 }
  const counter: KyselyPlugin = {
    transformQuery({ node }): RootOperationNode {
      const from = node.kind === 'SelectQueryNode' ? JSON.stringify(node.from) : ''
      if (from.includes('"auth_tokens"')) reads.count++
      return node
    },
    transformResult: async ({ result }) => result,
  }
  const cache = createSessionCache<TokenRow>({ clock, ttlMs })
  const resumed = new Set<() => void>()
  const stop = await watchSessions(
    {
      onWrite: app.database.onWrite,
      listen: async () => async () => undefined,
      onListenResumed: (fn) => {
        resumed.add(fn)
        return () => resumed.delete(fn)
      },
    },
    cache,
  )
  const sessions = createSessions({
    db: app.db.withPlugin(counter),
    clock,
    staffTokenDays: 14,
    clientTokenDays: 30,
    cache,
  })
  /** What the database does when its LISTEN connection is back after a loss. */
  const resumeListening = () => {
    for (const fn of resumed) fn()
  }
  return { sessions, reads, cache, stop, resumeListening }
}

describe('which writes end cached sessions', () => {
  it('counts changes to what a token resolves to, and not its usage stamps', () => {
    const cases: [TableWrite, boolean][] = [
      [{ table: 'auth_tokens', columns: ['revoked_at'] }, true],
      [{ table: 'auth_tokens', columns: ['last_used_at'] }, false],
      [{ table: 'users', columns: ['is_active', 'updated_at'] }, true],
      [{ table: 'users', columns: ['last_login_at'] }, false],
      [{ table: 'users', columns: ['first_name', 'updated_at'] }, false],
      [{ table: 'users', columns: null }, true],
      [{ table: 'tenants', columns: ['trial_ends_at'] }, true],
      [{ table: 'tenants', columns: ['name'] }, false],
      [{ table: 'anonymous_users', columns: ['erased_at'] }, true],
      [{ table: 'chat_messages', columns: null }, false],
    ]
    for (const [write, expected] of cases) expect([write, affectsSessions(write)]).toEqual([write, expected])
  })

  it('reports updates, deletes and raw statements that go through the query builder', async () => {
    const seen: TableWrite[] = []
    const stop = app.database.onWrite((w) => seen.push(w))
    try {
      await app.db.updateTable('users as u').set({ is_active: true }).where('u.id', '=', -1).execute()
      await app.db.deleteFrom('auth_tokens').where('id', '=', -1).execute()
      await sql`UPDATE tenants SET status = status WHERE id = ${-1}`.execute(app.db)
      await app.db.selectFrom('users').select('id').where('id', '=', -1).execute()
    } finally {
      stop()
    }
    // Each write is told before it runs and again once it has run; the read is not a write.
    expect(seen).toEqual([
      { table: 'users', columns: ['is_active'] },
      { table: 'users', columns: ['is_active'] },
      { table: 'auth_tokens', columns: null },
      { table: 'auth_tokens', columns: null },
      { table: 'tenants', columns: null },
      { table: 'tenants', columns: null },
    ])
  })
})

describe('session tokens kept in memory', () => {
  it('reads a token once, then answers from memory until its time limit', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { sessions, reads, stop } = await countingSessions(30_000)
    try {
      expect((await sessions.resolve(token)).status).toBe('ok')
      expect((await sessions.resolve(token)).status).toBe('ok')
      expect(reads.count).toBe(1)
      clock.advance(30_000)
      expect((await sessions.resolve(token)).status).toBe('ok')
      expect(reads.count).toBe(2)
    } finally {
      await stop()
    }
  })

  it('reads every token again once the listener is back after a loss (notices may have been missed)', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { sessions, reads, stop, resumeListening } = await countingSessions(30_000)
    try {
      await sessions.resolve(token)
      await sessions.resolve(token)
      expect(reads.count).toBe(1)
      resumeListening()
      await sessions.resolve(token)
      expect(reads.count).toBe(2)
    } finally {
      await stop()
    }
  })

  it('judges expiry against the clock even when the token is in memory', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { sessions, reads, stop } = await countingSessions(60 * 86_400_000)
    try {
      expect((await sessions.resolve(token)).status).toBe('ok')
      clock.advance(15 * 86_400_000)
      expect((await sessions.resolve(token)).status).toBe('expired')
      expect(reads.count).toBe(1)
    } finally {
      await stop()
    }
  })

  it('forgets every token at once when this process disables an account', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { sessions, reads, stop } = await countingSessions()
    try {
      expect((await sessions.resolve(token)).status).toBe('ok')
      await app.db.updateTable('users').set({ is_active: false }).where('id', '=', admin.id).execute()
      expect((await sessions.resolve(token)).status).toBe('revoked')
      expect(reads.count).toBe(2)
    } finally {
      await stop()
    }
  })

  it('keeps tokens when only a usage stamp changes', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { sessions, reads, stop } = await countingSessions()
    try {
      await sessions.resolve(token)
      await app.db.updateTable('users').set({ last_login_at: clock.now() }).where('id', '=', admin.id).execute()
      await sessions.resolve(token)
      expect(reads.count).toBe(1)
    } finally {
      await stop()
    }
  })

  it('does not keep what a lookup read when a change landed while it ran', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { sessions, reads, cache, stop } = await countingSessions()
    try {
      const pending = sessions.resolve(token)
      cache.clear()
      expect((await pending).status).toBe('ok')
      await sessions.resolve(token)
      expect(reads.count).toBe(2)
    } finally {
      await stop()
    }
  })

  it('ends a session revoked by SQL outside the application (the database notice)', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    expect((await me(token)).statusCode).toBe(200)
    // A plain SQL script bypasses the query builder: only the trigger's notice can tell the process.
    await app.database.session((run) => run(`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${admin.id}`))
    expect(await eventually(async () => (await me(token)).statusCode === 401)).toBe(true)
    expect((await me(token)).json().code).toBe('auth.token_revoked')
  })

  it('answers 401 on the very next request after sign-out and after an admin disables a member', async () => {
    const org = await createTenantWithAdmin(app)
    const member = await createEmployee(app, org.token)
    expect((await me(member.token)).statusCode).toBe(200)
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/api/staff/${member.employee.id}/`,
      headers: auth(org.token),
      payload: { is_active: false },
    })
    expect(disabled.statusCode).toBe(200)
    expect((await me(member.token)).statusCode).toBe(401)

    expect((await me(org.token)).statusCode).toBe(200)
    await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: auth(org.token) })
    expect((await me(org.token)).statusCode).toBe(401)
  })
})

import { Writable } from 'node:stream'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrate.js'
import { redactUrl } from '../../src/http/security.js'
import { listen } from '../realtime/ws-client.js'
import type { TestApp } from '../app.js'
import { PASSWORD, auth, createTenantWithAdmin, unique } from '../factories.js'

/** Every line the app logs, as written to its destination stream. */
const lines: string[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    done()
  },
})

let database: Database
let app: Awaited<ReturnType<typeof buildApp>>
let url: string
beforeAll(async () => {
  const serverUrl = process.env.PROXIMA_TEST_DATABASE_URL
  database = await openDatabase(serverUrl ? { url: serverUrl, poolMax: 3 } : {})
  if (!serverUrl) await migrate(database)
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'trace' }),
    database,
    limits: null,
    // Only the destination and level are the test's; redaction and serializers stay the app's own.
    logger: { level: 'trace', stream: sink },
    webDistDir: '/nonexistent',
  })
  url = await listen(app as never)
})
afterAll(async () => {
  await app.close()
  await database.close()
})

const SECRET = 'pxm_SECRETsecretSECRETsecretSECRETsecretSECRET'

describe('log redaction', () => {
  it('hides secret query values however their names are spelled', () => {
    expect(redactUrl('/a?%74oken=s1&b=2')).toBe('/a?%74oken=[redacted]&b=2')
    expect(redactUrl('/a?TOKEN=s1')).toBe('/a?TOKEN=[redacted]')
    expect(redactUrl('/a?x=1&to%6Ben=s1')).toBe('/a?x=1&to%6Ben=[redacted]')
    expect(redactUrl('/a?%53IG=s1&exp=3')).toBe('/a?%53IG=[redacted]&exp=3')
    expect(redactUrl('/a?invite=s1&%69nvite=s2')).toBe('/a?invite=[redacted]&%69nvite=[redacted]')
    expect(redactUrl('/a?reset_token=s1&password=s2')).toBe('/a?reset_token=[redacted]&password=[redacted]')
    expect(redactUrl('/a?%E0%A4%A=1&token=s1')).toBe('/a?%E0%A4%A=1&token=[redacted]')
    expect(redactUrl('/a?search=token&tokens')).toBe('/a?search=token&tokens')
    expect(redactUrl('/a/b/')).toBe('/a/b/')
  })

  it('never writes a query secret to the log, whatever the route or failure', async () => {
    const paths = [
      `/api/auth/employee/invitation/?%74oken=${SECRET}`,
      `/auth/checktokenexpiry?TOKEN=${SECRET}`,
      `/api/auth/activate_user/?to%6Ben=${SECRET}`,
      `/api/media/voice/1?exp=1&%73ig=${SECRET}`,
      `/api/nothing/?a=1&%54%6F%6B%65%6E=${SECRET}&b=2`,
      `/api/%E0%A4%A?%74oken=${SECRET}`,
      `/api/ws?t%6fken=${SECRET}`,
    ]
    for (const path of paths) await fetch(`${url}${path}`, { redirect: 'manual' })
    // An upgrade to a route that takes no WebSocket, and one to the WebSocket route itself.
    for (const path of [`/api/healthz?%74oken=${SECRET}`, `/api/ws?%74oken=${SECRET}`]) {
      const socket = new WebSocket(`${url.replace('http', 'ws')}${path}`)
      await new Promise<void>((resolve) => {
        socket.on('close', () => resolve())
        socket.on('error', () => resolve())
      })
    }
    await new Promise((r) => setTimeout(r, 200))
    const logged = lines.join('\n')
    // The requests were logged, with their secrets replaced.
    expect(logged).toContain('?%74oken=[redacted]')
    expect(logged).toContain('?TOKEN=[redacted]')
    expect(logged).toContain('?to%6Ben=[redacted]')
    expect(logged).toContain('&%73ig=[redacted]')
    expect(logged).toContain('&%54%6F%6B%65%6E=[redacted]&b=2')
    expect(logged).not.toContain(SECRET)
    expect(logged).not.toContain(SECRET.slice(4, 20))
  })

  it('never writes an invitation link to the log while it is issued, renewed, opened and used', async () => {
    const { token } = await createTenantWithAdmin(app as unknown as TestApp)
    const email = `${unique('invitee')}@example.com`
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/employee/',
      headers: auth(token),
      payload: { email },
    })
    const renewed = await app.inject({
      method: 'POST',
      url: `/api/staff/invitations/${created.json().invitation_id}/resend/`,
      headers: auth(token),
    })
    const tokens = [created, renewed].map((r) => /token=([A-Za-z0-9_-]+)/.exec(r.json().invite_url as string)![1]!)
    const live = tokens[1]!
    await fetch(`${url}/api/auth/employee/invitation/?token=${live}`)
    await fetch(`${url}/auth/invitation?token=${live}`)
    await app.services.mailWorker.runOnce()
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/auth/employee/accept/',
      payload: {
        token: live,
        username: unique('member'),
        first_name: 'Nia',
        last_name: 'New',
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    })
    expect(accepted.statusCode).toBe(201)
    await new Promise((r) => setTimeout(r, 200))
    const logged = lines.join('\n')
    for (const t of tokens) expect(logged).not.toContain(t.slice(0, 16))
  })
})

import { describe, expect, it } from 'vitest'
import { startSmtpPeer } from '../smtp.js'
import {
  apiClient,
  builtServerExists,
  freePort,
  freshPostgresDatabase,
  postgresUrl,
  report,
  startServer,
  tempDataDir,
  type ServerProcess,
} from './server-process.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const PASSWORD = 'Blue-harbour-71'
const MAILS = 3

/** The run's database: PostgreSQL when the suite runs against it, else the embedded one. */
const databases = postgresUrl
  ? [{ name: 'PostgreSQL', url: postgresUrl as string | undefined }]
  : [{ name: 'the embedded database', url: undefined }]

async function until(ms: number, check: () => boolean, what: string) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`)
    await sleep(200)
  }
  return Date.now() - started
}

describe.skipIf(!builtServerExists())('the mail server down, then back', () => {
  it.concurrent.each(databases)(
    'delivers every queued activation mail exactly once by the retry, across a crash, on $name',
    async ({ name, url }) => {
      const database = url ? await freshPostgresDatabase(url) : null
      const data = tempDataDir()
      const smtpPort = await freePort()
      const options = {
        databaseUrl: database?.url,
        dataDir: data.dir,
        port: await freePort(),
        env: { SYSTEM_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'info' },
      }
      let server: ServerProcess | null = null
      let smtp: Awaited<ReturnType<typeof startSmtpPeer>> | null = null
      try {
        server = await startServer(options)
        const api = apiClient(server.url)
        const addresses: string[] = []
        for (let i = 0; i < MAILS; i++) {
          const username = `mailee${i}${Date.now().toString(36)}`
          const email = `${username}@example.com`
          await api.ok('POST', '/api/auth/client/', {
            username,
            email,
            first_name: 'Mia',
            last_name: 'Mailee',
            password: PASSWORD,
            confirm_password: PASSWORD,
          })
          addresses.push(email)
        }
        // The worker tries each mail, finds no mail server and schedules a retry (a minute later, §11.6)…
        const attempts = () => (server!.output().match(/"msg":"mail not sent"/g) ?? []).length
        await until(20_000, () => attempts() >= MAILS, 'first attempts')
        expect(server.output()).toMatch(/"retry":true/)
        // …the process is killed meanwhile, and started again: the outbox is in the database.
        await server.stop('SIGKILL')
        server = await startServer(options)
        smtp = await startSmtpPeer({ port: smtpPort })
        const received = smtp.received
        const waited = await until(
          120_000,
          () => addresses.every((a) => received.some((m) => m.to.includes(a))),
          'delivery after the mail server came back',
        )
        // A few more worker passes: nothing is sent twice.
        await sleep(6_000)
        const copies = addresses.map((a) => received.filter((m) => m.to.includes(a)).length)
        report(
          `${name}: mail server down, process killed and restarted, mail server back: ${MAILS} activation mails ` +
            `delivered ${waited} ms after it came back, copies per address ${JSON.stringify(copies)}`,
        )
        expect(copies).toEqual(addresses.map(() => 1))
        expect(received.every((m) => /activat/i.test(smtp!.textOf(m)))).toBe(true)
        const exit = await server.stop('SIGTERM')
        expect(exit.code).toBe(0)
      } finally {
        server?.child.kill('SIGKILL')
        await server?.exited
        await smtp?.close()
        await database?.drop()
        data.remove()
      }
    },
    200_000,
  )
})

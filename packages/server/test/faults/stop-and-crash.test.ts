import { describe, expect, it } from 'vitest'
import {
  builtServerExists,
  chatSenders,
  chatTenant,
  freePort,
  freshPostgresDatabase,
  postgresUrl,
  quietKeepAliveRequests,
  readBack,
  report,
  startServer,
  tempDataDir,
  type ServerProcess,
} from './server-process.js'

const SENDERS = 20
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The run's database: PostgreSQL when the suite runs against it, else the embedded one. */
const databases = postgresUrl
  ? [{ name: 'PostgreSQL', url: postgresUrl as string | undefined }]
  : [{ name: 'the embedded database', url: undefined }]

/** A server on a fresh database of the kind, restartable on the same data. */
async function serverWorld(url: string | undefined) {
  const database = url ? await freshPostgresDatabase(url) : null
  const data = tempDataDir()
  const port = await freePort()
  let current: ServerProcess | null = null
  return {
    async start() {
      current = await startServer({ databaseUrl: database?.url, dataDir: data.dir, port })
      return current
    },
    async cleanUp() {
      current?.child.kill('SIGKILL')
      await current?.exited
      await database?.drop()
      data.remove()
    },
  }
}

/** Waits until the senders have had `n` more messages acknowledged. */
async function acknowledgedMore(senders: ReturnType<typeof chatSenders>, n: number) {
  const target = senders.acknowledged.size + n
  const started = Date.now()
  while (senders.acknowledged.size < target) {
    if (Date.now() - started > 30_000) throw new Error(`only ${senders.acknowledged.size} of ${target} acknowledged`)
    await sleep(50)
  }
}

/** Every acknowledged message is in its chat exactly once. */
async function expectAllThere(
  base: string,
  senders: ReturnType<typeof chatSenders>,
  chats: { token: string; chatId: number }[],
) {
  const back = await readBack(base, chats)
  const missing = [...senders.acknowledged].filter(([id, m]) => back.seen.get(id) !== m.text)
  const duplicated = [...senders.acknowledged.values()].filter((m) => back.texts.get(m.text) !== 1)
  expect({ missing: missing.length, duplicated: duplicated.length }).toEqual({ missing: 0, duplicated: 0 })
  return back.seen.size
}

describe.skipIf(!builtServerExists()).each(databases)('stopping the server under load on $name', ({ name, url }) => {
  it(`SIGTERM while ${SENDERS} customers post: exit code 0 within seconds, every acknowledged message kept`, async () => {
    const world = await serverWorld(url)
    try {
      let server = await world.start()
      const { chats } = await chatTenant(server.url, SENDERS)
      for (let round = 0; round < 3; round++) {
        const senders = chatSenders(server.url, chats, `round${round}`)
        await acknowledgedMore(senders, 150)
        const quiet = quietKeepAliveRequests(server.url, chats, `quiet${round}`)
        const exit = await server.stop('SIGTERM')
        await senders.stop()
        await quiet.done
        quiet.close()
        for (const [id, m] of quiet.acknowledged) senders.acknowledged.set(id, m)
        expect({ code: exit.code, signal: exit.signal }, server.output()).toEqual({ code: 0, signal: null })
        expect(exit.ms, server.output()).toBeLessThan(5_000)
        expect(server.output()).not.toMatch(/took too long|uncaught|unhandled/i)
        server = await world.start()
        const stored = await expectAllThere(server.url, senders, chats)
        report(
          `${name}, SIGTERM ${round + 1}: exit 0 after ${exit.ms} ms; ${senders.acknowledged.size} acknowledged, ` +
            `all there exactly once (${stored} messages in the chats); refused while stopping: ` +
            JSON.stringify(Object.fromEntries(senders.refused)),
        )
        expect([...senders.refused.keys()].filter((s) => s !== 503)).toEqual([])
      }
      await server.stop('SIGTERM')
    } finally {
      await world.cleanUp()
    }
  }, 240_000)

  it(`kill -9 while ${SENDERS} customers post: after a restart every acknowledged message is there exactly once`, async () => {
    const world = await serverWorld(url)
    try {
      let server = await world.start()
      const { chats } = await chatTenant(server.url, SENDERS)
      for (let round = 0; round < 2; round++) {
        const senders = chatSenders(server.url, chats, `round${round}`)
        await acknowledgedMore(senders, 150)
        const exit = await server.stop('SIGKILL')
        await senders.stop()
        expect(exit.signal).toBe('SIGKILL')
        server = await world.start()
        const stored = await expectAllThere(server.url, senders, chats)
        report(
          `${name}, kill -9 ${round + 1}: ${senders.acknowledged.size} acknowledged, all there exactly once ` +
            `(${stored} messages in the chats)`,
        )
      }
      await server.stop('SIGTERM')
    } finally {
      await world.cleanUp()
    }
  }, 240_000)
})

import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/database.js'
import { createLocalBus, type BusEvent } from '../../src/features/realtime/bus.js'
import { createPgBus, EVENTS_CHANNEL } from '../../src/features/realtime/pg-bus.js'
import { startTcpProxy } from '../faults/tcp-proxy.js'
import { sleep } from './ws-client.js'

const url = process.env.PROXIMA_TEST_DATABASE_URL
const opened: Database[] = []
let embedded: Promise<Database> | undefined

/** A new pool per call on PostgreSQL (like separate processes); one embedded database for the file otherwise. */
async function database(): Promise<Database> {
  if (!url) {
    embedded ??= openDatabase({}).then((d) => (opened.push(d), d))
    return embedded
  }
  const d = await openDatabase({ url, poolMax: 2 })
  opened.push(d)
  return d
}

afterAll(async () => {
  for (const d of opened) await d.close()
})

async function until(check: () => boolean, timeoutMs = 5_000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time')
    await sleep(10)
  }
}

const event = (chatId: number): BusEvent => ({ type: 'chat.created', tenantId: 1, chatId })

describe('Database listen / notify', () => {
  it('delivers payloads to listeners until they stop', async () => {
    const d = await database()
    const got: string[] = []
    const stop = await d.listen('proxima_test_channel', (p) => got.push(p))
    await d.notify('proxima_test_channel', 'one')
    await until(() => got.length === 1)
    await stop()
    await d.notify('proxima_test_channel', 'two')
    await sleep(100)
    expect(got).toEqual(['one'])
  })
})

describe('createPgBus', () => {
  it('delivers locally at once, to the other bus through NOTIFY, and drops its own echo', async () => {
    const d1 = await database()
    const d2 = await database()
    const a = createPgBus(d1, createLocalBus())
    const b = createPgBus(d2, createLocalBus())
    await Promise.all([a.ready(), b.ready()])
    const onA: BusEvent[] = []
    const onB: BusEvent[] = []
    a.subscribe((e) => onA.push(e))
    b.subscribe((e) => onB.push(e))
    a.publish(event(1))
    expect(onA).toEqual([event(1)])
    await a.flush()
    await until(() => onB.length === 1)
    await sleep(100)
    expect(onA).toEqual([event(1)])
    expect(onB).toEqual([event(1)])
    await a.close()
    await b.close()
  })

  it('shares a burst of events with the other bus in publish order', async () => {
    const d1 = await database()
    const d2 = await database()
    const a = createPgBus(d1, createLocalBus())
    const b = createPgBus(d2, createLocalBus())
    await Promise.all([a.ready(), b.ready()])
    const onB: number[] = []
    b.subscribe((e) => onB.push('chatId' in e ? e.chatId : -1))
    const ids = Array.from({ length: 200 }, (_, i) => i + 1)
    for (const id of ids) a.publish(event(id))
    await a.flush()
    await until(() => onB.length === ids.length)
    expect(onB).toEqual(ids)
    await a.close()
    await b.close()
  })

  it('ignores malformed notifications and delivers nothing after close', async () => {
    const d = await database()
    const bus = createPgBus(d, createLocalBus())
    await bus.ready()
    const got: BusEvent[] = []
    bus.subscribe((e) => got.push(e))
    await d.notify(EVENTS_CHANNEL, 'not json')
    await d.notify(EVENTS_CHANNEL, JSON.stringify({ v: 1, o: 'elsewhere', e: event(5) }))
    await until(() => got.length === 1)
    await bus.close()
    bus.publish(event(6))
    expect(got).toEqual([event(5)])
  })

  it.runIf(url)('listens again after the listening connection is lost', async () => {
    const d = await database()
    const bus = createPgBus(d, createLocalBus())
    await bus.ready()
    const got: BusEvent[] = []
    bus.subscribe((e) => got.push(e))
    const killer = await database()
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN "proxima_events"%'
      and backend_start > now() - interval '5 seconds'`.execute(killer.db)
    expect(rows[0]?.n).toBeGreaterThan(0)
    // Notifications sent while it reconnects are lost by design; keep sending until one arrives.
    let n = 100
    await until(() => {
      void killer.notify(EVENTS_CHANNEL, JSON.stringify({ v: 1, o: 'elsewhere', e: event(n++) }))
      return got.length > 0
    }, 10_000)
    expect(got[0]?.type).toBe('chat.created')
    await bus.close()
  })
})

describe.skipIf(!url)('PostgreSQL connections dropped by the server', () => {
  /** A database whose connections carry a name of their own, so that the test can find and end them. */
  async function named() {
    const application = `proxima-drop-${process.pid}-${Date.now()}`
    const withName = new URL(url!)
    withName.searchParams.set('application_name', application)
    const d = await openDatabase({ url: withName.toString(), poolMax: 2 })
    opened.push(d)
    return { d, application }
  }

  it('fails only the statement of a connection cut while in use, and the pool goes on', async () => {
    const real = new URL(url!)
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) })
    try {
      const viaProxy = new URL(url!)
      viaProxy.host = `127.0.0.1:${proxy.port}`
      const d = await openDatabase({ url: viaProxy.toString(), poolMax: 2, onIdleError: () => undefined })
      opened.push(d)
      // The connection is checked out, waiting for its statement, when the network drops it.
      const cut = d.session((run) => run('select pg_sleep(5)'))
      await sleep(200)
      proxy.cut()
      await expect(cut).rejects.toThrow()
      proxy.restore()
      expect(await d.session((run) => run('select 1 as one'))).toEqual([{ one: 1 }])
    } finally {
      await proxy.close()
    }
  })

  it('listens again after its LISTEN connection is ended, and says that notices may have been missed', async () => {
    const { d, application } = await named()
    const got: string[] = []
    let resumed = 0
    d.onListenResumed(() => resumed++)
    await d.listen('proxima_test_resume', (p) => got.push(p))
    const other = await database()
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${application} and query ilike 'LISTEN%'`.execute(other.db)
    await until(() => resumed === 1, 10_000)
    await d.notify('proxima_test_resume', 'after')
    await until(() => got.includes('after'))
  })
})

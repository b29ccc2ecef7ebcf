import { randomUUID } from 'node:crypto'
import type { Database } from '../../db/database.js'
import type { BusEvent, EventBus } from './bus.js'

/** The one NOTIFY channel that carries every realtime event between server processes. */
export const EVENTS_CHANNEL = 'proxima_events'
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; ids-only events stay far below. */
const MAX_PAYLOAD_BYTES = 7_900

/**
 * What travels through NOTIFY: `o` is the publishing process's origin id, `e` the event (ids only).
 * The publisher delivers to its own subscribers at once and drops its own echo.
 */
type Envelope = { v: 1; o: string; e: BusEvent }

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }

/**
 * Cross-process event bus over PostgreSQL LISTEN/NOTIFY (works on a server with several processes, and on
 * embedded PGlite, where it has nothing else to reach). `publish` hands the event to `local` synchronously and
 * queues one NOTIFY; notifications from other processes are handed to `local` in arrival order.
 */
export function createPgBus(database: Pick<Database, 'listen' | 'notify'>, local: EventBus, opts: { log?: Log } = {}) {
  const origin = randomUUID()
  let closed = false
  // One NOTIFY statement at a time, carrying every event queued meanwhile: one process's events reach the others
  // in publish order, and a burst of events costs one round trip.
  let tail: Promise<void> = Promise.resolve()
  let queued: { type: string; payload: string }[] = []
  let sending = false
  const sendQueued = async () => {
    sending = true
    try {
      while (queued.length > 0) {
        const batch = queued
        queued = []
        try {
          await database.notify(
            EVENTS_CHANNEL,
            batch.map((b) => b.payload),
          )
        } catch (err) {
          opts.log?.warn(
            { err, types: [...new Set(batch.map((b) => b.type))] },
            'realtime events not shared with other processes',
          )
        }
      }
    } finally {
      sending = false
    }
  }

  const onPayload = (payload: string) => {
    if (closed) return
    let env: Envelope
    try {
      env = JSON.parse(payload) as Envelope
    } catch {
      opts.log?.warn({ channel: EVENTS_CHANNEL }, 'ignored a malformed realtime notification')
      return
    }
    if (env.v !== 1 || env.o === origin || typeof env.e?.type !== 'string') return
    local.publish(env.e)
  }

  const listening = database.listen(EVENTS_CHANNEL, onPayload)
  // The returned promise is awaited by `ready`; a failure here must not crash the process unhandled.
  listening.catch((err: unknown) => opts.log?.error({ err }, 'could not listen for realtime events'))

  const bus: EventBus & { origin: string; ready: () => Promise<void>; flush: () => Promise<void> } = {
    origin,
    /** Resolves once this process receives other processes' events. */
    ready: async () => {
      await listening
    },
    /** Resolves when every NOTIFY queued so far has been sent (tests and shutdown). */
    flush: () => tail,
    publish: (event) => {
      if (closed) return
      local.publish(event)
      const payload = JSON.stringify({ v: 1, o: origin, e: event } satisfies Envelope)
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        opts.log?.error(
          { type: event.type, bytes: Buffer.byteLength(payload) },
          'realtime event too large to share; delivered locally only',
        )
        return
      }
      queued.push({ type: event.type, payload })
      if (!sending) tail = sendQueued()
    },
    subscribe: (listener) => local.subscribe(listener),
    close: async () => {
      if (closed) return
      await tail
      closed = true
      try {
        const stop = await listening
        await stop()
      } catch {
        // never listened, or the database is already gone
      }
      await local.close()
    },
  }
  return bus
}

export type PgBus = ReturnType<typeof createPgBus>

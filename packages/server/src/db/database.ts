import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect, sql, type CompiledQuery, type Transaction } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite'
import { copyCsv, type CopyExport } from './copy-csv.js'
import type { DB } from './schema.js'
import { createWriteObserver, type TableWrite } from './writes.js'

export type Db = Kysely<DB>
export type Executor = Kysely<DB> | Transaction<DB>

/** Runs a multi-statement SQL script (simple query protocol) and returns the rows of its last statement. */
export type ScriptRunner = (text: string) => Promise<Record<string, unknown>[]>

export type Database = {
  db: Db
  /**
   * The same connections, but every statement planned for its own values, never as a named prepared statement
   * (whose generic plan PostgreSQL would reuse): for reporting queries, whose best plan depends on the range they
   * read (a day or two years). The same as `db` on PGlite.
   */
  adHoc: Db
  kind: 'pglite' | 'postgres'
  /** Runs `fn` on one dedicated database session (for advisory locks and SQL scripts). */
  session: <T>(fn: (run: ScriptRunner) => Promise<T>) => Promise<T>
  /**
   * LISTEN on `channel`: `onPayload` gets every notification's payload, from any session of the database.
   * On PostgreSQL one dedicated connection (outside the pool) carries all listeners and reconnects on loss;
   * notifications sent while it is down are lost. Resolves to the function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>
  /**
   * Calls `listener` each time the LISTEN connection is back after a loss: notifications sent meanwhile were
   * missed, so whoever relies on them should resynchronise. Returns the function that stops it. (Never on PGlite.)
   */
  onListenResumed: (listener: () => void) => () => void
  /**
   * `pg_notify(channel, payload)` for each payload, in order, in one statement; delivered to listeners when it
   * commits (immediately outside a transaction).
   */
  notify: (channel: string, payload: string | string[]) => Promise<void>
  /**
   * Calls `listener` when a statement of this process updates or deletes rows of a table (before it runs and
   * once it has run); returns the function that stops it. Writes of other processes are not seen here.
   */
  onWrite: (listener: (write: TableWrite) => void) => () => void
  /**
   * Counts an export's rows and, when there are no more than `max`, streams `COPY (<query>) TO STDOUT WITH (FORMAT
   * csv)` of them, both in one snapshot with times in `timeZone`, on a connection of its own, once the first bytes are
   * in (db/copy-csv.ts); null on PGlite, which has no streaming COPY.
   */
  copyCsv:
    | ((exported: { count: CompiledQuery; query: CompiledQuery; max: number }, timeZone: string) => Promise<CopyExport>)
    | null
  /** Connections of the PostgreSQL pool: open, idle, and requests waiting for one (null on PGlite). */
  poolStats: () => { total: number; idle: number; waiting: number } | null
  /** Closes the pool or the embedded database. */
  close: () => Promise<void>
}

// Type OIDs whose default parsing we change on both drivers.
const INT8 = 20
const NUMERIC = 1700
const DATE = 1082

/** PostgreSQL over `pg` when a URL is given; otherwise embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(opts: {
  url?: string | undefined
  dataDir?: string | undefined
  /** A PGlite data directory tarball (`dumpDataDir()`) to start the embedded database from instead of initdb. */
  loadDataDir?: Blob | undefined
  poolMax?: number
  onIdleError?: (err: Error) => void
}): Promise<Database> {
  const writes = createWriteObserver()
  const plugins = [writes.plugin]
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      // An unreachable server fails a request within seconds instead of holding it until the OS gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Queries here are short and indexed; the planner's JIT compilation would cost more than it saves (hundreds of
      // milliseconds on the analytics' aggregates over large tenants).
      options: '-c jit=off',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8) return (v: string) => Number(v)
          if (oid === NUMERIC || oid === DATE) return (v: string) => v
          return pg.types.getTypeParser(oid, format) as (v: string) => unknown
        }) as typeof pg.types.getTypeParser,
      },
    })
    // An idle connection dropped by the server (restart, failover) must not take the process down.
    pool.on('error', (err) => opts.onIdleError?.(err))
    // Nor one in use: `pg` emits the socket's error on a checked-out client, which the pool does not listen to then.
    // The statement in flight fails with the same error, and the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', ignoreInUseError))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins })
    // Never destroyed itself: `db` ends the pool they share.
    const adHoc = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }),
      plugins,
    })
    const session = async <T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T> => {
      const client = await pool.connect()
      try {
        return await fn(async (text) => {
          const res = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[]
          const last = Array.isArray(res) ? res[res.length - 1] : res
          return (last?.rows ?? []) as Record<string, unknown>[]
        })
      } finally {
        client.release()
      }
    }
    const listener = createPgListener(opts.url, opts.onIdleError)
    return {
      db,
      adHoc,
      kind: 'postgres',
      session,
      listen: listener.listen,
      onListenResumed: listener.onResumed,
      copyCsv: (exported, timeZone) => copyCsv(pool, exported, timeZone),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      notify: (channel, payload) => notifyVia(db, channel, payload),
      onWrite: (listener) => writes.onWrite(listener),
      close: async () => {
        await listener.close()
        await db.destroy()
        // Kysely ends only a pool it has queried through; sessions may have used it alone.
        if (!pool.ended) await pool.end()
      },
    }
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true })
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers: {
      [pgliteTypes.INT8]: (v: string) => Number(v),
      [NUMERIC]: (v: string) => v,
      [DATE]: (v: string) => v,
    },
  })
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client), plugins })
  // PGlite is a single session: scripts go straight to it.
  const session = async <T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T> =>
    fn(async (text) => {
      const res = await client.exec(text)
      return res[res.length - 1]?.rows ?? []
    })
  return {
    db,
    adHoc: db,
    kind: 'pglite',
    session,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload)
      return async () => {
        if (!client.closed) await stop()
      }
    },
    // One in-process session: it is never lost without the process.
    onListenResumed: () => () => undefined,
    copyCsv: null,
    poolStats: () => null,
    notify: (channel, payload) => notifyVia(db, channel, payload),
    onWrite: (listener) => writes.onWrite(listener),
    close: () => db.destroy(),
  }
}

/** Statements a pooled connection keeps prepared, at most; further ones run unnamed (parsed and planned each time). */
const PREPARED_PER_CONNECTION = 250
/** Distinct statement texts the process names, at most. */
const NAMED_TEXTS = 2_000

/**
 * The pool as Kysely sees it, with every statement that has parameters run as a named prepared statement:
 * PostgreSQL then parses it once per connection and can reuse its plan, instead of parsing and planning it on
 * each call (for the chat's hot statements that was most of the database's work). Both lists are bounded, so an
 * unusual stream of distinct statements cannot grow them without limit.
 */
function preparingPool(pool: pg.Pool) {
  const names = new Map<string, string>()
  const prepared = new WeakMap<pg.PoolClient, Set<string>>()
  const nameOf = (text: string) => {
    let name = names.get(text)
    if (name === undefined && names.size < NAMED_TEXTS) {
      name = `k_${createHash('sha1').update(text).digest('base64url')}`
      names.set(text, name)
    }
    return name
  }
  return {
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect()
      let mine = prepared.get(client)
      if (!mine) prepared.set(client, (mine = new Set()))
      const known = mine
      return {
        release: (err?: Error | boolean) => client.release(err),
        query: ((textOrCursor: unknown, values?: unknown[]) => {
          if (typeof textOrCursor !== 'string' || !values || values.length === 0)
            return client.query(textOrCursor as string, values)
          const name = nameOf(textOrCursor)
          if (name === undefined || (!known.has(name) && known.size >= PREPARED_PER_CONNECTION))
            return client.query(textOrCursor, values)
          known.add(name)
          return client.query({ name, text: textOrCursor, values })
        }) as pg.PoolClient['query'],
      }
    },
  }
}

async function notifyVia(db: Db, channel: string, payload: string | string[]): Promise<void> {
  if (typeof payload === 'string') {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db)
    return
  }
  if (payload.length === 0) return
  // A function scan yields the array in order, so the notifications leave in publish order.
  await sql`select pg_notify(${channel}, p) from unnest(${payload}::text[]) with ordinality as t(p, n)`.execute(db)
}

/** How long opening a connection to PostgreSQL may take before the request that needs it fails. */
const CONNECT_TIMEOUT_MS = 5_000

const ignoreInUseError = () => undefined

const RECONNECT_MIN_MS = 250
/** Retries of the LISTEN connection back off to this, so it is back within seconds of the server. */
const RECONNECT_MAX_MS = 4_000

/** One dedicated `pg.Client` for all LISTENs of the process, connected lazily and re-established after a loss. */
function createPgListener(url: string, onError?: (err: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>()
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let closed = false
  let retryMs = RECONNECT_MIN_MS
  let retryTimer: NodeJS.Timeout | null = null
  /** Set when the connection was lost: the next one made tells the resume listeners. */
  let missed = false
  const resumed = new Set<() => void>()
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    c.on('notification', (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '')
    })
    c.on('error', (err) => {
      onError?.(err)
      lost(c)
    })
    c.on('end', () => lost(c))
    try {
      await c.connect()
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`)
    } catch (err) {
      c.removeAllListeners('end')
      await c.end().catch(() => undefined)
      throw err
    }
    return c
  }

  function lost(c: pg.Client) {
    if (client !== c) return
    client = null
    missed = true
    c.removeAllListeners('end')
    void c.end().catch(() => undefined)
    scheduleReconnect()
  }

  function scheduleReconnect() {
    if (closed || retryTimer || handlers.size === 0) return
    retryTimer = setTimeout(() => {
      retryTimer = null
      ensure().catch((err: unknown) => {
        onError?.(err instanceof Error ? err : new Error(String(err)))
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS)
        scheduleReconnect()
      })
    }, retryMs)
    retryTimer.unref()
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client)
    connecting ??= connect()
      .then((c) => {
        if (closed) {
          void c.end().catch(() => undefined)
          throw new Error('database closed')
        }
        client = c
        retryMs = RECONNECT_MIN_MS
        if (missed) {
          missed = false
          for (const fn of resumed) fn()
        }
        return c
      })
      .finally(() => {
        connecting = null
      })
    return connecting
  }

  async function listen(channel: string, onPayload: (payload: string) => void) {
    if (closed) throw new Error('database closed')
    let set = handlers.get(channel)
    const first = !set
    if (!set) handlers.set(channel, (set = new Set()))
    set.add(onPayload)
    try {
      const c = await ensure()
      // LISTEN is idempotent; a later reconnection LISTENs on every known channel itself.
      if (first) await c.query(`LISTEN ${quote(channel)}`)
    } catch (err) {
      // The server is unreachable for now: keep the listener and retry in the background.
      onError?.(err instanceof Error ? err : new Error(String(err)))
      if (client) lost(client)
      else scheduleReconnect()
    }
    return async () => {
      const current = handlers.get(channel)
      if (!current?.delete(onPayload) || current.size > 0) return
      handlers.delete(channel)
      await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined)
    }
  }

  async function close() {
    closed = true
    if (retryTimer) clearTimeout(retryTimer)
    handlers.clear()
    const c = client
    client = null
    if (c) {
      c.removeAllListeners('end')
      await c.end().catch(() => undefined)
    }
  }

  function onResumed(listener: () => void) {
    resumed.add(listener)
    return () => {
      resumed.delete(listener)
    }
  }

  return { listen, close, onResumed }
}

/** Cheap liveness probe for /readyz. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}

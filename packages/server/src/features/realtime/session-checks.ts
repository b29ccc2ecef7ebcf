import type { FastifyBaseLogger } from 'fastify'
import type { ResolvedToken } from '../auth/sessions.service.js'
import type { Connection } from './connection.js'
import { CLOSE } from './frames.js'

type Concerns = (conn: Connection) => boolean

/**
 * The sockets whose session a `proxima_sessions` notice (migration 0007) may have changed: `auth_tokens:7` names a
 * token, `users:42` an account, `anonymous_users:9` a visitor, `tenants:3` an organization (its staff and visitors);
 * a notice without an id (a deletion) concerns every socket.
 */
export function concernedBy(payload: string): Concerns {
  const m = /^([a-z_]+):(\d+)$/.exec(payload)
  const id = Number(m?.[2])
  switch (m?.[1]) {
    case 'auth_tokens':
      return (conn) => conn.actor?.tokenId === id
    case 'users':
      return (conn) => conn.actor !== null && conn.actor.kind !== 'visitor' && conn.actor.userId === id
    case 'anonymous_users':
      return (conn) => conn.actor?.kind === 'visitor' && conn.actor.visitorId === id
    case 'tenants':
      return (conn) => conn.actor !== null && conn.actor.kind !== 'client' && conn.actor.tenantId === id
    default:
      return (conn) => conn.actor !== null
  }
}

/**
 * Keeps open sockets in step with their sessions: a change to what a token resolves to (a logout, a disabled
 * account, a password change that ends other sessions, a suspended organization) closes the sockets it concerns at
 * once, in every process, on the database's notice; a periodic check of every socket covers notices lost while a
 * listener reconnects.
 */
export function createSessionChecks(deps: {
  connections: () => Iterable<Connection>
  resolve: (token: string) => Promise<ResolvedToken>
  log: FastifyBaseLogger
  recheckMs: number
}) {
  /** Resolves each token of `conns` once and closes the sockets whose token no longer works. */
  async function recheck(conns: Iterable<Connection>) {
    const byToken = new Map<string, Connection[]>()
    for (const conn of conns) {
      if (!conn.token || conn.closed) continue
      const list = byToken.get(conn.token)
      if (list) list.push(conn)
      else byToken.set(conn.token, [conn])
    }
    for (const [token, sockets] of byToken) {
      const resolved = await deps.resolve(token)
      if (resolved.status === 'ok' && !(resolved.actor.kind === 'staff' && resolved.tenant?.status === 'suspended'))
        continue
      const [code, reason] =
        resolved.status === 'ok'
          ? [CLOSE.forbidden, 'This organization is suspended.']
          : [CLOSE.unauthorized, 'Your session has ended. Sign in again.']
      for (const conn of sockets) conn.close(code, reason)
    }
  }

  // Notices come in bursts (a password change revokes every other token of the account): the sockets they concern
  // are checked together, one check at a time.
  let queued: Concerns[] = []
  let chain: Promise<void> = Promise.resolve()
  const checkQueued = async () => {
    const tests = queued
    queued = []
    await recheck([...deps.connections()].filter((conn) => tests.some((concerns) => concerns(conn))))
  }
  const failed = (err: unknown) => deps.log.warn({ err }, 'realtime token check failed')

  /** A `proxima_sessions` notice: checks again the sockets whose session depends on the changed row. */
  function onNotice(payload: string) {
    queued.push(concernedBy(payload))
    if (queued.length > 1) return
    // The session cache hears the same notice: the check waits until every listener has run, so that it reads
    // the database rather than an entry about to be dropped.
    chain = chain
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(checkQueued)
      .catch(failed)
  }

  let periodic = false
  const timer = setInterval(() => {
    if (periodic) return
    const all = [...deps.connections()]
    if (all.length === 0) return
    periodic = true
    recheck(all)
      .catch(failed)
      .finally(() => {
        periodic = false
      })
  }, deps.recheckMs)
  timer.unref()

  return {
    onNotice,
    /** Checks every open socket now. */
    recheckAll: () => recheck([...deps.connections()]),
    /** Resolves when the checks asked for so far are done (tests, shutdown). */
    settled: () => chain,
    stop() {
      clearInterval(timer)
    },
  }
}

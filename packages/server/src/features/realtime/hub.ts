import { randomUUID } from 'node:crypto'
import type { WebSocket } from 'ws'
import type { FastifyBaseLogger } from 'fastify'
import type { Actor } from '../../http/actor.js'
import type { Sessions } from '../auth/sessions.service.js'
import type { BusEvent, EventBus } from './bus.js'
import { CLOSE } from './frames.js'
import { Connection, type HubContext, type HubSettings } from './connection.js'
import { routeEvent, type SocketIndex } from './routing.js'
import { createSessionChecks } from './session-checks.js'
import {
  defaultCommunityViews,
  defaultUserViews,
  type Channel,
  type CommunityViews,
  type RealtimeViews,
  type TopicChannel,
  type UserViews,
} from './views.js'

export const DEFAULT_HUB_SETTINGS: HubSettings = {
  pingIntervalMs: 25_000,
  recheckMs: 60_000,
  authTimeoutMs: 5_000,
  maxFramesPerSecond: 20,
  typingIntervalMs: 2_000,
  maxSubscriptions: 100,
  maxBufferedBytes: 4 * 1024 * 1024,
}

export type HubDeps = {
  bus: EventBus
  sessions: Pick<Sessions, 'resolve'>
  views: RealtimeViews
  /** Rendering of the `user` channel (own notifications); ids only when left out. */
  userViews?: UserViews
  /** Rendering of issue and comment events and access to `community:<id>` and `thread:<id>`. */
  communityViews?: CommunityViews
  log: FastifyBaseLogger
  settings?: Partial<HubSettings>
}

/**
 * The sockets of this process and the routing of bus events to them. Each chat event goes once to each socket
 * that should see it, on its most specific channel (`chat:<id>` when subscribed, else `tenant`); a notification
 * goes to every socket of its recipient, on `user`. Events of one tenant are delivered in publish order;
 * recipients are grouped (by the views' `viewerKey`, or by user) so that each group costs one render, whatever
 * the number of its sockets.
 */
export function createRealtimeHub(deps: HubDeps) {
  const settings: HubSettings = { ...DEFAULT_HUB_SETTINGS, ...deps.settings }
  const log = deps.log
  let views = deps.views
  const userViews = deps.userViews ?? defaultUserViews
  const communityViews = deps.communityViews ?? defaultCommunityViews
  /** Subscriptions are checked by the feature that owns the channel's object. */
  const subscribeCheck = (actor: Actor, channel: TopicChannel) =>
    channel.startsWith('chat:')
      ? views.canSubscribe(actor, channel)
      : communityViews.canSubscribe(actor, channel as `community:${number}` | `thread:${number}`)
  let accepting = true
  const connections = new Set<Connection>()
  const staffByTenant = new Map<number, Set<Connection>>()
  /** The `user` channel: every authenticated socket of an account (staff and clients), by user id. */
  const byUser = new Map<number, Set<Connection>>()
  const subscribers = new Map<TopicChannel, Set<Connection>>()
  const index: SocketIndex = { subscribers, staffByTenant, byUser }
  const chains = new Map<number, Promise<void>>()

  const addTo = <K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    let set = map.get(key)
    if (!set) map.set(key, (set = new Set()))
    set.add(conn)
  }
  const removeFrom = <K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = map.get(key)
    if (set?.delete(conn) && set.size === 0) map.delete(key)
  }

  const context: HubContext = {
    settings,
    resolve: (token) => deps.sessions.resolve(token),
    views: () => ({ ...views, canSubscribe: subscribeCheck }),
    bus: deps.bus,
    log,
    accepting: () => accepting,
    onAuthenticated: (conn) => {
      if (conn.actor?.kind === 'staff') addTo(staffByTenant, conn.actor.tenantId, conn)
      if (conn.actor && conn.actor.kind !== 'visitor') addTo(byUser, conn.actor.userId, conn)
    },
    subscribe: (conn, channel) => {
      conn.subscriptions.add(channel)
      addTo(subscribers, channel, conn)
    },
    unsubscribe: (conn, channel) => {
      conn.subscriptions.delete(channel)
      removeFrom(subscribers, channel, conn)
    },
    onClosed: (conn) => {
      connections.delete(conn)
      if (conn.actor?.kind === 'staff') removeFrom(staffByTenant, conn.actor.tenantId, conn)
      if (conn.actor && conn.actor.kind !== 'visitor') removeFrom(byUser, conn.actor.userId, conn)
      for (const channel of conn.subscriptions) removeFrom(subscribers, channel, conn)
    },
  }

  /** Renders an event for its recipients; the frames are sent later, in publish order. */
  async function prepare(event: BusEvent): Promise<[Connection, string][]> {
    const sends: [Connection, string][] = []
    const { targets, viewerKey, render } = routeEvent(event, index, {
      chat: views,
      community: communityViews,
      user: userViews,
    })
    if (targets.size === 0) return sends

    const groups = new Map<string, { actor: Actor; members: [Connection, Channel][] }>()
    for (const [conn, channel] of targets) {
      if (!conn.actor) continue
      let key: string
      try {
        key = viewerKey(conn.actor)
      } catch (err) {
        log.error({ err, type: event.type }, 'realtime viewer key failed')
        continue
      }
      const group = groups.get(key)
      if (group) group.members.push([conn, channel])
      else groups.set(key, { actor: conn.actor, members: [[conn, channel]] })
    }

    const eventId = randomUUID()
    const occurredAt = new Date().toISOString()
    await Promise.all(
      [...groups.values()].map(async ({ actor, members }) => {
        let rendered
        try {
          rendered = await render(actor)
        } catch (err) {
          log.error({ err, type: event.type }, 'realtime render failed')
          return
        }
        if (!rendered) return
        const texts = new Map<Channel, string>()
        for (const [conn, channel] of members) {
          let text = texts.get(channel)
          if (text === undefined) {
            text = JSON.stringify({
              type: rendered.type,
              event_id: eventId,
              occurred_at: occurredAt,
              channel,
              data: rendered.data,
            })
            texts.set(channel, text)
          }
          sends.push([conn, text])
        }
      }),
    )
    return sends
  }

  const unsubscribeBus = deps.bus.subscribe((event) => {
    if (connections.size === 0) return
    const key = event.tenantId
    // Rendering starts at once and overlaps with other events; only the sending waits for earlier events.
    const prepared = prepare(event)
    prepared.catch(() => undefined) // handled below, when its turn comes
    const next = (chains.get(key) ?? Promise.resolve())
      .then(async () => {
        for (const [conn, text] of await prepared) conn.send(text)
      })
      .catch((err: unknown) => {
        log.error({ err, type: event.type }, 'realtime delivery failed')
      })
    chains.set(key, next)
    void next.then(() => {
      if (chains.get(key) === next) chains.delete(key)
    })
  })

  const pingTimer = setInterval(() => {
    const now = Date.now()
    for (const conn of connections) {
      if (conn.actor && conn.expiresAt <= now) {
        conn.close(CLOSE.unauthorized, 'Your session has expired. Sign in again.')
      } else if (conn.missedPongs >= 2) {
        conn.terminate()
      } else {
        conn.missedPongs++
        conn.socket.ping()
      }
    }
  }, settings.pingIntervalMs)
  pingTimer.unref()

  const sessionChecks = createSessionChecks({
    connections: () => connections,
    resolve: (token) => deps.sessions.resolve(token),
    log,
    recheckMs: settings.recheckMs,
  })

  /** Closes every socket with `code`; resolves when all are gone (stragglers are dropped after `graceMs`). */
  async function closeAll(code: number, reason: string, graceMs = 1_000) {
    const sockets = [...connections].map((c) => c.socket)
    for (const conn of [...connections]) conn.close(code, reason)
    const open = sockets.filter((s) => s.readyState !== s.CLOSED)
    if (open.length === 0) return
    await new Promise<void>((resolve) => {
      let left = open.length
      const timer = setTimeout(() => {
        for (const s of open) s.terminate()
        resolve()
      }, graceMs)
      for (const s of open) {
        s.once('close', () => {
          if (--left === 0) {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    })
  }

  return {
    settings,
    /** Takes over an upgraded socket; `token` is the `?token=` value when one was given. */
    accept(socket: WebSocket, token: string | undefined) {
      if (!accepting) {
        socket.close(CLOSE.goingAway, 'The server is shutting down.')
        return
      }
      connections.add(new Connection(socket, context, token))
    },
    /** Replaces the rendering and access hooks (the chat feature supplies the real ones). */
    setViews(next: RealtimeViews) {
      views = next
    },
    stats: () => ({
      connections: connections.size,
      authenticated: [...connections].filter((c) => c.actor !== null).length,
      channels: subscribers.size,
    }),
    /** Resolves every socket's token again and closes those that no longer work. */
    recheckTokens: sessionChecks.recheckAll,
    /**
     * A `proxima_sessions` notice (another process or this one changed a row a session depends on): the sockets it
     * concerns are checked again at once and closed with 4001 when their token no longer resolves.
     */
    sessionsChanged: sessionChecks.onNotice,
    /** Resolves once the checks of the notices heard so far are done. */
    sessionChecksSettled: sessionChecks.settled,
    /**
     * Events of other processes were missed (the database's LISTEN connection was lost for a while): every socket
     * is closed with 1012 so that its client reconnects and fetches again (contract §14).
     */
    async resync() {
      log.warn({ sockets: connections.size }, 'realtime events may have been missed; asking clients to reconnect')
      await closeAll(CLOSE.serviceRestart, 'Events may have been missed. Reconnect.')
    },
    /** Refuses new sockets and closes open ones with 1001 (contract §14). */
    async shutdown() {
      accepting = false
      await closeAll(CLOSE.goingAway, 'The server is shutting down.')
    },
    async close() {
      accepting = false
      clearInterval(pingTimer)
      sessionChecks.stop()
      unsubscribeBus()
      await closeAll(CLOSE.goingAway, 'The server is shutting down.')
      await Promise.all(chains.values())
    },
  }
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>

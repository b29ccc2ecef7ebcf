import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { WsClose, type ClientFrame, type ServerFrame } from '@proxima/contracts'
import { useAppSelector } from '../app/hooks'
import { checkSession } from './session-check'

export type RealtimeStatus = 'connecting' | 'open' | 'closed'
type FrameListener = (frame: ServerFrame) => void
/** `reconnected` is true when a connection opens again after having been open before. */
type StatusListener = (status: RealtimeStatus, reconnected: boolean) => void

const PING_INTERVAL_MS = 25_000
const PONG_TIMEOUT_MS = 10_000
const TYPING_INTERVAL_MS = 2_000
const BACKOFF_BASE_MS = 1_000
const BACKOFF_MAX_MS = 30_000

/** `ws://` or `wss://` on the page's own origin. */
export const realtimeUrl = (token: string, location: Pick<Location, 'protocol' | 'host'> = window.location) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/ws?token=${encodeURIComponent(token)}`

/** Exponential back-off with full jitter: a random delay up to 1 s, 2 s, 4 s… capped at 30 s. */
export const backoffDelay = (attempt: number, random: () => number = Math.random) =>
  Math.round(random() * Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS))

/**
 * One WebSocket to `/api/ws` for the dashboard. Subscriptions are counted, so several screens can ask for the
 * same channel, and are sent again after every reconnect. Delivery is at-most-once: listeners learn about
 * reconnects through the status callback and refetch over REST.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null
  private status: RealtimeStatus = 'closed'
  private stopped = true
  private attempt = 0
  private everOpened = false
  private retryTimer: number | undefined
  private pingTimer: number | undefined
  private pongTimer: number | undefined
  private readonly channels = new Map<string, number>()
  private readonly typingSentAt = new Map<number, number>()
  private readonly frameListeners = new Set<FrameListener>()
  private readonly statusListeners = new Set<StatusListener>()

  constructor(private readonly token: string) {}

  get currentStatus(): RealtimeStatus {
    return this.status
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.connect()
  }

  stop(): void {
    this.stopped = true
    window.clearTimeout(this.retryTimer)
    this.clearHeartbeat()
    const socket = this.socket
    this.socket = null
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'Closed by the page.')
    this.setStatus('closed', false)
  }

  onFrame(listener: FrameListener): () => void {
    this.frameListeners.add(listener)
    return () => this.frameListeners.delete(listener)
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  subscribe(channel: string): void {
    const count = this.channels.get(channel) ?? 0
    this.channels.set(channel, count + 1)
    if (count === 0 && this.status === 'open') this.send({ type: 'subscribe', channel })
  }

  unsubscribe(channel: string): void {
    const count = this.channels.get(channel) ?? 0
    if (count <= 1) {
      this.channels.delete(channel)
      if (count === 1 && this.status === 'open') this.send({ type: 'unsubscribe', channel })
    } else {
      this.channels.set(channel, count - 1)
    }
  }

  /** Typing `start` goes out at most once per 2 seconds per chat; `stop` always goes out. */
  typing(chatId: number, state: 'start' | 'stop'): void {
    if (this.status !== 'open') return
    const now = Date.now()
    if (state === 'start') {
      const last = this.typingSentAt.get(chatId) ?? 0
      if (now - last < TYPING_INTERVAL_MS) return
      this.typingSentAt.set(chatId, now)
    } else {
      if (!this.typingSentAt.has(chatId)) return
      this.typingSentAt.delete(chatId)
    }
    this.send({ type: 'typing', chat_id: chatId, state })
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame))
  }

  private setStatus(status: RealtimeStatus, reconnected: boolean): void {
    if (this.status === status && !reconnected) return
    this.status = status
    for (const listener of this.statusListeners) listener(status, reconnected)
  }

  private connect(): void {
    if (this.stopped) return
    this.setStatus('connecting', false)
    let socket: WebSocket
    try {
      socket = new WebSocket(realtimeUrl(this.token))
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onmessage = (event) => {
      if (this.socket !== socket) return
      this.handleMessage(event.data)
    }
    socket.onclose = (event) => {
      if (this.socket !== socket) return
      this.socket = null
      this.clearHeartbeat()
      this.setStatus('closed', false)
      this.handleClose(event.code)
    }
    // An error is always followed by a close event, which decides what happens next.
    socket.onerror = () => undefined
  }

  private handleMessage(raw: unknown): void {
    if (typeof raw !== 'string') return
    let frame: ServerFrame
    try {
      frame = JSON.parse(raw) as ServerFrame
    } catch {
      return
    }
    if (!frame || typeof frame.type !== 'string') return
    window.clearTimeout(this.pongTimer)
    if (frame.type === 'ready') {
      const reconnected = this.everOpened
      this.everOpened = true
      this.attempt = 0
      this.typingSentAt.clear()
      for (const channel of this.channels.keys()) this.send({ type: 'subscribe', channel })
      this.startHeartbeat()
      this.setStatus('open', reconnected)
    }
    if (frame.type === 'pong') return
    for (const listener of this.frameListeners) listener(frame)
  }

  private handleClose(code: number): void {
    if (this.stopped) return
    if (code === WsClose.unauthorized) {
      // The token ended: the session check signs the user out; if it says the token is still fine, try again.
      void checkSession(this.token).then(() => this.scheduleReconnect())
      return
    }
    if (code === WsClose.forbidden) return
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.stopped) return
    window.clearTimeout(this.retryTimer)
    const delay = backoffDelay(this.attempt)
    this.attempt = Math.min(this.attempt + 1, 10)
    this.retryTimer = window.setTimeout(() => this.connect(), delay)
  }

  private startHeartbeat(): void {
    this.clearHeartbeat()
    this.pingTimer = window.setInterval(() => {
      this.send({ type: 'ping' })
      window.clearTimeout(this.pongTimer)
      // Any frame counts as an answer; silence means the connection is gone without a close.
      this.pongTimer = window.setTimeout(() => this.socket?.close(4000, 'No answer to ping.'), PONG_TIMEOUT_MS)
    }, PING_INTERVAL_MS)
  }

  private clearHeartbeat(): void {
    window.clearInterval(this.pingTimer)
    window.clearTimeout(this.pongTimer)
  }
}

const RealtimeContext = createContext<RealtimeClient | null>(null)

/** Whether a provider above already owns the connection (while it connects, too, when no client exists yet). */
const RealtimeOwnerContext = createContext(false)

/**
 * Opens one realtime connection for the signed-in staff member while mounted. Below another provider (the shell's)
 * it adds nothing: the screens share the connection that is already open.
 */
export const RealtimeProvider = ({ children }: { children: ReactNode }) => {
  const outer = useContext(RealtimeOwnerContext)
  return outer ? children : createElement(RealtimeConnection, null, children)
}

const RealtimeConnection = ({ children }: { children: ReactNode }) => {
  const token = useAppSelector((state) => state.session.token)
  const [client, setClient] = useState<RealtimeClient | null>(null)
  useEffect(() => {
    if (!token) return
    const next = new RealtimeClient(token)
    next.start()
    // The connection is an external system; the context hands it to the screens below.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setClient(next)
    return () => {
      next.stop()
      setClient(null)
    }
  }, [token])
  return createElement(
    RealtimeOwnerContext.Provider,
    { value: true },
    createElement(RealtimeContext.Provider, { value: client }, children),
  )
}

export const useRealtime = (): RealtimeClient | null => useContext(RealtimeContext)

/** Calls the latest `listener` for every frame. */
export const useRealtimeFrames = (listener: FrameListener): void => {
  const client = useRealtime()
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => client?.onFrame((frame) => latest.current(frame)), [client])
}

/** Calls the latest `listener` on status changes; `reconnected` marks the moment to refetch over REST. */
export const useRealtimeStatusListener = (listener: StatusListener): void => {
  const client = useRealtime()
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => client?.onStatus((status, reconnected) => latest.current(status, reconnected)), [client])
}

/** The connection's status, for a "reconnecting…" hint. */
export const useRealtimeStatus = (): RealtimeStatus => {
  const client = useRealtime()
  const subscribe = useCallback((notify: () => void) => client?.onStatus(notify) ?? (() => undefined), [client])
  return useSyncExternalStore(subscribe, () => client?.currentStatus ?? 'closed')
}

/** Subscribes to a channel (`chat:<id>`) while mounted. */
export const useRealtimeChannel = (channel: string | null): void => {
  const client = useRealtime()
  useEffect(() => {
    if (!client || !channel) return
    client.subscribe(channel)
    return () => client.unsubscribe(channel)
  }, [client, channel])
}

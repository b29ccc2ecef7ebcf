import { WsClose, type ServerFrame } from '@proxima/contracts/realtime-frames'

/** A server frame of `GET /api/ws` (contract §4.9). */
export type Frame = ServerFrame

type Handlers = {
  onFrame: (frame: Frame) => void
  /**
   * Called once each connection's subscription is in effect (the server answers frames in order, so the `pong` to a
   * `ping` sent after `subscribe` comes once it is): the caller fetches what came before, which the socket missed.
   */
  onSubscribed: () => void
  /** The server refused the token (close code 4001). */
  onUnauthorized: () => void
}

const TYPING_INTERVAL_MS = 2_000

/**
 * One socket for one chat: authenticates with the first frame, subscribes to `chat:<id>`, and reconnects with
 * exponential back-off (1 s doubling to 30 s, with jitter) until stopped.
 */
export const connectRealtime = (origin: string, token: string, chatId: number, handlers: Handlers) => {
  const url = `${origin.replace(/^http/, 'ws')}/api/ws`
  let socket: WebSocket | null = null
  let stopped = false
  let attempts = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastTyping = 0

  const schedule = () => {
    if (stopped) return
    const base = Math.min(30_000, 1_000 * 2 ** attempts)
    attempts += 1
    timer = setTimeout(open, base / 2 + Math.random() * (base / 2))
  }

  function open() {
    if (stopped) return
    let ws: WebSocket
    try {
      ws = new WebSocket(url)
    } catch {
      schedule()
      return
    }
    socket = ws
    let subscribing = false
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
    ws.onmessage = (event) => {
      let frame: Frame
      try {
        frame = JSON.parse(String(event.data)) as Frame
      } catch {
        return
      }
      if (frame.type === 'ready') {
        attempts = 0
        ws.send(JSON.stringify({ type: 'subscribe', channel: `chat:${chatId}` }))
        ws.send(JSON.stringify({ type: 'ping' }))
        subscribing = true
        return
      }
      if (frame.type === 'pong' && subscribing) {
        subscribing = false
        handlers.onSubscribed()
        return
      }
      handlers.onFrame(frame)
    }
    ws.onclose = (event) => {
      if (socket === ws) socket = null
      if (stopped) return
      if (event.code === WsClose.unauthorized || event.code === WsClose.forbidden) {
        stopped = true
        handlers.onUnauthorized()
        return
      }
      schedule()
    }
    ws.onerror = () => undefined
  }

  open()

  return {
    /** Typing `start` at most once per 2 seconds; `stop` whenever asked. */
    typing(state: 'start' | 'stop') {
      if (!socket || socket.readyState !== WebSocket.OPEN) return
      const now = Date.now()
      if (state === 'start') {
        if (now - lastTyping < TYPING_INTERVAL_MS) return
        lastTyping = now
      } else {
        if (lastTyping === 0) return
        lastTyping = 0
      }
      socket.send(JSON.stringify({ type: 'typing', chat_id: chatId, state }))
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      try {
        socket?.close(1000)
      } catch {
        // Already closed.
      }
      socket = null
    },
  }
}

export type Realtime = ReturnType<typeof connectRealtime>

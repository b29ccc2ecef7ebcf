import WebSocket from 'ws'

type Frame = { type: string; data?: Record<string, unknown> }

/** A realtime socket subscribed to one chat, keeping every frame it receives and how it closed. */
export async function chatSocket(base: string, token: string, chatId: number) {
  const frames: Frame[] = []
  let closed: { code: number } | null = null
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws?token=${token}`)
  ws.on('close', (code) => (closed = { code }))
  ws.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket did not subscribe in 10 s')), 10_000)
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as Frame
      frames.push(frame)
      // Frames are handled in order: the pong says the subscription is in place.
      if (frame.type === 'ready') {
        ws.send(JSON.stringify({ type: 'subscribe', channel: `chat:${chatId}` }))
        ws.send(JSON.stringify({ type: 'ping' }))
      }
      if (frame.type === 'error') reject(new Error(JSON.stringify(frame)))
      if (frame.type === 'pong') {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  return {
    frames,
    isOpen: () => ws.readyState === WebSocket.OPEN,
    closed: () => closed,
    /** Resolves with the first frame (from now on) that `match` accepts; rejects after `ms`. */
    next(match: (f: Frame) => boolean, ms = 10_000) {
      const from = frames.length
      return new Promise<Frame>((resolve, reject) => {
        const started = Date.now()
        const poll = setInterval(() => {
          const hit = frames.slice(from).find(match)
          if (hit) {
            clearInterval(poll)
            resolve(hit)
          } else if (Date.now() - started > ms) {
            clearInterval(poll)
            reject(
              new Error(
                `no matching frame in ${ms} ms; got ${frames
                  .slice(from)
                  .map((f) => f.type)
                  .join(', ')}`,
              ),
            )
          }
        }, 20)
      })
    },
    send: (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame)),
    close: () => ws.close(),
  }
}

/**
 * Tells the other tabs of this browser that the signed-in person marked notifications read, so their bells follow
 * at once (the server pushes new notifications, not reads). Tabs of another person ignore the message.
 */
const CHANNEL_NAME = 'proxima-notifications'

type ReadMessage = { type: 'read'; user_id: number }

let channel: BroadcastChannel | null = null

/** One channel per tab: a message is delivered to the other tabs, never back to the one that sent it. */
const tabChannel = (): BroadcastChannel | null => {
  if (typeof BroadcastChannel === 'undefined') return null
  channel ??= new BroadcastChannel(CHANNEL_NAME)
  return channel
}

export const announceRead = (userId: number): void => {
  tabChannel()?.postMessage({ type: 'read', user_id: userId } satisfies ReadMessage)
}

const isReadMessage = (data: unknown): data is ReadMessage =>
  typeof data === 'object' && data !== null && 'type' in data && data.type === 'read' && 'user_id' in data

/** Calls `listener` when another tab of the same person marked notifications read. */
export const onReadElsewhere = (userId: number, listener: () => void): (() => void) => {
  const source = tabChannel()
  if (!source) return () => undefined
  const onMessage = (event: MessageEvent<unknown>) => {
    if (isReadMessage(event.data) && event.data.user_id === userId) listener()
  }
  source.addEventListener('message', onMessage)
  return () => source.removeEventListener('message', onMessage)
}

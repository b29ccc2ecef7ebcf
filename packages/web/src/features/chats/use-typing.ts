import { useEffect, useRef, useState } from 'react'
import { useRealtimeFrames } from '../../api/realtime'

type TypingData = {
  chat_id: number
  sender: 'client' | 'tenant'
  user?: { kind?: string; id?: number | null; name?: string }
  state: 'start' | 'stop'
  expires_in_ms?: number
}

const isTyping = (data: unknown): data is TypingData =>
  typeof data === 'object' && data !== null && 'chat_id' in data && 'state' in data

/** Who is typing in a chat right now (the customer, or a colleague), from `typing` frames. */
export const useTypingIndicator = (chatId: number, myUserId: number): string | null => {
  const [typist, setTypist] = useState<string | null>(null)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  useRealtimeFrames((frame) => {
    if (frame.type === 'message.created' && isFromChat(frame.data, chatId)) {
      // A message ends the typing that produced it.
      window.clearTimeout(timer.current)
      setTypist(null)
      return
    }
    if (frame.type !== 'typing' || !isTyping(frame.data) || frame.data.chat_id !== chatId) return
    const { sender, user, state, expires_in_ms: expires = 6000 } = frame.data
    if (sender === 'tenant' && user?.kind === 'staff' && user.id === myUserId) return
    window.clearTimeout(timer.current)
    if (state === 'stop') {
      setTypist(null)
      return
    }
    setTypist(user?.name || (sender === 'client' ? 'The customer' : 'A colleague'))
    timer.current = window.setTimeout(() => setTypist(null), expires)
  })
  return typist
}

const isFromChat = (data: unknown, chatId: number) =>
  typeof data === 'object' && data !== null && 'chat_id' in data && data.chat_id === chatId

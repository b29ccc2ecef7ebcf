import type { Message } from '@proxima/contracts'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { errorMessage } from '../../api/errors'
import { useRealtimeFrames, useRealtimeStatusListener } from '../../api/realtime'
import { fetchMessages, newClientMessageId, sendMessage, sendVoice, type MessagePage } from './api'
import { initialMessages, messagesReducer, type PendingMessage } from './messages-state'

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && 'message_id' in data && 'chat_id' in data

type Options = { onSendError?: (error: unknown) => void }

/** Messages of one chat: the latest page, older pages on demand, live events, catch-up and sending. */
export const useChatMessages = (chatId: number, { onSendError }: Options = {}) => {
  const [state, dispatch] = useReducer(messagesReducer, chatId, initialMessages)
  const [attempt, setAttempt] = useState(0)
  const stateRef = useRef(state)
  useEffect(() => {
    stateRef.current = state
  })

  // A different chat starts from an empty list.
  if (state.chatId !== chatId) dispatch({ type: 'reset', chatId })

  useEffect(() => {
    const controller = new AbortController()
    fetchMessages(chatId, {}, controller.signal).then(
      (page) => dispatch({ type: 'loaded', page }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', error })
      },
    )
    return () => controller.abort()
  }, [chatId, attempt])

  const reload = useCallback(() => {
    dispatch({ type: 'reset', chatId })
    setAttempt((n) => n + 1)
  }, [chatId])

  const loadOlder = useCallback(async () => {
    const current = stateRef.current
    if (current.loadingOlder || !current.hasOlder || !current.beforeCursor) return
    dispatch({ type: 'olderStarted' })
    try {
      const page = await fetchMessages(chatId, { before: current.beforeCursor })
      dispatch({ type: 'olderLoaded', page })
    } catch (error) {
      dispatch({ type: 'olderFailed', error })
    }
  }, [chatId])

  /** After a reconnect: whatever came after the newest message we hold (or the latest page again). */
  const catchUp = useCallback(async () => {
    let cursor = stateRef.current.afterCursor
    if (!cursor) {
      setAttempt((n) => n + 1)
      return
    }
    for (let round = 0; round < 10 && cursor; round++) {
      const page: MessagePage | null = await fetchMessages(chatId, { after: cursor }).catch(() => null)
      if (!page) return
      dispatch({ type: 'newerLoaded', page })
      if (!page.pagination?.has_newer) return
      cursor = page.pagination.after_cursor
    }
  }, [chatId])

  useRealtimeFrames((frame) => {
    if (frame.type !== 'message.created' && frame.type !== 'message.updated') return
    if (isMessage(frame.data) && frame.data.chat_id === chatId) dispatch({ type: 'received', message: frame.data })
  })
  useRealtimeStatusListener((status, reconnected) => {
    if (status === 'open' && reconnected) void catchUp()
  })

  const deliver = useCallback(
    async (pending: PendingMessage) => {
      const id = pending.client_message_id
      try {
        const message =
          pending.kind === 'voice' && pending.audio
            ? await sendVoice({
                chat_id: chatId,
                audio: pending.audio,
                duration_ms: pending.duration_ms ?? 0,
                client_message_id: id,
                text_content: pending.text,
              })
            : await sendMessage({ chat_id: chatId, text_content: pending.text, client_message_id: id })
        dispatch({ type: 'pendingSent', id, message })
      } catch (error) {
        dispatch({ type: 'pendingFailed', id, error: errorMessage(error) })
        onSendError?.(error)
      }
    },
    [chatId, onSendError],
  )

  const send = useCallback(
    (text: string) => {
      const pending: PendingMessage = {
        client_message_id: newClientMessageId(),
        kind: 'text',
        text,
        created_at: new Date().toISOString(),
        status: 'sending',
      }
      dispatch({ type: 'pendingAdded', pending })
      void deliver(pending)
    },
    [deliver],
  )

  const sendRecording = useCallback(
    (audio: Blob, durationMs: number, caption = '') => {
      const pending: PendingMessage = {
        client_message_id: newClientMessageId(),
        kind: 'voice',
        text: caption,
        audio,
        duration_ms: durationMs,
        created_at: new Date().toISOString(),
        status: 'sending',
      }
      dispatch({ type: 'pendingAdded', pending })
      void deliver(pending)
    },
    [deliver],
  )

  const retry = useCallback(
    (id: string) => {
      const pending = stateRef.current.pending.find((p) => p.client_message_id === id)
      if (!pending) return
      dispatch({ type: 'pendingRetried', id })
      void deliver(pending)
    },
    [deliver],
  )

  const discard = useCallback((id: string) => dispatch({ type: 'pendingDiscarded', id }), [])

  const { history, current } = state
  const messages = useMemo(() => [...history, ...current], [history, current])
  // A pending message whose stored copy already arrived (live) is shown once, as stored.
  const pending = useMemo(() => {
    const stored = new Set(messages.map((m) => m.client_message_id).filter(Boolean))
    return state.pending.filter((p) => !stored.has(p.client_message_id))
  }, [messages, state.pending])

  return { state, messages, pending, reload, loadOlder, send, sendRecording, retry, discard }
}

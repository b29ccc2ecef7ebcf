import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, describeError, newClientId, type Api, type Chat, type Message } from './api'
import { connectRealtime, type Frame, type Realtime } from './realtime'
import { loadSaved, storeSaved, type Saved } from './storage'
import type { Pending } from './views'

type Identity = { name: string; email: string }

const byId = (a: Message, b: Message) => a.message_id - b.message_id

const pageUrl = () => {
  const href = window.location.href
  return /^https?:/.test(href) && href.length <= 2000 ? href : undefined
}

/**
 * The visitor's conversation: session (kept in localStorage per widget key), chat, messages with cursor paging,
 * retry-safe sends and the live socket. A rejected token (401) starts a new visitor session.
 */
export const useConversation = (api: Api, widgetKey: string, open: boolean) => {
  const [saved, setSaved] = useState<Saved | null>(() => loadSaved(widgetKey))
  const savedRef = useRef<Saved | null>(saved)
  const [chat, setChat] = useState<Chat | null>(null)
  const [messages, setMessages] = useState<Message[]>([])
  const [pending, setPending] = useState<Pending[]>([])
  const [older, setOlder] = useState<{ has: boolean; cursor: string | null }>({ has: false, cursor: null })
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [typing, setTyping] = useState<string | null>(null)
  const [ratingAsked, setRatingAsked] = useState(false)
  const [unread, setUnread] = useState(0)
  const afterCursorRef = useRef<string | null>(null)
  const loadedRef = useRef(false)
  const realtimeRef = useRef<Realtime | null>(null)
  const openRef = useRef(open)
  useEffect(() => {
    openRef.current = open
  }, [open])
  const typingTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const persist = (value: Saved | null) => {
    savedRef.current = value
    storeSaved(widgetKey, value)
    setSaved(value)
  }

  const merge = (incoming: Message[]) => {
    if (incoming.length === 0) return
    setMessages((list) => {
      const map = new Map(list.map((m) => [m.message_id, m]))
      for (const m of incoming) map.set(m.message_id, m)
      return [...map.values()].sort(byId)
    })
    const ids = new Set(incoming.map((m) => m.client_message_id).filter(Boolean))
    setPending((list) => list.filter((p) => !ids.has(p.id)))
  }

  const resetSession = () => {
    realtimeRef.current?.stop()
    realtimeRef.current = null
    persist(null)
    setChat(null)
    setMessages([])
    setOlder({ has: false, cursor: null })
    afterCursorRef.current = null
  }

  /** Fetches what came after the newest known message (all of it, page by page). */
  const catchUp = async (token: string, chatId: number) => {
    for (let i = 0; i < 20; i++) {
      const cursor = afterCursorRef.current
      const page = await api.messages(token, chatId, cursor ? { after: cursor } : {})
      merge(page.data)
      if (!cursor) setOlder({ has: page.pagination.has_older, cursor: page.pagination.before_cursor })
      if (page.pagination.after_cursor) afterCursorRef.current = page.pagination.after_cursor
      if (!cursor || !page.pagination.has_newer) return
    }
  }

  /** Loads the stored conversation the first time the panel opens. */
  useEffect(() => {
    const current = savedRef.current
    if (!open || loadedRef.current || !current?.chatId) return
    loadedRef.current = true
    const chatId = current.chatId
    setLoading(true)
    void (async () => {
      try {
        setChat(await api.getChat(current.token, chatId))
        await catchUp(current.token, chatId)
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) resetSession()
        else if (e instanceof ApiError && e.status === 404) persist({ ...current, chatId: null })
        else setError(describeError(e))
      } finally {
        setLoading(false)
      }
    })()
    // Runs when the panel opens; the helpers it calls only touch refs and state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const onFrame = (frame: Frame) => {
    if (frame.type === 'message.created' || frame.type === 'message.updated') {
      const message = frame.data
      merge([message])
      if (message.message_sender !== 'client') {
        setTyping(null)
        if (frame.type === 'message.created' && !openRef.current) setUnread((n) => n + 1)
      }
    } else if (frame.type === 'chat.updated') {
      setChat(frame.data)
      if (frame.data.rating_requested) setRatingAsked(true)
    } else if (frame.type === 'typing' && frame.data.sender === 'tenant') {
      const data = frame.data
      clearTimeout(typingTimerRef.current)
      if (data.state === 'start') {
        setTyping(data.user.name || 'Support')
        typingTimerRef.current = setTimeout(() => setTyping(null), data.expires_in_ms || 6000)
      } else setTyping(null)
    }
  }
  const frameRef = useRef(onFrame)
  useEffect(() => {
    frameRef.current = onFrame
  })

  const token = saved?.token
  const chatId = saved?.chatId
  useEffect(() => {
    if (!token || !chatId) return
    const connection = connectRealtime(api.origin, token, chatId, {
      onFrame: (f) => frameRef.current(f),
      // Also at the first connection: a reply written between the history's read and the subscription is fetched.
      onSubscribed: () => {
        void api
          .getChat(token, chatId)
          .then(setChat)
          .then(() => catchUp(token, chatId))
          .catch(() => undefined)
      },
      onUnauthorized: () => {
        // The REST check decides: a 401 there starts over with a new visitor session.
        void api.getChat(token, chatId).catch((e) => {
          if (e instanceof ApiError && e.status === 401) resetSession()
        })
      },
    })
    realtimeRef.current = connection
    return () => {
      connection.stop()
      if (realtimeRef.current === connection) realtimeRef.current = null
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, token, chatId])

  useEffect(() => {
    if (open) setUnread(0)
  }, [open])

  /** A session and a chat, created on first use; a rejected token is replaced once. */
  const ready = async (identity: Identity): Promise<{ token: string; chatId: number }> => {
    for (let attempt = 0; ; attempt++) {
      let current = savedRef.current
      if (!current) {
        const session = await api.startVisitor({
          widget_key: widgetKey,
          name: identity.name.trim() || undefined,
          contact: identity.email.trim() || undefined,
          page_url: pageUrl(),
        })
        current = { token: session.token, visitorId: session.anonymous_user_id, chatId: null }
        persist(current)
      }
      if (current.chatId) return { token: current.token, chatId: current.chatId }
      try {
        const created = await api.startChat(current.token)
        setChat(created)
        persist({ ...current, chatId: created.chat_id })
        loadedRef.current = true
        await catchUp(current.token, created.chat_id)
        return { token: current.token, chatId: created.chat_id }
      } catch (e) {
        if (attempt === 0 && e instanceof ApiError && e.status === 401) {
          resetSession()
          continue
        }
        throw e
      }
    }
  }

  /** Runs a chat action; on 401 the session starts over and the action runs once more. */
  const withChat = async <T>(identity: Identity, action: (token: string, chatId: number) => Promise<T>) => {
    try {
      const { token: t, chatId: c } = await ready(identity)
      return await action(t, c)
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) throw e
      resetSession()
      const { token: t, chatId: c } = await ready(identity)
      return action(t, c)
    }
  }

  const deliver = async (item: Pending, identity: Identity, form?: () => FormData) => {
    setPending((list) => list.map((p) => (p.id === item.id ? { ...p, error: null } : p)))
    try {
      const message = await withChat(identity, (t, c) =>
        form
          ? api.sendVoice(t, withChatId(form(), c))
          : api.send(t, { chat_id: c, text_content: item.text ?? '', client_message_id: item.id }),
      )
      merge([message])
      setError(null)
    } catch (e) {
      const text = describeError(e)
      setPending((list) => list.map((p) => (p.id === item.id ? { ...p, error: text } : p)))
      setError(text)
    }
  }

  const retriesRef = useRef(new Map<string, { identity: Identity; form?: () => FormData }>())

  return {
    saved,
    chat,
    messages,
    pending,
    older,
    loading,
    error,
    typing,
    ratingAsked,
    unread,
    setError,
    setChat,
    sendText: (text: string, identity: Identity) => {
      const item: Pending = { id: newClientId(), text, voice: false, error: null }
      setPending((list) => [...list, item])
      retriesRef.current.set(item.id, { identity })
      realtimeRef.current?.typing('stop')
      return deliver(item, identity)
    },
    sendVoice: (blob: Blob, fileName: string, durationMs: number, identity: Identity) => {
      const item: Pending = { id: newClientId(), text: null, voice: true, error: null }
      // Fields first, then the file: a streaming multipart reader sees them before the audio.
      const form = () => {
        const data = new FormData()
        data.append('duration_ms', String(durationMs))
        data.append('client_message_id', item.id)
        data.append('audio', blob, fileName)
        return data
      }
      setPending((list) => [...list, item])
      retriesRef.current.set(item.id, { identity, form })
      return deliver(item, identity, form)
    },
    retry: (id: string) => {
      const item = pending.find((p) => p.id === id)
      const how = retriesRef.current.get(id)
      if (item && how) void deliver(item, how.identity, how.form)
    },
    loadOlder: async () => {
      const current = savedRef.current
      if (!current?.chatId || !older.has || !older.cursor || loading) return
      setLoading(true)
      try {
        const page = await api.messages(current.token, current.chatId, { before: older.cursor })
        merge(page.data)
        setOlder({ has: page.pagination.has_older, cursor: page.pagination.before_cursor })
      } catch (e) {
        setError(describeError(e))
      } finally {
        setLoading(false)
      }
    },
    typingChanged: (active: boolean) => realtimeRef.current?.typing(active ? 'start' : 'stop'),
    withChat,
  }
}

/** `chat_id` goes first in the form, before the other fields and the file. */
const withChatId = (form: FormData, chatId: number) => {
  const data = new FormData()
  data.append('chat_id', String(chatId))
  form.forEach((value, key) => data.append(key, value))
  return data
}

export type Conversation = ReturnType<typeof useConversation>

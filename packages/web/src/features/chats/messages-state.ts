import type { Message } from '@proxima/contracts'
import type { MessagePage } from './api'

/** A message on its way to the server, or one that failed and can be retried. */
export type PendingMessage = {
  client_message_id: string
  kind: 'text' | 'voice'
  text: string
  audio?: Blob
  duration_ms?: number
  created_at: string
  status: 'sending' | 'failed'
  error?: string
}

/**
 * The open chat's messages: `current` is the latest page plus what arrived since; `history` holds the older
 * pages loaded by scrolling back. Both belong to one chat and are dropped when another chat opens.
 */
export type MessagesState = {
  chatId: number
  history: Message[]
  current: Message[]
  beforeCursor: string | null
  afterCursor: string | null
  hasOlder: boolean
  status: 'loading' | 'ready' | 'error'
  error: unknown
  loadingOlder: boolean
  olderError: unknown
  pending: PendingMessage[]
}

export type MessagesAction =
  | { type: 'reset'; chatId: number }
  | { type: 'loaded'; page: MessagePage }
  | { type: 'failed'; error: unknown }
  | { type: 'olderStarted' }
  | { type: 'olderLoaded'; page: MessagePage }
  | { type: 'olderFailed'; error: unknown }
  | { type: 'newerLoaded'; page: MessagePage }
  | { type: 'received'; message: Message }
  | { type: 'pendingAdded'; pending: PendingMessage }
  | { type: 'pendingFailed'; id: string; error: string }
  | { type: 'pendingRetried'; id: string }
  | { type: 'pendingSent'; id: string; message: Message }
  | { type: 'pendingDiscarded'; id: string }

export const initialMessages = (chatId: number): MessagesState => ({
  chatId,
  history: [],
  current: [],
  beforeCursor: null,
  afterCursor: null,
  hasOlder: false,
  status: 'loading',
  error: null,
  loadingOlder: false,
  olderError: null,
  pending: [],
})

const byId = (a: Message, b: Message) => a.message_id - b.message_id

/** Replaces a known message where it is, or adds a new one to `current` in order. */
const upsert = (state: MessagesState, messages: Message[]): MessagesState => {
  let { history, current } = state
  for (const message of messages) {
    if (message.chat_id !== state.chatId) continue
    const inHistory = history.findIndex((m) => m.message_id === message.message_id)
    if (inHistory >= 0) {
      history = history.map((m, i) => (i === inHistory ? message : m))
      continue
    }
    const inCurrent = current.findIndex((m) => m.message_id === message.message_id)
    if (inCurrent >= 0) current = current.map((m, i) => (i === inCurrent ? message : m))
    else current = [...current, message].sort(byId)
  }
  return { ...state, history, current }
}

const patchPending = (state: MessagesState, id: string, patch: Partial<PendingMessage>): MessagesState => ({
  ...state,
  pending: state.pending.map((p) => (p.client_message_id === id ? { ...p, ...patch } : p)),
})

export const messagesReducer = (state: MessagesState, action: MessagesAction): MessagesState => {
  switch (action.type) {
    case 'reset':
      return initialMessages(action.chatId)
    case 'loaded': {
      const { data, pagination } = action.page
      return {
        ...upsert({ ...state, current: data, history: [] }, state.current),
        status: 'ready',
        error: null,
        beforeCursor: pagination?.before_cursor ?? null,
        afterCursor: pagination?.after_cursor ?? null,
        hasOlder: pagination?.has_older ?? false,
      }
    }
    case 'failed':
      return { ...state, status: 'error', error: action.error }
    case 'olderStarted':
      return { ...state, loadingOlder: true, olderError: null }
    case 'olderLoaded': {
      const known = new Set([...state.history, ...state.current].map((m) => m.message_id))
      const older = action.page.data.filter((m) => !known.has(m.message_id))
      return {
        ...state,
        history: [...older, ...state.history],
        loadingOlder: false,
        beforeCursor: action.page.pagination?.before_cursor ?? state.beforeCursor,
        hasOlder: action.page.pagination?.has_older ?? false,
      }
    }
    case 'olderFailed':
      return { ...state, loadingOlder: false, olderError: action.error }
    case 'newerLoaded':
      return {
        ...upsert(state, action.page.data),
        afterCursor: action.page.pagination?.after_cursor ?? state.afterCursor,
      }
    case 'received':
      return upsert(state, [action.message])
    case 'pendingAdded':
      return { ...state, pending: [...state.pending, action.pending] }
    case 'pendingFailed':
      return patchPending(state, action.id, { status: 'failed', error: action.error })
    case 'pendingRetried':
      return patchPending(state, action.id, { status: 'sending', error: undefined })
    case 'pendingSent':
      return {
        ...upsert(state, [action.message]),
        pending: state.pending.filter((p) => p.client_message_id !== action.id),
      }
    case 'pendingDiscarded':
      return { ...state, pending: state.pending.filter((p) => p.client_message_id !== action.id) }
  }
}

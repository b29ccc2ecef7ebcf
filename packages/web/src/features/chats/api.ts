import type { Channel, Chat, ChatStatus, ChatUpdate, Message, Topic as TopicSchema } from '@proxima/contracts'
import type { CursorPagination, OffsetPagination, StaffMember } from '@proxima/contracts'
import type { z } from 'zod'
import { allPages } from '../../api/all-pages'
import { apiFetch } from '../../api/client'
import { ApiError, NETWORK_ERROR_MESSAGE, codeFromBody, fieldErrorsFromBody, messageFromBody } from '../../api/errors'
import { checkSession } from '../../api/session-check'
import { store } from '../../app/store'

export type Topic = z.infer<typeof TopicSchema>
export type ChatPage = { data: Chat[]; pagination: z.infer<typeof OffsetPagination> | null }
export type MessagePage = { data: Message[]; pagination: z.infer<typeof CursorPagination> | null }
export type Colleague = z.infer<typeof StaffMember>
export type ReadReply = { chat_id: number; unread_count: number; read_at: string }

export type StatusTab = ChatStatus | 'all'
export type AssigneeFilter = 'me' | 'none' | 'anyone'
export type ChatFilters = {
  status: StatusTab
  assignee: AssigneeFilter
  channel: Channel | ''
  escalated: boolean
  search: string
}

export const CHAT_PAGE_SIZE = 25
export const MESSAGE_PAGE_SIZE = 30
export const MESSAGE_MAX_LENGTH = 4000

export const chatKeys = {
  all: ['chats'] as const,
  lists: ['chats', 'list'] as const,
  list: (filters: ChatFilters) => ['chats', 'list', filters] as const,
  detail: (id: number) => ['chats', 'detail', id] as const,
  ownerChats: (clientId: number) => ['chats', 'owner', clientId] as const,
  topics: ['chats', 'topics'] as const,
  colleagues: ['chats', 'colleagues'] as const,
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

export const fetchChats = async (filters: ChatFilters, offset: number, signal?: AbortSignal): Promise<ChatPage> => {
  const search = filters.search.trim()
  const reply = await apiFetch<ChatPage>('/api/chat/chat/', {
    query: {
      status: filters.status === 'all' ? undefined : filters.status,
      assignee: filters.assignee === 'anyone' ? undefined : filters.assignee,
      channel: filters.channel,
      escalated: filters.escalated ? true : undefined,
      search: search.length >= 2 ? search.slice(0, 100) : undefined,
      limit: CHAT_PAGE_SIZE,
      offset,
    },
    ...withSignal(signal),
  })
  return { data: reply.data ?? [], pagination: reply.pagination ?? null }
}

export const fetchChat = (id: number, signal?: AbortSignal) =>
  apiFetch<Chat>(`/api/chat/chat/${id}/`, withSignal(signal))

/** How many chats a client has had with the organization (the list's total). */
export const fetchOwnerChatCount = async (clientId: number, signal?: AbortSignal): Promise<number> => {
  const reply = await apiFetch<ChatPage>('/api/chat/chat/', {
    query: { chat_owner: clientId, limit: 1 },
    ...withSignal(signal),
  })
  return reply.pagination?.total ?? reply.data?.length ?? 0
}

export type MessageCursor = { before?: string; after?: string }

export const fetchMessages = async (chatId: number, cursor: MessageCursor = {}, signal?: AbortSignal) => {
  const reply = await apiFetch<MessagePage>('/api/chat/message/', {
    query: { chat_id: chatId, limit: MESSAGE_PAGE_SIZE, before: cursor.before, after: cursor.after },
    ...withSignal(signal),
  })
  return { data: reply.data ?? [], pagination: reply.pagination ?? null } satisfies MessagePage
}

export const sendMessage = (body: { chat_id: number; text_content: string; client_message_id: string }) =>
  apiFetch<Message>('/api/chat/message/', { method: 'POST', body })

export type VoiceUpload = {
  chat_id: number
  audio: Blob
  duration_ms: number
  client_message_id: string
  text_content?: string
}

const extensionFor = (mime: string) => {
  if (mime.includes('ogg')) return 'ogg'
  if (mime.includes('mp4') || mime.includes('aac')) return 'm4a'
  if (mime.includes('mpeg')) return 'mp3'
  if (mime.includes('wav')) return 'wav'
  return 'webm'
}

/** Multipart upload of a recording (the JSON client cannot send files). */
export const sendVoice = async (upload: VoiceUpload): Promise<Message> => {
  const token = store.getState().session.token
  const form = new FormData()
  form.append('chat_id', String(upload.chat_id))
  form.append('duration_ms', String(Math.round(upload.duration_ms)))
  form.append('client_message_id', upload.client_message_id)
  if (upload.text_content?.trim()) form.append('text_content', upload.text_content.trim())
  form.append('audio', upload.audio, `voice-message.${extensionFor(upload.audio.type)}`)
  const headers = new Headers({ Accept: 'application/json' })
  if (token) headers.set('Authorization', `Token ${token}`)
  let response: Response
  try {
    response = await fetch('/api/chat/voice/', { method: 'POST', headers, body: form, credentials: 'same-origin' })
  } catch {
    throw new ApiError({ status: 0, code: 'network.unreachable', message: NETWORK_ERROR_MESSAGE })
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok) return body as Message
  if (response.status === 401 || response.status === 403) await checkSession(token)
  throw new ApiError({
    status: response.status,
    code: codeFromBody(body),
    message: messageFromBody(body, `The voice message could not be sent (HTTP ${response.status}).`),
    fieldErrors: fieldErrorsFromBody(body),
    body,
  })
}

export const updateChat = (id: number, body: ChatUpdate) =>
  apiFetch<Chat>(`/api/chat/chat/${id}/`, { method: 'PATCH', body })

export const assignChat = (id: number, assigneeId: number | null) =>
  apiFetch<Chat>(`/api/chat/chat/${id}/assign/`, { method: 'POST', body: { assignee_id: assigneeId } })

export const escalateChat = (id: number, reason: string) =>
  apiFetch<Chat>(`/api/chat/chat/${id}/escalate/`, {
    method: 'POST',
    body: reason.trim() ? { reason: reason.trim() } : {},
  })

export const markChatRead = (id: number, lastMessageId: number) =>
  apiFetch<ReadReply>(`/api/chat/chat/${id}/read/`, { method: 'POST', body: { last_read_message_id: lastMessageId } })

/** Every topic of the organisation, page by page (the list answers at most 100 at a time). */
export const fetchTopics = (signal?: AbortSignal): Promise<Topic[]> =>
  allPages<Topic>(async (offset) => {
    const reply = await apiFetch<{ data?: Topic[]; pagination?: { next_offset: number | null } }>('/api/chat/topics/', {
      query: { limit: 100, offset },
      ...withSignal(signal),
    })
    return { data: reply.data ?? [], next: reply.pagination?.next_offset ?? null }
  })

export const fetchColleagues = async (signal?: AbortSignal): Promise<Colleague[]> => {
  const reply = await apiFetch<{ data?: Colleague[] }>('/api/staff/', {
    query: { is_active: true, limit: 100 },
    ...withSignal(signal),
  })
  return reply.data ?? []
}

/** A fresh id for `client_message_id`, so a retried send is stored once. */
export const newClientMessageId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

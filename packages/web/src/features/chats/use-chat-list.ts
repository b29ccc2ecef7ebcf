import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { Chat } from '@proxima/contracts'
import { useRef } from 'react'
import { useLiveRefresh } from '../../api/live-refresh'
import { useRealtimeFrames } from '../../api/realtime'
import { CHAT_PAGE_SIZE, chatKeys, fetchChats, type ChatFilters, type ChatPage } from './api'

/** The chat list, page by page ("Load more"). */
export const useChatList = (filters: ChatFilters) =>
  useInfiniteQuery({
    queryKey: chatKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchChats(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ChatPage, pages) =>
      last.pagination
        ? last.pagination.next_offset
        : last.data.length < CHAT_PAGE_SIZE
          ? null
          : pages.length * CHAT_PAGE_SIZE,
    placeholderData: keepPreviousData,
  })

type ListData = InfiniteData<ChatPage, number>

/** Applies a change to one chat wherever the lists and the detail hold it. */
export const usePatchChat = () => {
  const client = useQueryClient()
  return (chatId: number, patch: (chat: Chat) => Chat) => {
    client.setQueriesData<ListData>({ queryKey: chatKeys.lists }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((chat) => (chat.chat_id === chatId ? patch(chat) : chat)),
            })),
          }
        : data,
    )
    client.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? patch(chat) : chat))
  }
}

const LIVE_TYPES = new Set(['chat.created', 'chat.updated', 'message.created', 'message.updated'])

/** Strips the event-only fields of a `chat.updated` frame. */
const asChat = (data: unknown): Chat | null => {
  if (!data || typeof data !== 'object' || !('chat_id' in data)) return null
  const { changes: _changes, rating_requested: _rating, ...chat } = data as Chat & Record<string, unknown>
  return chat
}

/**
 * Keeps the inbox live: chat and message events of the `tenant` channel refresh the lists (batched), a chat's
 * new state goes straight into its detail, and a reconnect refetches everything (REST is the source of truth).
 */
export const useInboxLiveUpdates = () => {
  const client = useQueryClient()
  // The chats whose detail changed in this burst of events: refetched with the lists at its end.
  const touched = useRef(new Set<number>())
  const refreshSoon = useLiveRefresh(
    () => {
      const ids = [...touched.current]
      touched.current.clear()
      void client.invalidateQueries({ queryKey: chatKeys.lists })
      for (const id of ids) void client.invalidateQueries({ queryKey: chatKeys.detail(id), exact: true })
    },
    () => void client.invalidateQueries({ queryKey: chatKeys.all }),
  )
  const refresh = (chatId: number | null) => {
    if (chatId !== null) touched.current.add(chatId)
    refreshSoon()
  }

  useRealtimeFrames((frame) => {
    if (!('data' in frame) || !LIVE_TYPES.has(frame.type)) return
    const data: unknown = frame.data
    const chatId =
      typeof data === 'object' && data !== null && 'chat_id' in data && typeof data.chat_id === 'number'
        ? data.chat_id
        : null
    if (frame.type === 'chat.updated' || frame.type === 'chat.created') {
      const chat = asChat(frame.data)
      if (chat && client.getQueryData(chatKeys.detail(chat.chat_id))) {
        client.setQueryData(chatKeys.detail(chat.chat_id), chat)
      }
    }
    // The frame is what the server saw when it sent it; a refetch afterwards settles any race with REST reads.
    refresh(chatId !== null && client.getQueryData(chatKeys.detail(chatId)) ? chatId : null)
  })
}

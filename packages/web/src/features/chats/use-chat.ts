import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Chat, ChatStatus } from '@proxima/contracts'
import {
  assignChat,
  chatKeys,
  escalateChat,
  fetchChat,
  fetchColleagues,
  fetchOwnerChatCount,
  fetchTopics,
  markChatRead,
  updateChat,
} from './api'
import { usePatchChat } from './use-chat-list'

export const useChat = (chatId: number) =>
  useQuery({ queryKey: chatKeys.detail(chatId), queryFn: ({ signal }) => fetchChat(chatId, signal) })

export const useTopics = () =>
  useQuery({ queryKey: chatKeys.topics, queryFn: ({ signal }) => fetchTopics(signal), staleTime: 5 * 60_000 })

export const useColleagues = (enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.colleagues,
    queryFn: ({ signal }) => fetchColleagues(signal),
    staleTime: 5 * 60_000,
    enabled,
  })

export const useOwnerChatCount = (clientId: number | null) =>
  useQuery({
    queryKey: chatKeys.ownerChats(clientId ?? 0),
    queryFn: ({ signal }) => fetchOwnerChatCount(clientId ?? 0, signal),
    enabled: clientId !== null,
    staleTime: 60_000,
  })

/** A chat change: the reply becomes the chat everywhere, and the lists refresh (filters may no longer match). */
const useChatMutation = <V>(chatId: number, run: (variables: V) => Promise<Chat>) => {
  const client = useQueryClient()
  const patch = usePatchChat()
  return useMutation({
    mutationFn: run,
    onSuccess: (chat) => {
      patch(chatId, () => chat)
      client.setQueryData(chatKeys.detail(chatId), chat)
      void client.invalidateQueries({ queryKey: chatKeys.lists })
    },
  })
}

export const useSetStatus = (chatId: number) =>
  useChatMutation(chatId, (status: ChatStatus) => updateChat(chatId, { status }))

export const useSetTopic = (chatId: number) =>
  useChatMutation(chatId, (topicId: number | null) => updateChat(chatId, { topic_id: topicId }))

export const useAssign = (chatId: number) =>
  useChatMutation(chatId, (assigneeId: number | null) => assignChat(chatId, assigneeId))

export const useEscalate = (chatId: number) => useChatMutation(chatId, (reason: string) => escalateChat(chatId, reason))

/** Moves the staff read marker; the chat's unread badge drops at once. */
export const useMarkRead = (chatId: number) => {
  const patch = usePatchChat()
  return useMutation({
    mutationFn: (lastMessageId: number) => markChatRead(chatId, lastMessageId),
    onSuccess: (reply) => patch(chatId, (chat) => ({ ...chat, unread_count: reply.unread_count })),
  })
}

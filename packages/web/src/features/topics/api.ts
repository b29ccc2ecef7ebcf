import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Category, CategoryCreate, OffsetPagination, Topic, TopicCreate } from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'
import { chatKeys } from '../chats/api'

export type TopicItem = z.infer<typeof Topic>
export type CategoryItem = z.infer<typeof Category>
export type TopicInput = z.output<typeof TopicCreate>
export type CategoryInput = z.output<typeof CategoryCreate>
type Page<T> = { data?: T[]; pagination?: z.infer<typeof OffsetPagination> }

export const topicKeys = {
  all: ['topics'] as const,
  topics: ['topics', 'topics'] as const,
  categories: ['topics', 'categories'] as const,
}

const PAGE = 100
/** Pages stop here: a settings screen lists at most this many of either. */
const MAX_ITEMS = 1000

/** Every row of a list, page by page (the API answers at most 100 at a time). */
const fetchAll = async <T>(path: string, signal: AbortSignal): Promise<T[]> => {
  const rows: T[] = []
  for (let offset: number | null = 0; offset !== null && rows.length < MAX_ITEMS;) {
    const reply: Page<T> = await apiFetch<Page<T>>(path, { query: { limit: PAGE, offset }, signal })
    rows.push(...(reply.data ?? []))
    offset = reply.pagination?.next_offset ?? null
  }
  return rows
}

const byName = <T extends { name: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))

/** All topics, archived ones included, by name. */
export const useTopics = () =>
  useQuery({
    queryKey: topicKeys.topics,
    queryFn: async ({ signal }) => byName(await fetchAll<TopicItem>('/api/chat/topics/', signal)),
  })

export const useCategories = () =>
  useQuery({
    queryKey: topicKeys.categories,
    queryFn: async ({ signal }) => byName(await fetchAll<CategoryItem>('/api/chat/categories/', signal)),
  })

/** Topics and categories change together (counts, category names), and the inbox's topic picker follows. */
const useRefresh = () => {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: topicKeys.all }),
      client.invalidateQueries({ queryKey: chatKeys.topics }),
    ])
}

export const useSaveTopic = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: Partial<TopicInput> }) =>
      id === null
        ? apiFetch<TopicItem>('/api/chat/topics/', { method: 'POST', body: input })
        : apiFetch<TopicItem>(`/api/chat/topics/${id}/`, { method: 'PATCH', body: input }),
    onSuccess: refresh,
  })
}

export const useDeleteTopic = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/chat/topics/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

export const useSaveCategory = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: Partial<CategoryInput> }) =>
      id === null
        ? apiFetch<CategoryItem>('/api/chat/categories/', { method: 'POST', body: input })
        : apiFetch<CategoryItem>(`/api/chat/categories/${id}/`, { method: 'PATCH', body: input }),
    onSuccess: refresh,
  })
}

export const useDeleteCategory = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/chat/categories/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

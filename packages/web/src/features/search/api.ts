import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SearchReply, SearchResult, SearchType } from '@proxima/contracts'
import { apiFetch } from '../../api/client'

/** What the window searches, in the order its groups are shown. */
export const SEARCH_GROUPS = [
  { type: 'chats', label: 'Chats' },
  { type: 'messages', label: 'Messages' },
  { type: 'issues', label: 'Issues' },
  { type: 'comments', label: 'Comments' },
  { type: 'communities', label: 'Communities' },
  { type: 'surveys', label: 'Surveys' },
] as const satisfies readonly { type: SearchType; label: string }[]

export const SEARCH_TYPES: SearchType[] = SEARCH_GROUPS.map((group) => group.type)
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_LIMIT = 30

export const searchKeys = {
  all: ['search'] as const,
  query: (query: string) => ['search', { query, types: SEARCH_TYPES, limit: SEARCH_LIMIT }] as const,
}

export const searchContent = (query: string, signal?: AbortSignal) =>
  apiFetch<SearchReply>('/api/search', {
    method: 'POST',
    body: { query, types: SEARCH_TYPES, limit: SEARCH_LIMIT },
    ...(signal ? { signal } : {}),
  })

/** Results for words of at least two characters; the previous results stay on screen while new ones load. */
export const useSearch = (query: string) =>
  useQuery({
    queryKey: searchKeys.query(query),
    queryFn: ({ signal }) => searchContent(query, signal),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** Where a result opens in the dashboard; null when it has no screen. */
export const resultPath = (result: SearchResult): string | null => {
  const { ref } = result
  switch (result.type) {
    case 'chats':
      return `/chats/${ref.chat_id ?? result.id}`
    case 'messages':
      return ref.chat_id ? `/chats/${ref.chat_id}` : null
    case 'issues':
      return `/community/issues/${ref.issue_id ?? result.id}`
    case 'comments':
      return ref.issue_id ? `/community/issues/${ref.issue_id}#comment-${result.id}` : null
    case 'communities':
      return `/community/${ref.community_id ?? result.id}`
    case 'surveys':
      return `/surveys/${ref.survey_id ?? result.id}`
    default:
      return null
  }
}

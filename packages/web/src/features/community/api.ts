import type {
  Comment,
  Community,
  CommunityCreate,
  CommunityEvent as CommunityEventSchema,
  CommunityMember as CommunityMemberSchema,
  CommunityUpdate,
  CursorPagination,
  Issue,
  IssueSort,
  OffsetPagination,
} from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'

type Pagination = z.infer<typeof OffsetPagination>
export type OffsetPage<T> = { data: T[]; pagination: Pagination | null }
export type CursorPage<T> = { data: T[]; pagination: z.infer<typeof CursorPagination> | null }

export type CommunityMember = z.infer<typeof CommunityMemberSchema>
export type CommunityEvent = z.infer<typeof CommunityEventSchema>
export type CommunityInput = z.input<typeof CommunityCreate>
export type CommunityChanges = z.output<typeof CommunityUpdate>
export type IssueSortOrder = z.infer<typeof IssueSort>
export type SolvedFilter = 'open' | 'solved' | 'all'

/** The issue list's filters; `from` and `to` are days (YYYY-MM-DD) in the browser's time zone, or ''. */
export type IssueFilters = {
  communityId: number
  solved: SolvedFilter
  sort: IssueSortOrder
  search: string
  from: string
  to: string
}

export const COMMUNITY_PAGE_SIZE = 50
export const ISSUE_PAGE_SIZE = 25
export const COMMENT_PAGE_SIZE = 50
export const EVENT_PAGE_SIZE = 50
export const COMMENT_MAX_LENGTH = 5000

export const communityKeys = {
  all: ['community'] as const,
  communities: ['community', 'communities'] as const,
  communityList: (search: string) => ['community', 'communities', 'list', { search }] as const,
  community: (id: number) => ['community', 'communities', 'detail', id] as const,
  issues: ['community', 'issues'] as const,
  issueLists: ['community', 'issues', 'list'] as const,
  issueList: (filters: IssueFilters) => ['community', 'issues', 'list', filters] as const,
  issue: (id: number) => ['community', 'issues', 'detail', id] as const,
  comments: (threadId: number) => ['community', 'comments', threadId] as const,
  members: (communityId: number, search: string, offset: number, limit: number) =>
    ['community', 'members', communityId, { search, offset, limit }] as const,
  events: (communityId: number) => ['community', 'events', communityId] as const,
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

const offsetPage = <T>(reply: Partial<OffsetPage<T>>): OffsetPage<T> => ({
  data: reply.data ?? [],
  pagination: reply.pagination ?? null,
})

/** The next offset of an offset-paged list, also when a server leaves the pagination out. */
export const nextOffset = <T>(last: OffsetPage<T>, pages: OffsetPage<T>[], size: number): number | null =>
  last.pagination ? last.pagination.next_offset : last.data.length < size ? null : pages.length * size

/** Staff see all of their organisation's communities, archived ones included (they carry a badge). */
export const fetchCommunities = async (search: string, offset: number, signal?: AbortSignal) =>
  offsetPage(
    await apiFetch<OffsetPage<Community>>('/api/community/community/', {
      query: { include_archived: true, search: search || undefined, limit: COMMUNITY_PAGE_SIZE, offset },
      ...withSignal(signal),
    }),
  )

export const fetchCommunity = (id: number, signal?: AbortSignal) =>
  apiFetch<Community>(`/api/community/community/${id}/`, withSignal(signal))

export const createCommunity = (body: CommunityInput) =>
  apiFetch<Community>('/api/community/community/', { method: 'POST', body })

export const updateCommunity = (id: number, body: CommunityChanges) =>
  apiFetch<Community>(`/api/community/community/${id}/`, { method: 'PATCH', body })

export const fetchMembers = async (
  communityId: number,
  search: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) =>
  offsetPage(
    await apiFetch<OffsetPage<CommunityMember>>(`/api/community/community/${communityId}/members/`, {
      query: { search: search || undefined, offset, limit },
      ...withSignal(signal),
    }),
  )

/** Join and leave history; the server pages with cursors, oldest first within a page. */
export const fetchEvents = async (communityId: number, before: string | undefined, signal?: AbortSignal) => {
  const reply = await apiFetch<Partial<CursorPage<CommunityEvent>>>('/api/community/events/', {
    query: { community_id: communityId, limit: EVENT_PAGE_SIZE, before },
    ...withSignal(signal),
  })
  return { data: reply.data ?? [], pagination: reply.pagination ?? null } satisfies CursorPage<CommunityEvent>
}

/** A day in the browser's time zone as the first or the last instant of that day, in UTC. */
export const dayBoundary = (day: string, edge: 'start' | 'end'): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export const fetchIssues = async (filters: IssueFilters, offset: number, signal?: AbortSignal) =>
  offsetPage(
    await apiFetch<OffsetPage<Issue>>('/api/community/issue/', {
      query: {
        community_id: filters.communityId,
        solved: filters.solved === 'all' ? undefined : filters.solved === 'solved',
        sort: filters.sort,
        search: filters.search || undefined,
        from: dayBoundary(filters.from, 'start'),
        to: dayBoundary(filters.to, 'end'),
        limit: ISSUE_PAGE_SIZE,
        offset,
      },
      ...withSignal(signal),
    }),
  )

export const fetchIssue = (id: number, signal?: AbortSignal) =>
  apiFetch<Issue>(`/api/community/issue/${id}/`, withSignal(signal))

export const setIssueSolved = (id: number, solved: boolean) =>
  apiFetch<Issue>(`/api/community/issue/${id}/`, { method: 'PATCH', body: { solved } })

/** Comments of a thread, oldest first. */
export const fetchComments = async (threadId: number, offset: number, signal?: AbortSignal) =>
  offsetPage(
    await apiFetch<OffsetPage<Comment>>('/api/community/comment/', {
      query: { thread_id: threadId, limit: COMMENT_PAGE_SIZE, offset },
      ...withSignal(signal),
    }),
  )

/** A staff reply: the server records it as the organisation's. */
export const postReply = (threadId: number, text: string) =>
  apiFetch<Comment>('/api/community/comment/', {
    method: 'POST',
    body: { thread_id: threadId, comment_description: text },
  })

export const deleteComment = (id: number) => apiFetch<void>(`/api/community/comment/${id}/`, { method: 'DELETE' })

import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Chat, Issue, OverviewSummary } from '@proxima/contracts'
import { apiFetch } from '../../api/client'
import { useLiveRefresh } from '../../api/live-refresh'
import { useRealtimeFrames } from '../../api/realtime'

export const overviewKeys = {
  all: ['overview'] as const,
  summary: ['overview', 'summary'] as const,
  recentChats: ['overview', 'recent-chats'] as const,
  recentIssues: ['overview', 'recent-issues'] as const,
}

const RECENT = 6

/** The counts: chats waiting, open, mine, unassigned; issues raised today (organisation's time zone), unsolved. */
export const useOverviewSummary = () =>
  useQuery({
    queryKey: overviewKeys.summary,
    queryFn: ({ signal }) => apiFetch<OverviewSummary>('/api/overview/summary/', { signal }),
  })

/** The chats with the latest messages, as the caller may see them. */
export const useRecentChats = () =>
  useQuery({
    queryKey: overviewKeys.recentChats,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data?: Chat[] }>('/api/chat/chat/', {
          query: { sort: '-last_message_at', limit: RECENT },
          signal,
        })
      ).data ?? [],
  })

/** The issues with the latest activity in any of the organisation's communities. */
export const useRecentIssues = () =>
  useQuery({
    queryKey: overviewKeys.recentIssues,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data?: Issue[] }>('/api/community/issue/', {
          query: { sort: '-last_activity_at', limit: RECENT },
          signal,
        })
      ).data ?? [],
  })

const LIVE = new Set([
  'chat.created',
  'chat.updated',
  'message.created',
  'issue.created',
  'issue.updated',
  'issue.deleted',
  'comment.created',
])

/**
 * Keeps the overview live: chat and issue events of the `tenant` channel refetch the counts and the recent
 * activity (once per burst of events), and so does a reconnect, since frames sent meanwhile are lost.
 */
export const useOverviewLive = () => {
  const client = useQueryClient()
  const refresh = useLiveRefresh(() => void client.invalidateQueries({ queryKey: overviewKeys.all }))
  useRealtimeFrames((frame) => {
    if (LIVE.has(frame.type)) refresh()
  })
}

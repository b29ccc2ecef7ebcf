import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query'
import type { Issue } from '@proxima/contracts'
import { useLiveRefresh } from '../../api/live-refresh'
import { useRealtimeFrames } from '../../api/realtime'
import {
  ISSUE_PAGE_SIZE,
  communityKeys,
  fetchIssue,
  fetchIssues,
  nextOffset,
  setIssueSolved,
  type IssueFilters,
  type OffsetPage,
} from './api'

/** A community's issues matching the filters, page by page ("Load more"). */
export const useIssueList = (filters: IssueFilters) =>
  useInfiniteQuery({
    queryKey: communityKeys.issueList(filters),
    queryFn: ({ pageParam, signal }) => fetchIssues(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, ISSUE_PAGE_SIZE),
    placeholderData: keepPreviousData,
  })

export const useIssue = (id: number) =>
  useQuery({ queryKey: communityKeys.issue(id), queryFn: ({ signal }) => fetchIssue(id, signal) })

type IssueListData = InfiniteData<OffsetPage<Issue>, number>

/** Puts a newer copy of an issue wherever the detail and the lists hold it. */
export const usePutIssue = () => {
  const client = useQueryClient()
  return (issue: Issue) => {
    client.setQueryData(communityKeys.issue(issue.issue_id), issue)
    client.setQueriesData<IssueListData>({ queryKey: communityKeys.issueLists }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((item) => (item.issue_id === issue.issue_id ? issue : item)),
            })),
          }
        : data,
    )
  }
}

/** Staff mark an issue solved or open it again; lists and community counts follow. */
export const useSetSolved = (issueId: number) => {
  const client = useQueryClient()
  const put = usePutIssue()
  return useMutation({
    mutationFn: (solved: boolean) => setIssueSolved(issueId, solved),
    onSuccess: (issue) => {
      put(issue)
      return Promise.all([
        client.invalidateQueries({ queryKey: communityKeys.issueLists }),
        client.invalidateQueries({ queryKey: communityKeys.communities }),
      ])
    },
  })
}

const isIssue = (data: unknown): data is Issue =>
  typeof data === 'object' && data !== null && 'issue_id' in data && 'community_id' in data

/**
 * Keeps issue screens live: `issue.created`, `issue.updated` and `issue.deleted` arrive on the staff member's
 * `tenant` channel. The issue's new state goes straight into its detail; lists and community counts are refetched
 * once per burst, so filters and sort order stay the server's. A reconnect refetches everything (REST is the source
 * of truth).
 */
export const useIssueLiveUpdates = () => {
  const client = useQueryClient()
  const put = usePutIssue()
  const refresh = useLiveRefresh(
    () => {
      void client.invalidateQueries({ queryKey: communityKeys.issueLists })
      void client.invalidateQueries({ queryKey: communityKeys.communities })
    },
    () => void client.invalidateQueries({ queryKey: communityKeys.all }),
  )

  useRealtimeFrames((frame) => {
    if (frame.type !== 'issue.created' && frame.type !== 'issue.updated' && frame.type !== 'issue.deleted') return
    if (frame.type === 'issue.updated' && isIssue(frame.data)) put(frame.data)
    refresh()
  })
}

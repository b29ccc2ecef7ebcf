import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Community } from '@proxima/contracts'
import { subscriptionKeys } from '../subscription/api'
import {
  COMMUNITY_PAGE_SIZE,
  communityKeys,
  createCommunity,
  fetchCommunities,
  fetchCommunity,
  fetchEvents,
  fetchMembers,
  nextOffset,
  updateCommunity,
  type CommunityChanges,
} from './api'

/** The organisation's communities, alphabetical, page by page. */
export const useCommunities = (search: string) =>
  useInfiniteQuery({
    queryKey: communityKeys.communityList(search),
    queryFn: ({ pageParam, signal }) => fetchCommunities(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, COMMUNITY_PAGE_SIZE),
    placeholderData: keepPreviousData,
  })

/** One community; nothing is fetched while the id is not known yet. */
export const useCommunity = (id: number | null) =>
  useQuery({
    queryKey: communityKeys.community(id ?? 0),
    queryFn: ({ signal }) => fetchCommunity(id ?? 0, signal),
    enabled: id !== null,
  })

/** Communities count toward the plan's limit, so the subscription's usage is refreshed too. */
const useCommunitySaved = () => {
  const client = useQueryClient()
  return (community: Community) => {
    client.setQueryData(communityKeys.community(community.community_id), community)
    return Promise.all([
      client.invalidateQueries({ queryKey: communityKeys.communities }),
      client.invalidateQueries({ queryKey: subscriptionKeys.all }),
    ])
  }
}

export const useCreateCommunity = () => {
  const saved = useCommunitySaved()
  return useMutation({ mutationFn: createCommunity, onSuccess: saved })
}

export const useUpdateCommunity = () => {
  const saved = useCommunitySaved()
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: CommunityChanges }) => updateCommunity(id, changes),
    onSuccess: saved,
  })
}

export const useCommunityMembers = (communityId: number, search: string, offset: number, limit: number) =>
  useQuery({
    queryKey: communityKeys.members(communityId, search, offset, limit),
    queryFn: ({ signal }) => fetchMembers(communityId, search, offset, limit, signal),
    placeholderData: keepPreviousData,
  })

/** Join and leave history, the latest page first; "Load more" goes further back. */
export const useCommunityEvents = (communityId: number) =>
  useInfiniteQuery({
    queryKey: communityKeys.events(communityId),
    queryFn: ({ pageParam, signal }) => fetchEvents(communityId, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination?.has_older ? last.pagination.before_cursor : null),
  })

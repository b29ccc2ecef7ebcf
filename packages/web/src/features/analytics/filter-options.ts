import { useQuery } from '@tanstack/react-query'
import type { Community, OffsetPagination, Survey } from '@proxima/contracts'
import type { z } from 'zod'
import { allPages } from '../../api/all-pages'
import { apiFetch } from '../../api/client'
import { fetchMembers, memberName, type Member } from '../staff/api'
import type { TopicItem } from '../topics/api'

/** A choice of the topic or assignee filter. */
export type FilterOption = { id: number; label: string }

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' })

/** A choice of the community or survey a page is about. */
export type ScopeOption = { id: number; name: string }

type Page<T> = { data?: T[]; pagination?: z.infer<typeof OffsetPagination> }

/** Every row of an offset-paged list, 100 at a time. */
const everyRow = <T>(path: string, query: Record<string, string | boolean>, signal: AbortSignal) =>
  allPages<T>(async (offset) => {
    const page = await apiFetch<Page<T>>(path, { query: { ...query, limit: 100, offset }, signal })
    return { data: page.data ?? [], next: page.pagination?.next_offset ?? null }
  })

/** Every topic (the list answers at most 100 at a time). */
const fetchAllTopics = (signal: AbortSignal) => everyRow<TopicItem>('/api/chat/topics/', {}, signal)

/** Every staff member: disabled ones stay on the list, so it can outgrow the plan's seats over the years. */
const fetchAllStaff = (signal: AbortSignal) =>
  allPages<Member>(async (offset) => {
    const page = await fetchMembers({ search: '', user_type: '', offset, limit: 100 }, signal)
    return { data: page.data, next: page.pagination?.next_offset ?? null }
  })

/**
 * The organisation's chat topics, archived ones too (their chats are still counted), by name; loaded only for pages
 * with a topic filter.
 */
export function useTopicOptions(enabled: boolean) {
  const topics = useQuery({
    queryKey: ['analytics', 'topics'],
    queryFn: ({ signal }) => fetchAllTopics(signal),
    staleTime: 5 * 60_000,
    enabled,
  })
  return {
    options: topics.data
      ?.map((t) => ({ id: t.topic_id, label: t.is_active ? t.name : `${t.name} (archived)` }))
      .sort(byLabel),
    loading: enabled && topics.isPending,
  }
}

/** The staff (admins and employees, disabled ones too: they answered chats), by name; for pages that use it. */
export function useStaffOptions(enabled: boolean) {
  const staff = useQuery({
    queryKey: ['analytics', 'staff'],
    queryFn: ({ signal }) => fetchAllStaff(signal),
    staleTime: 5 * 60_000,
    enabled,
  })
  return {
    options: staff.data
      ?.map((m) => ({ id: m.id, label: m.is_active ? memberName(m) : `${memberName(m)} (disabled)` }))
      .sort(byLabel),
    loading: enabled && staff.isPending,
  }
}

/**
 * Every community, archived ones too (their history still counts), for the pages about one community or all; every
 * one, not the first page's, since an organisation on an unlimited plan may run many.
 */
export function useCommunityOptions() {
  const communities = useQuery({
    queryKey: ['analytics', 'communities'],
    queryFn: ({ signal }) => everyRow<Community>('/api/community/community/', { include_archived: true }, signal),
    staleTime: 60_000,
  })
  return {
    options: communities.data?.map((c): ScopeOption => ({ id: c.community_id, name: c.community_name })),
    loading: communities.isPending,
  }
}

/** Every survey, newest first as the list gives them: an organisation's surveys accumulate over the years. */
export function useSurveyOptions() {
  const surveys = useQuery({
    queryKey: ['analytics', 'surveys'],
    queryFn: ({ signal }) => everyRow<Survey>('/api/survey/survey/', {}, signal),
    staleTime: 60_000,
  })
  return {
    options: surveys.data?.map((s): ScopeOption => ({ id: s.survey_id, name: s.survey_topic })),
    loading: surveys.isPending,
  }
}

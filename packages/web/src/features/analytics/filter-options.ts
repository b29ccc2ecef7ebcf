import { useQuery } from '@tanstack/react-query'
import type { OffsetPagination } from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'
import { fetchMembers, memberName, type MemberFilters } from '../staff/api'
import type { TopicItem } from '../topics/api'

/** A choice of the topic or assignee filter. */
export type FilterOption = { id: number; label: string }

const ALL_STAFF: MemberFilters = { search: '', user_type: '', offset: 0, limit: 100 }
const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' })

type TopicPage = { data?: TopicItem[]; pagination?: z.infer<typeof OffsetPagination> }

/** Every topic, page by page (the list answers at most 100 at a time), up to 1,000. */
async function fetchAllTopics(signal: AbortSignal): Promise<TopicItem[]> {
  const rows: TopicItem[] = []
  for (let offset: number | null = 0; offset !== null && rows.length < 1000;) {
    const page: TopicPage = await apiFetch<TopicPage>('/api/chat/topics/', { query: { limit: 100, offset }, signal })
    rows.push(...(page.data ?? []))
    offset = page.pagination?.next_offset ?? null
  }
  return rows
}

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
    queryFn: ({ signal }) => fetchMembers(ALL_STAFF, signal),
    staleTime: 5 * 60_000,
    enabled,
  })
  return {
    options: staff.data?.data
      .map((m) => ({ id: m.id, label: m.is_active ? memberName(m) : `${memberName(m)} (disabled)` }))
      .sort(byLabel),
    loading: enabled && staff.isPending,
  }
}

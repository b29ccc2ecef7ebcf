import type { CursorPagination, Notification, NotificationType } from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'

export type NotificationPage = { data: Notification[]; pagination: z.infer<typeof CursorPagination> | null }
export type NotificationFilters = { unread: boolean; type: NotificationType | null }

/** Rows per page on the Notifications page, and in the bell's dropdown. */
export const NOTIFICATION_PAGE_SIZE = 20
export const LATEST_SIZE = 10

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  latest: ['notifications', 'latest'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filters: NotificationFilters) => ['notifications', 'list', filters] as const,
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

/** Newest first; `before` (a cursor from the previous page) pages back to older ones. */
export const fetchNotifications = async (
  filters: NotificationFilters,
  before: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<NotificationPage> => {
  const reply = await apiFetch<Partial<NotificationPage>>('/api/notifications/', {
    query: {
      unread: filters.unread ? true : undefined,
      type: filters.type ?? undefined,
      before: before ?? undefined,
      limit,
    },
    ...withSignal(signal),
  })
  return { data: reply.data ?? [], pagination: reply.pagination ?? null }
}

/** The cursor of the next, older page, or undefined on the last one. */
export const olderCursor = (page: NotificationPage): string | undefined =>
  page.pagination?.has_older && page.pagination.before_cursor ? page.pagination.before_cursor : undefined

export const fetchUnreadCount = async (signal?: AbortSignal): Promise<number> =>
  (await apiFetch<{ count: number }>('/api/notifications/unread-count/', withSignal(signal))).count

export const markNotificationRead = (id: number) =>
  apiFetch<Notification>(`/api/notifications/${id}/read/`, { method: 'POST' })

export const markAllNotificationsRead = () =>
  apiFetch<{ updated: number }>('/api/notifications/read-all/', { method: 'POST' })

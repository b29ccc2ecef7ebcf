import type { InfiniteData } from '@tanstack/react-query'
import type { Notification } from '@proxima/contracts'
import type { NotificationPage } from './api'

export type NotificationPages = InfiniteData<NotificationPage, string | null>
type Patch = (notification: Notification) => Notification

/** Marks the unread notifications that `match` picks as read at `at` (the optimistic view of a read call). */
export const markedRead =
  (match: (notification: Notification) => boolean, at: string): Patch =>
  (notification) =>
    !notification.read && match(notification) ? { ...notification, read: true, read_at: at } : notification

export const patchPage = (page: NotificationPage, patch: Patch): NotificationPage => ({
  ...page,
  data: page.data.map(patch),
})

export const patchInfinite = (data: NotificationPages, patch: Patch): NotificationPages => ({
  ...data,
  pages: data.pages.map((page) => patchPage(page, patch)),
})

/** Whether a cached page (or loaded pages) already holds this notification. */
export const holdsNotification = (data: NotificationPage | NotificationPages | undefined, id: number): boolean => {
  if (!data) return false
  const pages = 'pages' in data ? data.pages : [data]
  return pages.some((page) => page.data.some((n) => n.notification_id === id))
}

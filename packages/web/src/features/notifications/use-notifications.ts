import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Notification } from '@proxima/contracts'
import { useEffect } from 'react'
import { useLiveRefresh } from '../../api/live-refresh'
import { useRealtimeFrames } from '../../api/realtime'
import { useStaffUser } from '../../app/hooks'
import {
  LATEST_SIZE,
  NOTIFICATION_PAGE_SIZE,
  fetchNotifications,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  olderCursor,
  type NotificationFilters,
  type NotificationPage,
} from './api'
import { holdsNotification, markedRead, patchInfinite, patchPage, type NotificationPages } from './cache'
import { announceRead, onReadElsewhere } from './tab-sync'

/** The bell's count. */
export const useUnreadCount = () =>
  useQuery({ queryKey: notificationKeys.unreadCount, queryFn: ({ signal }) => fetchUnreadCount(signal) })

/** The bell's dropdown: the latest notifications, read or not; loaded when it first opens. */
export const useLatestNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => fetchNotifications({ unread: false, type: null }, null, LATEST_SIZE, signal),
    enabled,
  })

/** The Notifications page: newest first, older pages on "Load more". */
export const useNotificationList = (filters: NotificationFilters) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchNotifications(filters, pageParam, NOTIFICATION_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: olderCursor,
    placeholderData: keepPreviousData,
  })

/** Shows notifications as read wherever they are cached, before the server has answered. */
const useShowRead = () => {
  const client = useQueryClient()
  return async (match: (notification: Notification) => boolean, count: (current: number) => number) => {
    await client.cancelQueries({ queryKey: notificationKeys.all })
    const patch = markedRead(match, new Date().toISOString())
    client.setQueryData<NotificationPage>(notificationKeys.latest, (data) => data && patchPage(data, patch))
    client.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }, (data) =>
      data ? patchInfinite(data, patch) : data,
    )
    client.setQueryData<number>(notificationKeys.unreadCount, (current) =>
      current === undefined ? current : Math.max(0, count(current)),
    )
  }
}

/** Marks one notification read (opening it does too); the other tabs follow. */
export const useMarkRead = () => {
  const client = useQueryClient()
  const user = useStaffUser()
  const showRead = useShowRead()
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.notification_id),
    onMutate: (notification) =>
      showRead(
        (n) => n.notification_id === notification.notification_id,
        (count) => count - 1,
      ),
    onSuccess: () => announceRead(user.id),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

/** Marks every own notification read; the other tabs follow. */
export const useMarkAllRead = () => {
  const client = useQueryClient()
  const user = useStaffUser()
  const showRead = useShowRead()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () =>
      showRead(
        () => true,
        () => 0,
      ),
    onSuccess: () => announceRead(user.id),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

/**
 * Keeps the bell and the Notifications page live: a `notification.created` frame on the `user` channel counts at
 * once and refetches the lists (once per burst); a reconnect, or a read in another tab, refetches everything
 * (REST is the source of truth).
 */
export const useNotificationLiveUpdates = () => {
  const client = useQueryClient()
  const user = useStaffUser()
  const refresh = useLiveRefresh(() => void client.invalidateQueries({ queryKey: notificationKeys.all }))

  useRealtimeFrames((frame) => {
    if (frame.type !== 'notification.created') return
    const id = frame.data.notification_id
    // A coalesced notification (survey responses) comes again while unread: it is not a new one to count.
    const known =
      holdsNotification(client.getQueryData<NotificationPage>(notificationKeys.latest), id) ||
      client
        .getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists })
        .some(([, data]) => holdsNotification(data, id))
    if (!frame.data.read && !known) {
      client.setQueryData<number>(notificationKeys.unreadCount, (count) => (count === undefined ? count : count + 1))
    }
    refresh()
  })

  useEffect(
    () => onReadElsewhere(user.id, () => void client.invalidateQueries({ queryKey: notificationKeys.all })),
    [client, user.id],
  )
}

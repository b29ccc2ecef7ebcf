import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined'
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined'
import type { Notification } from '@proxima/contracts'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'
import { EmptyState, ErrorState, FormError } from '../../../ui/states'
import { useNow } from '../../chats/use-now'
import type { NotificationFilters } from '../api'
import { useMarkRead, useNotificationList } from '../use-notifications'
import { NotificationItem } from './NotificationItem'

const ListSkeleton = () => (
  <Box role="status" aria-label="Loading notifications" sx={{ p: 2 }}>
    {[0, 1, 2, 3].map((i) => (
      <Box key={i} sx={{ mb: 2 }}>
        <Skeleton width="40%" height={24} />
        <Skeleton width="70%" />
      </Box>
    ))}
  </Box>
)

type Props = { filters: NotificationFilters; onShowAll: () => void; onShowAllTypes: () => void }

const Empty = ({ filters, onShowAll, onShowAllTypes }: Props) => {
  if (filters.type) {
    return (
      <EmptyState
        icon={<NotificationsNoneOutlined />}
        title={filters.unread ? 'No unread notifications of this type' : 'No notifications of this type'}
        description="Notifications of other types may be waiting."
        action={
          <Button variant="outlined" onClick={onShowAllTypes}>
            Show all types
          </Button>
        }
      />
    )
  }
  if (filters.unread) {
    return (
      <EmptyState
        icon={<DoneAllOutlined />}
        title="You're all caught up"
        description="Nothing unread. New notifications appear here as they arrive."
        action={
          <Button variant="outlined" onClick={onShowAll}>
            Show all notifications
          </Button>
        }
      />
    )
  }
  return (
    <EmptyState
      icon={<NotificationsNoneOutlined />}
      title="No notifications yet"
      description="You are told here about new chats, escalations, chats assigned to you and new community issues."
    />
  )
}

/** The Notifications page's list under the chosen filters, newest first, with "Load more". */
export const NotificationList = (props: Props) => {
  const list = useNotificationList(props.filters)
  const markRead = useMarkRead()
  const now = useNow()

  if (list.isPending) return <ListSkeleton />
  if (list.isError && !list.data) {
    return (
      <ErrorState
        error={list.error}
        title="Notifications could not be loaded"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  }
  const items = list.data.pages.flatMap((page) => page.data)
  if (items.length === 0) return <Empty {...props} />

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification)
  }
  const marking = (notification: Notification) =>
    markRead.isPending && markRead.variables?.notification_id === notification.notification_id

  return (
    <>
      <FormError error={markRead.error} />
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {list.isFetching && list.isPlaceholderData ? <LinearProgress aria-label="Updating notifications" /> : null}
        </Box>
        <List aria-label="Notifications" disablePadding sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((notification) => (
            <NotificationItem
              key={notification.notification_id}
              notification={notification}
              now={now}
              onOpen={open}
              onMarkRead={(n) => markRead.mutate(n)}
              marking={marking(notification)}
            />
          ))}
        </List>
        <LoadMoreButton pages={list} />
        {list.isError ? (
          <Box sx={{ px: 2 }}>
            <ErrorState
              error={list.error}
              title="Notifications could not be refreshed"
              onRetry={() => void list.refetch()}
            />
          </Box>
        ) : null}
      </Paper>
    </>
  )
}

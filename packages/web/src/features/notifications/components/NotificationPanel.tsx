import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import List from '@mui/material/List'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined'
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined'
import type { Notification } from '@proxima/contracts'
import { Link as RouterLink } from 'react-router'
import { errorMessage } from '../../../api/errors'
import { ErrorState } from '../../../ui/states'
import { useNow } from '../../chats/use-now'
import { useLatestNotifications, useMarkAllRead, useMarkRead } from '../use-notifications'
import { NotificationItem } from './NotificationItem'

type Props = { headingId: string; unread: number; onClose: () => void }

const Loading = () => (
  <Box role="status" aria-label="Loading notifications" sx={{ px: 2, py: 1.5 }}>
    {[0, 1, 2].map((i) => (
      <Box key={i} sx={{ mb: 1.5 }}>
        <Skeleton width="45%" height={22} />
        <Skeleton width="85%" />
      </Box>
    ))}
  </Box>
)

/** The bell's dropdown: the latest notifications, "Mark all as read" and the way to the Notifications page. */
export const NotificationPanel = ({ headingId, unread, onClose }: Props) => {
  const latest = useLatestNotifications(true)
  const markRead = useMarkRead()
  const markAll = useMarkAllRead()
  const now = useNow()

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification)
    onClose()
  }

  const items = latest.data?.data ?? []
  let body
  if (latest.isPending) body = <Loading />
  else if (latest.isError && !latest.data) {
    body = (
      <Box sx={{ px: 2 }}>
        <ErrorState
          error={latest.error}
          title="Notifications could not be loaded"
          onRetry={() => void latest.refetch()}
          retrying={latest.isFetching}
        />
      </Box>
    )
  } else if (items.length === 0) {
    body = (
      <Box sx={{ px: 3, py: 4, textAlign: 'center' }}>
        <NotificationsNoneOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 500 }}>No notifications yet</Typography>
        <Typography variant="body2" color="text.secondary">
          New chats, escalations and community issues show up here.
        </Typography>
      </Box>
    )
  } else {
    body = (
      <List aria-label="Latest notifications" disablePadding sx={{ overflowY: 'auto', maxHeight: 'min(60vh, 520px)' }}>
        {items.map((notification) => (
          <NotificationItem
            key={notification.notification_id}
            notification={notification}
            now={now}
            onOpen={open}
            dense
          />
        ))}
      </List>
    )
  }

  const failed = markAll.error ?? markRead.error
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, pl: 2, pr: 1, py: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Notifications
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAllOutlined />}
          onClick={() => markAll.mutate()}
          disabled={unread === 0 || markAll.isPending}
        >
          Mark all as read
        </Button>
      </Box>
      {failed ? (
        <Alert severity="error" sx={{ mx: 1, mb: 1 }}>
          {errorMessage(failed)}
        </Alert>
      ) : null}
      <Divider />
      {body}
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/notifications" onClick={onClose} fullWidth>
          See all notifications
        </Button>
      </Box>
    </>
  )
}

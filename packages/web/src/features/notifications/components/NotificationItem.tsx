import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import DoneOutlined from '@mui/icons-material/DoneOutlined'
import type { Notification } from '@proxima/contracts'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { fullDateTime, relativeTime } from '../../community/format'
import { notificationTarget } from '../notification-links'
import { isUrgent, typeIcon } from './type-icons'

type Props = {
  notification: Notification
  now: Date
  /** Called when the notification is opened (clicked or, without a target, activated). */
  onOpen: (notification: Notification) => void
  /** Shows a "Mark as read" button on unread notifications. */
  onMarkRead?: (notification: Notification) => void
  marking?: boolean
  dense?: boolean
}

const Content = ({ notification, now, dense }: Pick<Props, 'notification' | 'now' | 'dense'>) => {
  const unread = !notification.read
  const urgent = isUrgent(notification.type)
  return (
    <>
      <Box
        aria-hidden="true"
        sx={{
          width: 8,
          height: 8,
          mt: 2,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <Box
        aria-hidden="true"
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          color: urgent ? 'secondary.main' : 'primary.dark',
          bgcolor: urgent ? 'rgba(198, 40, 40, 0.08)' : 'rgba(0, 121, 107, 0.08)',
        }}
      >
        {typeIcon(notification.type)}
      </Box>
      <Box component="span" sx={{ minWidth: 0, flexGrow: 1, display: 'block' }}>
        <Typography
          component="span"
          sx={{ display: 'block', fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}
        >
          {unread ? (
            <Box component="span" sx={visuallyHidden}>
              Unread:{' '}
            </Box>
          ) : null}
          {notification.title}
        </Typography>
        {notification.body ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: dense ? 2 : 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {notification.body}
          </Typography>
        ) : null}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.25 }}>
          <time dateTime={notification.created_at} title={fullDateTime(notification.created_at)}>
            {relativeTime(notification.created_at, now)}
          </time>
        </Typography>
      </Box>
    </>
  )
}

const rowSx = (dense: boolean | undefined) => ({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 1.5,
  py: dense ? 1 : 1.5,
  pl: 1,
  pr: 2,
})

/**
 * One notification: opening it goes to what it is about (and marks it read); unread ones are bold, with a dot and
 * "Unread:" for screen readers.
 */
export const NotificationItem = ({ notification, now, onOpen, onMarkRead, marking = false, dense }: Props) => {
  const target = notificationTarget(notification)
  const content = <Content notification={notification} now={now} dense={dense} />
  const action: ReactNode =
    onMarkRead && !notification.read ? (
      <Tooltip title="Mark as read">
        <IconButton
          edge="end"
          aria-label={`Mark as read: ${notification.title}`}
          onClick={() => onMarkRead(notification)}
          disabled={marking}
        >
          <DoneOutlined />
        </IconButton>
      </Tooltip>
    ) : undefined
  const withAction = action ? { pr: 7 } : {}

  let row: ReactNode
  if (target) {
    row = (
      <ListItemButton
        component={RouterLink}
        to={target}
        onClick={() => onOpen(notification)}
        sx={{ ...rowSx(dense), ...withAction }}
      >
        {content}
      </ListItemButton>
    )
  } else if (!notification.read) {
    row = (
      <ListItemButton onClick={() => onOpen(notification)} sx={{ ...rowSx(dense), ...withAction }}>
        {content}
      </ListItemButton>
    )
  } else {
    row = <Box sx={{ ...rowSx(dense), ...withAction }}>{content}</Box>
  }

  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={action}
      sx={{ bgcolor: notification.read ? undefined : 'rgba(0, 121, 107, 0.04)' }}
    >
      {row}
    </ListItem>
  )
}

import Badge from '@mui/material/Badge'
import IconButton from '@mui/material/IconButton'
import Popover from '@mui/material/Popover'
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined'
import { useId, useState } from 'react'
import { bellLabel } from '../notification-links'
import { unreadBadge } from '../tab-title'
import { useNotificationLiveUpdates, useUnreadCount } from '../use-notifications'
import { useUnreadInTabTitle } from '../use-tab-title'
import { NotificationPanel } from './NotificationPanel'

/**
 * The top bar's bell: the unread count (live, also in the tab title) and a dropdown with the latest notifications.
 * Needs the shell's realtime connection above it.
 */
export const NotificationBell = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const panelId = useId()
  const headingId = useId()
  const count = useUnreadCount()
  useNotificationLiveUpdates()
  const unread = count.data ?? 0
  useUnreadInTabTitle(unread)
  const open = Boolean(anchor)

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={bellLabel(count.data)}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge
          badgeContent={unread > 0 ? unreadBadge(unread) : null}
          color="secondary"
          overlap="circular"
          sx={{ '& .MuiBadge-badge': { border: 2, borderColor: 'primary.main', fontWeight: 600 } }}
        >
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        marginThreshold={8}
        slotProps={{
          paper: {
            id: panelId,
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 400, maxWidth: 'calc(100vw - 16px)', mt: 0.5, display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <NotificationPanel headingId={headingId} unread={unread} onClose={() => setAnchor(null)} />
      </Popover>
    </>
  )
}

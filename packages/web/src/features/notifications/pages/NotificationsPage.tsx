import Button from '@mui/material/Button'
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '../../../ui/PageHeader'
import { FormError } from '../../../ui/states'
import type { NotificationFilters } from '../api'
import { NotificationFilterBar } from '../components/NotificationFilterBar'
import { NotificationList } from '../components/NotificationList'
import { isNotificationType } from '../notification-links'
import { useMarkAllRead, useUnreadCount } from '../use-notifications'

/** Every own notification, filtered in the address (`?show=unread&type=chat.escalated`) so a view can be shared. */
export const NotificationsPage = () => {
  const [params, setParams] = useSearchParams()
  const unread = params.get('show') === 'unread'
  const type = params.get('type')
  const filters = useMemo<NotificationFilters>(
    () => ({ unread, type: isNotificationType(type) ? type : null }),
    [unread, type],
  )
  const count = useUnreadCount()
  const markAll = useMarkAllRead()

  const update = (next: Partial<NotificationFilters>) => {
    const merged = { ...filters, ...next }
    const search = new URLSearchParams()
    if (merged.unread) search.set('show', 'unread')
    if (merged.type) search.set('type', merged.type)
    setParams(search, { replace: true })
  }

  const unreadCount = count.data ?? 0
  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          unreadCount > 0
            ? `${unreadCount.toLocaleString()} unread. Open one to go to what it is about.`
            : 'New chats, escalations, assignments and community issues, newest first.'
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllOutlined />}
            onClick={() => markAll.mutate()}
            disabled={unreadCount === 0 || markAll.isPending}
          >
            Mark all as read
          </Button>
        }
      />
      <NotificationFilterBar value={filters} onChange={update} />
      <FormError error={markAll.error} />
      <NotificationList
        filters={filters}
        onShowAll={() => update({ unread: false })}
        onShowAllTypes={() => update({ type: null })}
      />
    </>
  )
}

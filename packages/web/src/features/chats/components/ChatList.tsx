import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import { Link as RouterLink } from 'react-router'
import { useIsAdmin } from '../../../app/hooks'
import { EmptyState, ErrorState } from '../../../ui/states'
import type { ChatFilters } from '../api'
import { useChatList } from '../use-chat-list'
import { useNow } from '../use-now'
import { ChatListItem } from './ChatListItem'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'

type Props = {
  filters: ChatFilters
  /** Whether the assignee, channel, escalation or search narrow the list (the status tab aside). */
  filtered: boolean
  selectedId: number | null
  onClearFilters: () => void
  /** Switches to the All tab. */
  onShowAll: () => void
}

const STATUS_WORD = { open: 'open ', pending: 'pending ', resolved: 'resolved ', all: '' } as const

const NO_CHATS_IN = {
  open: 'New conversations appear here as soon as customers write.',
  pending: 'Chats waiting for the customer to answer appear here.',
  resolved: 'Chats appear here once they are resolved.',
} as const

type EmptyProps = Omit<Props, 'selectedId'>

/** An empty inbox says what is missing under the status and filters, and the way on. */
const EmptyChats = ({ filters, filtered, onClearFilters, onShowAll }: EmptyProps) => {
  const isAdmin = useIsAdmin()
  const word = STATUS_WORD[filters.status]
  if (filtered)
    return (
      <EmptyState
        icon={<ChatOutlined />}
        title={`No ${word}chats match these filters`}
        description="Try another assignee, channel or search."
        action={
          <Button variant="outlined" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    )
  if (filters.status !== 'all')
    return (
      <EmptyState
        icon={<ChatOutlined />}
        title={`No ${word}chats`}
        description={NO_CHATS_IN[filters.status]}
        action={
          <Button variant="outlined" onClick={onShowAll}>
            Show all chats
          </Button>
        }
      />
    )
  return (
    <EmptyState
      icon={<ChatOutlined />}
      title="No chats yet"
      description={
        isAdmin
          ? 'Conversations appear here as soon as customers write. Add the chat widget to your website so they can.'
          : 'Conversations with your customers appear here as soon as they write.'
      }
      action={
        isAdmin ? (
          <Button variant="contained" component={RouterLink} to="/settings/widget">
            Set up the chat widget
          </Button>
        ) : undefined
      }
    />
  )
}

const ListSkeleton = () => (
  <Box role="status" aria-label="Loading chats" sx={{ p: 1.5 }}>
    {[0, 1, 2, 3, 4].map((i) => (
      <Box key={i} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
        <Skeleton variant="circular" width={36} height={36} />
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="90%" />
        </Box>
      </Box>
    ))}
  </Box>
)

/** The chats matching the filters, newest activity first, with "Load more". */
export const ChatList = ({ selectedId, ...empty }: Props) => {
  const { filters } = empty
  const list = useChatList(filters)
  const now = useNow()

  if (list.isPending) return <ListSkeleton />
  if (list.isError && !list.data) {
    return (
      <Box sx={{ p: 1.5 }}>
        <ErrorState
          error={list.error}
          title="Chats could not be loaded"
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </Box>
    )
  }

  const chats = list.data.pages.flatMap((page) => page.data)
  const total = list.data.pages[0]?.pagination?.total ?? chats.length
  if (chats.length === 0) {
    return (
      <Box sx={{ p: 1.5 }}>
        <EmptyChats {...empty} />
      </Box>
    )
  }

  return (
    <Box
      component="nav"
      aria-label="Chats"
      sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block' }} aria-live="polite">
        {total === 1 ? '1 chat' : `${total} chats`}
      </Typography>
      <List disablePadding>
        {chats.map((chat) => (
          <ChatListItem key={chat.chat_id} chat={chat} selected={chat.chat_id === selectedId} now={now} />
        ))}
      </List>
      <LoadMoreButton pages={list} />
      {list.isError ? (
        <Box sx={{ px: 1.5 }}>
          <ErrorState error={list.error} title="Chats could not be refreshed" onRetry={() => void list.refetch()} />
        </Box>
      ) : null}
    </Box>
  )
}

import Box from '@mui/material/Box'
import List from '@mui/material/List'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import { EmptyState, ErrorState } from '../../../ui/states'
import type { ChatFilters } from '../api'
import { useChatList } from '../use-chat-list'
import { useNow } from '../use-now'
import { ChatListItem } from './ChatListItem'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'

type Props = { filters: ChatFilters; filtered: boolean; selectedId: number | null }

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
export const ChatList = ({ filters, filtered, selectedId }: Props) => {
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
        <EmptyState
          icon={<ChatOutlined />}
          title={filtered ? 'No chats match these filters' : 'No chats yet'}
          description={
            filtered
              ? 'Try another status, assignee or search.'
              : 'Conversations with your customers appear here as soon as they write.'
          }
        />
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

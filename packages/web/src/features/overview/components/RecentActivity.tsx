import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import type { Chat, Issue } from '@proxima/contracts'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { useIsAdmin } from '../../../app/hooks'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { customerName, shortTime, STATUS_LABEL } from '../../chats/format'
import { useRecentChats, useRecentIssues } from '../api'

type Item = { key: string; to: string; at: string; icon: ReactNode; title: string; detail: string; kind: string }

const LIMIT = 8

const chatItem = (chat: Chat): Item => ({
  key: `chat-${chat.chat_id}`,
  to: `/chats/${chat.chat_id}`,
  at: chat.last_message_at ?? chat.created_at,
  icon: <ChatOutlined />,
  kind: 'Chat',
  title: customerName(chat),
  detail: [STATUS_LABEL[chat.status], chat.topic?.name, chat.last_message?.preview].filter(Boolean).join(' · '),
})

const issueItem = (issue: Issue): Item => ({
  key: `issue-${issue.issue_id}`,
  to: `/community/issues/${issue.issue_id}`,
  at: issue.last_activity_at,
  icon: <ForumOutlined />,
  kind: 'Issue',
  title: issue.issue,
  detail: [issue.solved ? 'Solved' : 'Unsolved', issue.community_id.community_name].join(' · '),
})

/** The latest chats and community issues together, newest first, each a link to where it is handled. */
export const RecentActivity = () => {
  const chats = useRecentChats()
  const issues = useRecentIssues()
  const isAdmin = useIsAdmin()
  const now = new Date()
  if (chats.isPending || issues.isPending) return <SkeletonBlock height={240} label="Loading recent activity…" />
  const failed = chats.isError ? chats : issues.isError ? issues : null
  if (failed)
    return (
      <ErrorState
        title="Recent activity could not be loaded"
        error={failed.error}
        onRetry={() => {
          void chats.refetch()
          void issues.refetch()
        }}
        retrying={chats.isFetching || issues.isFetching}
      />
    )
  const items = [...(chats.data ?? []).map(chatItem), ...(issues.data ?? []).map(issueItem)]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, LIMIT)
  if (items.length === 0)
    return (
      <Card sx={{ p: 3 }}>
        <Typography color="text.secondary">
          No activity yet. New chats and community issues show up here as they happen.
        </Typography>
        {isAdmin ? (
          <Button component={RouterLink} to="/settings/widget" variant="outlined" sx={{ mt: 2 }}>
            Set up the chat widget
          </Button>
        ) : null}
      </Card>
    )
  return (
    <Card>
      <List disablePadding aria-label="Recent activity">
        {items.map((item, index) => (
          <ListItem key={item.key} disablePadding divider={index < items.length - 1}>
            <ListItemButton component={RouterLink} to={item.to} sx={{ alignItems: 'flex-start', gap: 1 }}>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar sx={{ bgcolor: 'action.selected', color: 'text.primary' }} aria-hidden="true">
                  {item.icon}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                sx={{ minWidth: 0 }}
                primary={
                  <>
                    <Typography component="span" sx={visuallyHidden}>{`${item.kind}: `}</Typography>
                    {item.title}
                  </>
                }
                secondary={item.detail}
                slotProps={{
                  primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } },
                  secondary: { sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } },
                }}
              />
              <Typography
                variant="body2"
                color="text.secondary"
                component="time"
                dateTime={item.at}
                sx={{ flexShrink: 0, pt: 0.5 }}
              >
                {shortTime(item.at, now)}
              </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  )
}

import Avatar from '@mui/material/Avatar'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import PriorityHigh from '@mui/icons-material/PriorityHigh'
import type { Chat } from '@proxima/contracts'
import { Link } from 'react-router'
import { CHANNEL_LABEL, customerName, fullTime, initials, personName, shortTime } from '../format'

type Props = { chat: Chat; selected: boolean; now: Date }

const senderPrefix = (chat: Chat) => {
  const sender = chat.last_message?.message_sender
  if (sender === 'tenant') return 'Team: '
  if (sender === 'tenant_iva') return 'Assistant: '
  return ''
}

/** One conversation in the inbox list. */
export const ChatListItem = ({ chat, selected, now }: Props) => {
  const name = customerName(chat)
  const assignee = personName(chat.assignee)
  const time = chat.last_message_at ?? chat.created_at
  const unread = chat.unread_count
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={Link}
        to={`/chats/${chat.chat_id}`}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25 }}
      >
        <Badge color="primary" badgeContent={unread} max={99} overlap="circular" invisible={unread === 0}>
          <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'secondary.main' }} aria-hidden="true">
            {initials(name)}
          </Avatar>
        </Badge>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography
              component="span"
              noWrap
              sx={{ fontWeight: unread > 0 ? 700 : 500, flexGrow: 1, minWidth: 0 }}
              title={name}
            >
              {name}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" title={fullTime(time)} noWrap>
              {shortTime(time, now)}
            </Typography>
          </Box>
          <Typography
            variant="body2"
            color={unread > 0 ? 'text.primary' : 'text.secondary'}
            noWrap
            sx={{ fontWeight: unread > 0 ? 600 : 400 }}
          >
            {chat.last_message ? `${senderPrefix(chat)}${chat.last_message.preview}` : 'No messages yet'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography variant="caption" color="text.secondary" noWrap sx={{ flexGrow: 1 }}>
              {CHANNEL_LABEL[chat.channel]}
              {unread > 0 ? ` · ${unread} unread` : ''}
            </Typography>
            {chat.escalated ? (
              <Tooltip title={chat.escalation_reason ? `Escalated: ${chat.escalation_reason}` : 'Escalated'}>
                <Box
                  component="span"
                  role="img"
                  aria-label="Escalated"
                  sx={{ display: 'inline-flex', color: 'error.main', '& svg': { fontSize: 16 } }}
                >
                  <PriorityHigh />
                </Box>
              </Tooltip>
            ) : null}
            {chat.assignee ? (
              <Tooltip title={`Assigned to ${assignee}`}>
                <Avatar
                  sx={{ width: 20, height: 20, fontSize: 10, bgcolor: 'primary.main' }}
                  aria-label={`Assigned to ${assignee}`}
                  role="img"
                >
                  {initials(assignee)}
                </Avatar>
              </Tooltip>
            ) : (
              <Typography variant="caption" color="text.secondary">
                Unassigned
              </Typography>
            )}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  )
}

import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Chat } from '@proxima/contracts'
import type { ReactNode } from 'react'
import { CHANNEL_LABEL, customerName, fullTime, initials } from '../format'
import { useOwnerChatCount } from '../use-chat'

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box component="div" sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1, py: 0.5 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
)

const field = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)

/** Who the customer is: name, how to reach them, where the chat came from, and their earlier chats. */
export const CustomerPanel = ({ chat }: { chat: Chat }) => {
  const owner = chat.chat_owner as (Chat['chat_owner'] & Record<string, unknown>) | null
  const name = customerName(chat)
  const email = field(owner?.email)
  const phone = field(owner?.phonenumber)
  const place = [field(owner?.city), field(owner?.state), field(owner?.country)].filter(Boolean).join(', ')
  const contact = chat.visitor?.contact ?? null
  const chats = useOwnerChatCount(owner ? owner.id : null)
  const earlier = chats.data !== undefined ? Math.max(0, chats.data - 1) : null

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Avatar sx={{ bgcolor: 'secondary.main' }} aria-hidden="true">
          {initials(name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} noWrap title={name}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {owner ? `Customer account${owner.username ? ` · @${owner.username}` : ''}` : 'Website visitor'}
          </Typography>
        </Box>
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        {email ? (
          <Row label="Email">
            <a href={`mailto:${email}`}>{email}</a>
          </Row>
        ) : null}
        {phone ? <Row label="Phone">{phone}</Row> : null}
        {contact ? <Row label="Contact">{contact}</Row> : null}
        {!email && !phone && !contact ? <Row label="Contact">Not given</Row> : null}
        {place ? <Row label="Location">{place}</Row> : null}
        <Row label="Channel">{CHANNEL_LABEL[chat.channel]}</Row>
        <Row label="Started">{fullTime(chat.created_at)}</Row>
        {chat.reopened_count > 0 ? <Row label="Reopened">{chat.reopened_count} times</Row> : null}
        {earlier !== null ? <Row label="Earlier chats">{earlier}</Row> : null}
      </Box>
    </Box>
  )
}

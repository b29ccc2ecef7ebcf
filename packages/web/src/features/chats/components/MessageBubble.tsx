import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { Message } from '@proxima/contracts'
import type { ReactNode } from 'react'
import type { PendingMessage } from '../messages-state'
import { clockTime, fullTime } from '../format'
import { VoiceMessage } from './VoiceMessage'

type Side = 'customer' | 'staff' | 'assistant'

const sideOf = (message: Message): Side =>
  message.message_sender === 'client' ? 'customer' : message.message_sender === 'tenant_iva' ? 'assistant' : 'staff'

const BUBBLE = {
  customer: { bgcolor: 'grey.100', color: 'text.primary', borderColor: 'grey.200' },
  staff: { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' },
  assistant: { bgcolor: 'action.hover', color: 'text.primary', borderColor: 'secondary.main' },
} as const

const Shell = ({
  side,
  name,
  children,
  footer,
}: {
  side: Side
  name: string
  children: ReactNode
  footer?: ReactNode
}) => (
  <Box
    sx={{
      display: 'flex',
      flexDirection: 'column',
      alignItems: side === 'customer' ? 'flex-start' : 'flex-end',
      mt: name ? 1.5 : 0.5,
    }}
  >
    {name ? (
      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
        {name}
      </Typography>
    ) : null}
    <Box
      sx={{
        ...BUBBLE[side],
        border: 1,
        borderStyle: side === 'assistant' ? 'dashed' : 'solid',
        borderRadius: 2,
        borderTopLeftRadius: side === 'customer' ? 4 : undefined,
        borderTopRightRadius: side === 'customer' ? undefined : 4,
        px: 1.5,
        py: 1,
        maxWidth: { xs: '88%', md: '72%' },
      }}
    >
      {children}
    </Box>
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', px: 0.5 }}>{footer}</Box>
  </Box>
)

const Time = ({ iso }: { iso: string }) => (
  <Typography component="time" variant="caption" color="text.secondary" dateTime={iso} title={fullTime(iso)}>
    {clockTime(iso)}
  </Typography>
)

type BubbleProps = { message: Message; showName: boolean }

/** One stored message: who wrote it (first of a run), what, and when (full date on hover). */
export const MessageBubble = ({ message, showName }: BubbleProps) => {
  const side = sideOf(message)
  const author = side === 'assistant' ? `${message.sender.name || 'Assistant'} (assistant)` : message.sender.name
  const name = showName ? author : ''
  let body: ReactNode
  if (message.deleted) {
    body = (
      <Typography sx={{ fontStyle: 'italic', opacity: 0.8 }} variant="body2">
        Message deleted
      </Typography>
    )
  } else if (message.voice || message.voice_content) {
    body = (
      <VoiceMessage
        src={message.voice_content}
        durationMs={message.voice?.duration_ms}
        caption={message.text_content}
        transcript={message.voice?.transcript}
      />
    )
  } else {
    body = <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text_content}</Typography>
  }
  const delivery =
    message.delivery_status === 'failed' ? (
      <Typography variant="caption" color="error" title={message.delivery_error ?? undefined}>
        Not delivered
      </Typography>
    ) : null
  return (
    <Shell
      side={side}
      name={name}
      footer={
        <>
          <Time iso={message.sent_at} />
          {message.escalated ? (
            <Typography variant="caption" color="error">
              Escalated
            </Typography>
          ) : null}
          {delivery}
        </>
      }
    >
      {body}
    </Shell>
  )
}

type PendingProps = { pending: PendingMessage; onRetry: () => void; onDiscard: () => void }

/** A reply on its way, or one that failed with the reason and a way to try again. */
export const PendingBubble = ({ pending, onRetry, onDiscard }: PendingProps) => (
  <Shell
    side="staff"
    name="You"
    footer={
      pending.status === 'sending' ? (
        <Typography variant="caption" color="text.secondary">
          Sending…
        </Typography>
      ) : (
        <>
          <Typography variant="caption" color="error" role="alert">
            Not sent{pending.error ? `: ${pending.error}` : ''}
          </Typography>
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
          <Button size="small" color="inherit" onClick={onDiscard}>
            Discard
          </Button>
        </>
      )
    }
  >
    <Box sx={{ opacity: pending.status === 'sending' ? 0.75 : 1 }}>
      {pending.kind === 'voice' ? (
        <Typography>Voice message{pending.text ? ` · ${pending.text}` : ''}</Typography>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{pending.text}</Typography>
      )}
    </Box>
  </Shell>
)

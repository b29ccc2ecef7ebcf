import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Divider from '@mui/material/Divider'
import Typography from '@mui/material/Typography'
import ArrowDownward from '@mui/icons-material/ArrowDownward'
import type { Message } from '@proxima/contracts'
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react'
import { errorMessage } from '../../../api/errors'
import { dayKey, dayLabel } from '../format'
import type { MessagesState, PendingMessage } from '../messages-state'
import { useNow } from '../use-now'
import { MessageBubble, PendingBubble } from './MessageBubble'

type Props = {
  state: MessagesState
  messages: Message[]
  pending: PendingMessage[]
  onLoadOlder: () => void
  onRetry: (id: string) => void
  onDiscard: (id: string) => void
  /** Called with the newest message's id while the newest message is in view. */
  onSeeLatest: (messageId: number) => void
}

const BOTTOM_SLACK = 48
const TOP_TRIGGER = 80
/** Messages of one author within this time share one name label. */
const GROUP_MS = 5 * 60 * 1000

/**
 * The conversation as a `log`: day separators, older pages when scrolled to the top (the view stays where it
 * was), and new messages followed only when the reader is at the bottom ("New messages" otherwise).
 */
export const MessageLog = ({ state, messages, pending, onLoadOlder, onRetry, onDiscard, onSeeLatest }: Props) => {
  const ref = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const anchor = useRef<number | null>(null)
  const [atBottom, setAtBottom] = useState(true)
  const [seenId, setSeenId] = useState(0)
  const now = useNow()

  const firstId = messages[0]?.message_id ?? 0
  const lastId = messages.at(-1)?.message_id ?? 0
  const pendingCount = pending.length
  const sentCount = useRef(pendingCount)

  const scrollToBottom = () => {
    const el = ref.current
    if (el) el.scrollTop = el.scrollHeight
  }

  // Older messages went in above: keep the same distance from the bottom, so nothing jumps.
  useLayoutEffect(() => {
    const el = ref.current
    if (el && anchor.current !== null) {
      el.scrollTop = el.scrollHeight - anchor.current
      anchor.current = null
    }
  }, [firstId])

  // New messages (or the first page): follow them when at the bottom, and always after sending.
  useLayoutEffect(() => {
    const sentMore = pendingCount > sentCount.current
    sentCount.current = pendingCount
    if (stick.current || sentMore) scrollToBottom()
  }, [lastId, pendingCount, state.status])

  useEffect(() => {
    if (atBottom && lastId && document.visibilityState === 'visible') onSeeLatest(lastId)
  }, [atBottom, lastId, onSeeLatest])

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK
    stick.current = bottom
    setAtBottom(bottom)
    if (bottom) setSeenId(lastId)
    if (el.scrollTop < TOP_TRIGGER && state.hasOlder && !state.loadingOlder && !state.olderError) {
      anchor.current = el.scrollHeight - el.scrollTop
      onLoadOlder()
    }
  }

  const loadOlder = () => {
    const el = ref.current
    if (el) anchor.current = el.scrollHeight - el.scrollTop
    onLoadOlder()
  }

  const showPill = !atBottom && lastId > seenId
  const separated = messages.map((message, index) => {
    const previous = messages[index - 1]
    const separator = !previous || dayKey(previous.sent_at) !== dayKey(message.sent_at)
    const sameAuthor =
      previous?.message_sender === message.message_sender &&
      previous.sender.kind === message.sender.kind &&
      previous.sender.id === message.sender.id &&
      Date.parse(message.sent_at) - Date.parse(previous.sent_at) < GROUP_MS
    return { message, separator, showName: separator || !sameAuthor }
  })
  return (
    <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={ref}
        role="log"
        aria-label="Messages"
        aria-live="polite"
        aria-busy={state.status === 'loading'}
        tabIndex={0}
        onScroll={onScroll}
        sx={{ flexGrow: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2.5 }, py: 1.5, outline: 'none' }}
      >
        {state.hasOlder ? (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            {state.loadingOlder ? (
              <CircularProgress size={20} aria-label="Loading older messages" />
            ) : (
              <Button size="small" onClick={loadOlder}>
                Load older messages
              </Button>
            )}
          </Box>
        ) : null}
        {state.olderError ? (
          <Alert severity="error" sx={{ my: 1 }} action={<Button onClick={loadOlder}>Retry</Button>}>
            {errorMessage(state.olderError)}
          </Alert>
        ) : null}
        {state.status === 'ready' && messages.length === 0 && pending.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            No messages in this chat yet.
          </Typography>
        ) : null}
        {separated.map(({ message, separator, showName }) => {
          return (
            <Fragment key={message.message_id}>
              {separator ? (
                <Divider sx={{ my: 1.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {dayLabel(message.sent_at, now)}
                  </Typography>
                </Divider>
              ) : null}
              <MessageBubble message={message} showName={showName} />
            </Fragment>
          )
        })}
        {pending.map((item) => (
          <PendingBubble
            key={item.client_message_id}
            pending={item}
            onRetry={() => onRetry(item.client_message_id)}
            onDiscard={() => onDiscard(item.client_message_id)}
          />
        ))}
      </Box>
      {showPill ? (
        <Chip
          color="primary"
          icon={<ArrowDownward />}
          label="New messages"
          onClick={scrollToBottom}
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', boxShadow: 2 }}
        />
      ) : null}
    </Box>
  )
}

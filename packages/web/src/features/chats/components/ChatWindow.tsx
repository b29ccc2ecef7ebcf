import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import ArrowBack from '@mui/icons-material/ArrowBack'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined'
import type { Chat } from '@proxima/contracts'
import { useCallback, useRef } from 'react'
import { Link as RouterLink } from 'react-router'
import { hasStatus } from '../../../api/errors'
import { useRealtimeChannel } from '../../../api/realtime'
import { useStaffUser } from '../../../app/hooks'
import { ErrorState } from '../../../ui/states'
import { AiActionButton } from '../../ai/components/AiActionButton'
import { ExportButton } from '../../reports/components/ExportButton'
import { chatMessagesExport } from '../../reports/list-exports'
import { useChatFeedback } from '../feedback'
import { CHANNEL_LABEL, STATUS_LABEL, customerName } from '../format'
import { DETAILS_BESIDE } from '../layout'
import { useChat, useMarkRead, useSetStatus } from '../use-chat'
import { useChatAi } from '../use-chat-ai'
import { useChatMessages } from '../use-chat-messages'
import { useTypingIndicator } from '../use-typing'
import { Composer } from './Composer'
import { MessageLog } from './MessageLog'
import { SummaryPanel } from './SummaryPanel'

type Props = { chatId: number; detailsOpen: boolean; onToggleDetails: () => void }

const STATUS_COLOR = { open: 'success', pending: 'warning', resolved: 'default' } as const

type HeaderProps = { chat: Chat; summarising: boolean; onSummarise: () => void } & Omit<Props, 'chatId'>

const Header = ({ chat, detailsOpen, onToggleDetails, summarising, onSummarise }: HeaderProps) => {
  const setStatus = useSetStatus(chat.chat_id)
  const { fail, repliesDisabled } = useChatFeedback()
  const resolved = chat.status === 'resolved'
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        containerType: 'inline-size',
      }}
    >
      <IconButton component={RouterLink} to="/chats" aria-label="Back to chats" sx={{ display: { md: 'none' } }}>
        <ArrowBack />
      </IconButton>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="h2" component="h2" noWrap sx={{ fontSize: '1.1rem' }} title={customerName(chat)}>
          {customerName(chat)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Chip size="small" label={STATUS_LABEL[chat.status]} color={STATUS_COLOR[chat.status]} />
          <Typography variant="caption" color="text.secondary" noWrap>
            {CHANNEL_LABEL[chat.channel]}
            {chat.topic ? ` · ${chat.topic.name}` : ''}
          </Typography>
        </Box>
      </Box>
      <AiActionButton
        label="Summarise"
        icon={<SummarizeOutlined />}
        onClick={onSummarise}
        disabled={summarising}
        labelFrom={360}
      />
      <Button
        variant={resolved ? 'outlined' : 'contained'}
        color={resolved ? 'inherit' : 'success'}
        size="small"
        disabled={setStatus.isPending || repliesDisabled}
        onClick={() => setStatus.mutate(resolved ? 'open' : 'resolved', { onError: fail })}
      >
        {resolved ? 'Reopen' : 'Resolve'}
      </Button>
      <ExportButton icon label="Export messages" target={chatMessagesExport(chat.chat_id, customerName(chat))} />
      <IconButton
        aria-label="Customer details"
        aria-pressed={detailsOpen}
        onClick={onToggleDetails}
        sx={{ [DETAILS_BESIDE]: { display: 'none' } }}
      >
        <InfoOutlined />
      </IconButton>
    </Box>
  )
}

/** The open conversation: header, messages, typing, and the reply box. */
export const ChatWindow = ({ chatId, detailsOpen, onToggleDetails }: Props) => {
  const me = useStaffUser()
  const chat = useChat(chatId)
  const { fail, repliesDisabled } = useChatFeedback()
  const conversation = useChatMessages(chatId, { onSendError: fail })
  const typist = useTypingIndicator(chatId, me.id)
  const markRead = useMarkRead(chatId)
  // Summary and paraphrases belong to this chat while it is open; resolving it or opening another clears them.
  const ai = useChatAi(chatId, chat.data?.status)
  const marked = useRef(0)
  useRealtimeChannel(`chat:${chatId}`)

  const { mutate: mark } = markRead
  const onSeeLatest = useCallback(
    (messageId: number) => {
      if (messageId <= marked.current) return
      marked.current = messageId
      mark(messageId)
    },
    [mark],
  )

  if (chat.isError && !chat.data) {
    return (
      <Box sx={{ p: 2 }}>
        <ErrorState
          error={chat.error}
          title={hasStatus(chat.error, 404) ? 'This chat is not available' : 'The chat could not be loaded'}
          onRetry={hasStatus(chat.error, 404) ? undefined : () => void chat.refetch()}
        />
        <Button component={RouterLink} to="/chats">
          Back to chats
        </Button>
      </Box>
    )
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {chat.data ? (
        <Header
          chat={chat.data}
          detailsOpen={detailsOpen}
          onToggleDetails={onToggleDetails}
          summarising={ai.summary.status === 'loading'}
          onSummarise={() => ai.summary.run({ chat_id: chatId })}
        />
      ) : (
        <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Skeleton width="40%" height={28} />
          <Skeleton width="25%" />
        </Box>
      )}
      <SummaryPanel request={ai.summary} onRefresh={() => ai.summary.run({ chat_id: chatId })} />
      {conversation.state.status === 'error' ? (
        <Box sx={{ p: 2 }}>
          <ErrorState
            error={conversation.state.error}
            title="Messages could not be loaded"
            onRetry={conversation.reload}
          />
        </Box>
      ) : conversation.state.status === 'loading' ? (
        <Box role="status" aria-label="Loading messages" sx={{ p: 2, flexGrow: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              height={44}
              width={i % 2 ? '45%' : '60%'}
              sx={{ mb: 1.5, ml: i % 2 ? 'auto' : 0 }}
            />
          ))}
        </Box>
      ) : (
        <MessageLog
          state={conversation.state}
          messages={conversation.messages}
          pending={conversation.pending}
          onLoadOlder={() => void conversation.loadOlder()}
          onRetry={conversation.retry}
          onDiscard={conversation.discard}
          onSeeLatest={onSeeLatest}
        />
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        aria-live="polite"
        sx={{ px: 2, minHeight: 20, fontStyle: 'italic' }}
      >
        {typist ? `${typist} is typing…` : ''}
      </Typography>
      {repliesDisabled ? (
        <Alert severity="warning" sx={{ mx: 1.5, mb: 1 }}>
          Your subscription has ended, so replies are disabled.{' '}
          <Link component={RouterLink} to="/settings/plan">
            Choose a plan
          </Link>{' '}
          to answer customers again.
        </Alert>
      ) : null}
      <Composer
        chatId={chatId}
        disabled={repliesDisabled}
        paraphrase={ai.paraphrase}
        onSend={conversation.send}
        onRecorded={(audio, durationMs) => conversation.sendRecording(audio, durationMs)}
      />
    </Box>
  )
}

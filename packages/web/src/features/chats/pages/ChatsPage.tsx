import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import Close from '@mui/icons-material/Close'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import { useState } from 'react'
import { useParams } from 'react-router'
import { RealtimeProvider, useRealtimeStatus } from '../../../api/realtime'
import { useStaffUser } from '../../../app/hooks'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { ExportButton } from '../../reports/components/ExportButton'
import { chatListExport } from '../../reports/list-exports'
import type { ChatFilters } from '../api'
import { ChatDetails } from '../components/ChatDetails'
import { ChatFilterBar, type FilterDraft } from '../components/ChatFilterBar'
import { ChatList } from '../components/ChatList'
import { ChatWindow } from '../components/ChatWindow'
import { ChatFeedbackProvider } from '../feedback'
import { DETAILS_BESIDE, WIDE } from '../layout'
import { useInboxLiveUpdates } from '../use-chat-list'

const INITIAL: FilterDraft = { status: 'open', assignee: 'anyone', channel: '', escalated: false, search: '' }

const ConnectionHint = () => {
  const status = useRealtimeStatus()
  if (status === 'open') return null
  return (
    <Typography variant="caption" color="text.secondary" role="status" sx={{ px: 2, py: 0.5, display: 'block' }}>
      {status === 'connecting' ? 'Connecting to live updates…' : 'Live updates are paused; reconnecting…'}
    </Typography>
  )
}

const Inbox = () => {
  const params = useParams()
  const me = useStaffUser()
  const parsed = Number(params.chatId)
  const chatId = Number.isInteger(parsed) && parsed > 0 ? parsed : null
  const [draft, setDraft] = useState<FilterDraft>(INITIAL)
  const [detailsOpen, setDetailsOpen] = useState(false)
  const search = useDebouncedValue(draft.search.trim(), 350)
  // The query key is compared by value, so a new object with the same filters reuses the cached list.
  const filters: ChatFilters = { ...draft, search: search.length >= 2 ? search : '' }
  const filtered = filters.assignee !== 'anyone' || filters.channel !== '' || filters.escalated || filters.search !== ''
  useInboxLiveUpdates()

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '300px 1fr' },
        height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' },
        minHeight: 480,
        gap: 2,
        [DETAILS_BESIDE]: { gridTemplateColumns: '280px 1fr 260px' },
        [WIDE]: { gridTemplateColumns: '320px 1fr 300px' },
      }}
    >
      <Typography variant="h1" component="h1" sx={visuallyHidden}>
        Chats
      </Typography>
      <Paper
        variant="outlined"
        sx={{ display: { xs: chatId ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', minHeight: 0 }}
      >
        <ChatFilterBar
          value={draft}
          onChange={setDraft}
          actions={<ExportButton target={chatListExport(filters, me.id)} size="small" />}
        />
        <ConnectionHint />
        <Box sx={{ overflowY: 'auto', flexGrow: 1, minHeight: 0 }}>
          <ChatList
            filters={filters}
            filtered={filtered}
            selectedId={chatId}
            onClearFilters={() => setDraft((current) => ({ ...INITIAL, status: current.status }))}
            onShowAll={() => setDraft((current) => ({ ...current, status: 'all' }))}
          />
        </Box>
      </Paper>
      <Paper
        variant="outlined"
        sx={{
          display: { xs: chatId ? 'flex' : 'none', md: 'flex' },
          flexDirection: 'column',
          minHeight: 0,
          minWidth: 0,
        }}
      >
        {chatId ? (
          <ChatWindow
            key={chatId}
            chatId={chatId}
            detailsOpen={detailsOpen}
            onToggleDetails={() => setDetailsOpen((open) => !open)}
          />
        ) : (
          <Box sx={{ m: 'auto', textAlign: 'center', p: 3, color: 'text.secondary' }}>
            <ForumOutlined sx={{ fontSize: 48 }} aria-hidden="true" />
            <Typography>Select a chat to read and answer it.</Typography>
          </Box>
        )}
      </Paper>
      {chatId ? (
        <>
          <Paper
            variant="outlined"
            component="aside"
            aria-label="Chat details"
            sx={{ display: 'none', overflowY: 'auto', p: 2, minHeight: 0, [DETAILS_BESIDE]: { display: 'block' } }}
          >
            <ChatDetails chatId={chatId} />
          </Paper>
          <Drawer
            anchor="right"
            open={detailsOpen}
            onClose={() => setDetailsOpen(false)}
            // Above the top bar (which sits above the navigation drawer), so its close button is not covered.
            sx={{
              zIndex: (theme) => theme.zIndex.modal,
              [DETAILS_BESIDE]: { display: 'none' },
              '& .MuiDrawer-paper': { width: 320, maxWidth: '90vw', p: 2 },
            }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <IconButton aria-label="Close details" onClick={() => setDetailsOpen(false)}>
                <Close />
              </IconButton>
            </Box>
            <ChatDetails chatId={chatId} />
          </Drawer>
        </>
      ) : null}
    </Box>
  )
}

/** The staff inbox: chat list, the open conversation and the customer with the chat's state. */
export const ChatsPage = () => (
  <RealtimeProvider>
    <ChatFeedbackProvider>
      <Inbox />
    </ChatFeedbackProvider>
  </RealtimeProvider>
)

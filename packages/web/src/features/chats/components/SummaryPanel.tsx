import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import Close from '@mui/icons-material/Close'
import Refresh from '@mui/icons-material/Refresh'
import { useId } from 'react'
import { AiErrorAlert } from '../../ai/components/AiErrorAlert'
import { SentimentChip, SummaryView } from '../../ai/components/SummaryView'
import type { ChatSummaryRequest } from '../use-chat-ai'

type Props = { request: ChatSummaryRequest; onRefresh: () => void }

/** The chat's summary under the header: what the customer wants, key points, open questions and sentiment. */
export const SummaryPanel = ({ request, onRefresh }: Props) => {
  const titleId = useId()
  if (request.status === 'idle') return null
  const { data } = request
  const loading = request.status === 'loading'
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      aria-busy={loading}
      sx={{
        position: 'relative',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
        px: 2,
        pt: 1,
        pb: 1.5,
        maxHeight: { xs: '40dvh', md: '40%' },
        overflowY: 'auto',
        flexShrink: 0,
      }}
    >
      {loading && data ? (
        <LinearProgress aria-label="Updating the summary" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <AutoAwesomeOutlined fontSize="small" color="primary" aria-hidden="true" />
        <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1rem' }}>
          Summary
        </Typography>
        {data && data.message_count > 0 ? <SentimentChip data={data} /> : null}
        <Box sx={{ flexGrow: 1 }} />
        <IconButton size="small" aria-label="Refresh summary" onClick={onRefresh} disabled={loading}>
          <Refresh fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label="Close summary" onClick={request.clear}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
      {request.status === 'error' ? <AiErrorAlert error={request.error} onRetry={request.retry} compact /> : null}
      {data ? (
        <Box sx={{ opacity: loading ? 0.6 : 1 }}>
          <SummaryView data={data} source="chat" />
        </Box>
      ) : loading ? (
        <Box role="status" aria-label="Summarising the chat…" sx={{ mt: 1 }}>
          <Skeleton width="90%" />
          <Skeleton width="75%" />
          <Skeleton width="40%" sx={{ mt: 1 }} />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </Box>
      ) : null}
    </Box>
  )
}

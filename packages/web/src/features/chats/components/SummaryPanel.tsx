import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import Close from '@mui/icons-material/Close'
import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Refresh from '@mui/icons-material/Refresh'
import type { SummarizeReply } from '@proxima/contracts'
import { useId, useState } from 'react'
import { AiErrorAlert } from '../../ai/components/AiErrorAlert'
import { SentimentChip, SummaryView } from '../../ai/components/SummaryView'
import type { ChatSummaryRequest } from '../use-chat-ai'

type Props = { request: ChatSummaryRequest; onRefresh: () => void }

/** The summary's first two lines, for the folded card. */
const Gist = ({ data, id }: { data: SummarizeReply; id: string }) => (
  <Typography
    id={id}
    variant="body2"
    sx={{
      mt: 0.5,
      overflowWrap: 'anywhere',
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    }}
  >
    {data.message_count === 0 ? 'There is nothing to summarise yet: the chat has no messages.' : data.summary}
  </Typography>
)

/**
 * The chat's summary as a card above the messages: what the customer wants, key points, open questions and
 * sentiment. It takes at most about a third of the column and folds to two lines, so the conversation keeps its
 * room; a new summary opens unfolded.
 */
export const SummaryPanel = ({ request, onRefresh }: Props) => {
  const titleId = useId()
  const bodyId = useId()
  // Folded for one summary: a new one (Summarise, Refresh) shows in full again.
  const [foldedFor, setFoldedFor] = useState<SummarizeReply | null>(null)
  if (request.status === 'idle') return null
  const { data } = request
  const loading = request.status === 'loading'
  const folded = data !== null && foldedFor === data
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
        pb: 1.5,
        maxHeight: { xs: '35dvh', md: '35%' },
        overflowY: 'auto',
        flexShrink: 0,
      }}
    >
      {loading && data ? (
        <LinearProgress aria-label="Updating the summary" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      ) : null}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          // The title and its buttons stay in view while the summary scrolls under them.
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'grey.50',
          pt: 1,
        }}
      >
        <AutoAwesomeOutlined fontSize="small" color="primary" aria-hidden="true" />
        <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1rem' }}>
          Summary
        </Typography>
        {data && data.message_count > 0 ? (
          // On a phone the sentiment goes under the title, so that the buttons keep the first line.
          <Box sx={{ order: { xs: 1, sm: 0 } }}>
            <SentimentChip data={data} />
          </Box>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {data ? (
          <IconButton
            size="small"
            aria-label={folded ? 'Show the whole summary' : 'Fold the summary'}
            aria-expanded={!folded}
            aria-controls={bodyId}
            onClick={() => setFoldedFor(folded ? null : data)}
          >
            {folded ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
          </IconButton>
        ) : null}
        <IconButton size="small" aria-label="Refresh summary" onClick={onRefresh} disabled={loading}>
          <Refresh fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label="Close summary" onClick={request.clear}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
      {request.status === 'error' ? <AiErrorAlert error={request.error} onRetry={request.retry} compact /> : null}
      {data && folded ? (
        <Gist data={data} id={bodyId} />
      ) : data ? (
        <Box id={bodyId} sx={{ opacity: loading ? 0.6 : 1 }}>
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

import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { SummarizeReply } from '@proxima/contracts'
import { useId, type ReactNode } from 'react'
import { ProviderNote } from './ProviderNote'

const SENTIMENT = {
  positive: { label: 'Positive', color: 'success' },
  neutral: { label: 'Neutral', color: 'default' },
  negative: { label: 'Negative', color: 'error' },
  mixed: { label: 'Mixed', color: 'warning' },
} as const

/** The sentiment as a coloured chip; the score (−1 to 1) on hover. */
export const SentimentChip = ({ data }: { data: Pick<SummarizeReply, 'sentiment' | 'sentiment_score'> }) => {
  const sentiment = SENTIMENT[data.sentiment]
  return (
    <Chip
      size="small"
      label={`Sentiment: ${sentiment.label}`}
      color={sentiment.color}
      variant={sentiment.color === 'default' ? 'outlined' : 'filled'}
      title={`Score ${data.sentiment_score.toFixed(2)} (from −1, negative, to 1, positive)`}
    />
  )
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId()
  return (
    <Box role="group" aria-labelledby={id} sx={{ mt: 1.25 }}>
      <Typography id={id} variant="subtitle2" component="h4" sx={{ lineHeight: 1.4 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

const Points = ({ items, empty }: { items: string[]; empty: string }) =>
  items.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      {empty}
    </Typography>
  ) : (
    <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { typography: 'body2', overflowWrap: 'anywhere' } }}>
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </Box>
  )

type Props = { data: SummarizeReply; source: 'chat' | 'text' }

/** A summary: the text, what the customer (or writer) wants, key points, open questions, and who wrote it. */
export const SummaryView = ({ data, source }: Props) => {
  if (source === 'chat' && data.message_count === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        There is nothing to summarise yet: the chat has no messages.
      </Typography>
    )
  return (
    <>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {data.summary}
      </Typography>
      <Section title={source === 'chat' ? 'What the customer wants' : 'What the writer wants'}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {data.intent || 'Not clear from the text.'}
        </Typography>
      </Section>
      <Section title="Key points">
        <Points items={data.key_points} empty="No key points." />
      </Section>
      <Section title="Open questions">
        <Points
          items={data.open_questions}
          empty={source === 'chat' ? 'None: every question the customer asked has an answer.' : 'None.'}
        />
      </Section>
      <Box sx={{ mt: 1.25 }}>
        {source === 'chat' ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            From the last {data.message_count.toLocaleString()} {data.message_count === 1 ? 'message' : 'messages'}.
          </Typography>
        ) : null}
        <ProviderNote meta={data} />
      </Box>
    </>
  )
}

import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import type { Change } from '../format'

type Props = {
  value: string
  detail?: ReactNode
  change?: Change | null
  /** Which way is good news: more chats are neutral, a longer response time is not. */
  better?: 'up' | 'down' | 'neither'
  /** What the change is measured against, e.g. "previous period". */
  against?: string
  testId?: string
}

/** A headline number with its change against the previous period. */
export const Figure = ({ value, detail, change, better = 'up', against = 'previous period', testId }: Props) => {
  const good = change && change.direction !== 'same' && better !== 'neither' ? change.direction === better : null
  const color = good === null ? 'text.secondary' : good ? 'success.dark' : 'error.dark'
  return (
    <Box>
      <Typography
        component="p"
        data-testid={testId}
        sx={{ fontSize: 32, fontWeight: 500, lineHeight: 1.2, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
      {change ? (
        <Typography
          variant="body2"
          sx={{ color, display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, fontWeight: 500 }}
        >
          {change.direction === 'up' ? <ArrowUpward fontSize="inherit" aria-hidden="true" /> : null}
          {change.direction === 'down' ? <ArrowDownward fontSize="inherit" aria-hidden="true" /> : null}
          {change.text} vs {against}
        </Typography>
      ) : null}
      {detail ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      ) : null}
    </Box>
  )
}

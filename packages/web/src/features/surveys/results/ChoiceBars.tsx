import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import type { ReportQuestion } from '@proxima/contracts'
import { percent } from '../format'

/**
 * The tally of a choice question, one labelled bar per option in the survey's order. Shares are of the respondents
 * who answered, so a multiple-choice question can add up to more than 100%.
 */
export const ChoiceBars = ({ question }: { question: ReportQuestion }) => (
  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
    {(question.distribution ?? []).map((option, index) => (
      <Box component="li" key={option.option_id ?? index}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {option.label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {option.count.toLocaleString()} · {percent(option.percentage)}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, option.percentage ?? 0)}
          aria-label={`${option.label ?? ''}: ${option.count} (${percent(option.percentage)})`}
          sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
        />
      </Box>
    ))}
  </Box>
)

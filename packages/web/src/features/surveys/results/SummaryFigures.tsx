import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { SurveyReportView } from '@proxima/contracts'
import { percent } from '../format'

const Tile = ({ label, value, note }: { label: string; value: string; note?: string }) => (
  <Paper component="div" variant="outlined" sx={{ p: 2 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="h2" sx={{ m: 0 }}>
      {value}
    </Typography>
    {note ? (
      <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
        {note}
      </Typography>
    ) : null}
  </Paper>
)

/** The survey's headline figures (for the chosen subgroup, except impressions and completion). */
export const SummaryFigures = ({ report }: { report: SurveyReportView }) => (
  <Box
    component="dl"
    aria-live="polite"
    sx={{ display: 'grid', gap: 2, m: 0, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
  >
    <Tile label="Responses" value={report.response_count.toLocaleString()} />
    <Tile
      label="Response rate"
      value={percent(report.response_rate)}
      note={
        report.audience_size > 0
          ? `of ${report.audience_size.toLocaleString()} asked`
          : 'open survey: responses per opening of the link'
      }
    />
    <Tile label="Link opened" value={report.impressions.toLocaleString()} note="all respondents" />
    <Tile label="Completion" value={percent(report.completion_rate)} note="answers per opening" />
  </Box>
)

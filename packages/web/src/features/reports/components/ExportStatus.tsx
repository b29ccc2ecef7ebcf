import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { hasStatus } from '../../../api/errors'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { exportErrorMessage } from '../errors'
import { describeExport } from '../export-request'
import { progressPercent, progressText, rowsText } from '../progress'
import type { ExportState } from '../use-report-export'

type Props = {
  state: ExportState
  onCancel: () => void
  /** Offered when a PDF is refused as too large: the same report as CSV, which allows far more rows. */
  onUseCsv?: () => void
}

/**
 * How the export is going: a bar while the file arrives (with Cancel), or what came of it. The bar's words change
 * many times a second and are not announced; the start and the outcome are.
 */
export const ExportStatus = ({ state, onCancel, onUseCsv }: Props) => {
  switch (state.status) {
    case 'idle':
      return null
    case 'running': {
      const { progress, request } = state
      const percent = progress ? progressPercent(progress) : null
      const { title: what, countsRows } = describeExport(request)
      const waiting = countsRows
        ? `Counting the rows of the ${what.toLowerCase()}…`
        : `Waiting for the ${what.toLowerCase()}…`
      return (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography role="status" sx={visuallyHidden}>
            Making the {what.toLowerCase()}…
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
              {progress ? progressText(progress) : waiting}
            </Typography>
            <Button onClick={onCancel} variant="outlined" size="small">
              Cancel
            </Button>
          </Box>
          <LinearProgress
            aria-label={`Downloading the ${what.toLowerCase()}`}
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
          />
        </Box>
      )
    }
    case 'failed': {
      const { error, request } = state
      const tooLargePdf = request.format === 'pdf' && hasStatus(error, 413)
      return (
        <Alert
          severity="error"
          action={
            tooLargePdf && onUseCsv ? (
              <Button color="inherit" size="small" onClick={onUseCsv}>
                Download CSV
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>The {describeExport(request).title.toLowerCase()} could not be made</AlertTitle>
          {exportErrorMessage(error, request)}
        </Alert>
      )
    }
    case 'cancelled':
      return <Alert severity="info">The export was cancelled; nothing was saved.</Alert>
    case 'done': {
      if (!state.saved) return null
      const rows = rowsText(state.file.rows)
      return (
        <Alert severity="success">
          Saved {state.file.fileName}
          {rows ? ` (${rows})` : ''}. Your browser keeps it with its downloads.
        </Alert>
      )
    }
  }
}

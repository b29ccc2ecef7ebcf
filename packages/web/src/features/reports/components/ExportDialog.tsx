import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import { useId, useState } from 'react'
import { useToast } from '../../../ui/toast'
import { buildReportRequest, usesDates, type FieldErrors, type ReportForm } from '../form'
import { REPORT_INFO } from '../labels'
import type { ListExport } from '../list-exports'
import { useReportExport, type ExportMode } from '../use-report-export'
import { DateFields, FormatChoice } from './fields'
import { ExportStatus } from './ExportStatus'
import { PdfPreview } from './PdfPreview'

type Props = { target: ListExport; onClose: () => void }

/**
 * A list's export: what it holds, its days (where the report has them) and the format. A CSV is saved as soon as it
 * has arrived and the dialog closes; a PDF is shown first (full screen on a phone) and saved from there.
 */
export const ExportDialog = ({ target, onClose }: Props) => {
  const titleId = useId()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const toast = useToast()
  const [form, setForm] = useState<ReportForm>(target.form)
  const [errors, setErrors] = useState<FieldErrors>({})
  // A saved file ends the dialog's work: the browser shows the download, and a toast says which file it is.
  const exporter = useReportExport({
    onSaved: (file) => {
      toast.success(`Saved ${file.fileName}.`)
      onClose()
    },
  })
  const { state } = exporter
  const info = REPORT_INFO[form.report]
  const running = state.status === 'running'
  const preview = state.status === 'done' && state.mode === 'preview' ? state : null

  const change = (next: ReportForm) => {
    setForm(next)
    setErrors({})
    if (!running) exporter.reset()
  }
  const start = (mode: ExportMode, current: ReportForm = form) => {
    const built = buildReportRequest(current)
    setErrors(built.ok ? {} : built.errors)
    if (built.ok) void exporter.run(built.request, mode)
  }
  const switchToCsv = () => {
    const next: ReportForm = { ...form, format: 'csv' }
    setForm(next)
    start('save', next)
  }
  // Closing stops an export under way (the hook aborts it as the dialog goes).
  const close = () => {
    exporter.reset()
    onClose()
  }
  const otherErrors = Object.entries(errors).filter(([field]) => field !== 'from' && field !== 'to')

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={preview ? 'lg' : 'sm'}
      fullScreen={phone && preview !== null}
    >
      <DialogTitle id={titleId}>
        {preview
          ? `Preview: ${info.title}`
          : `Export ${target.subject.charAt(0).toLowerCase()}${target.subject.slice(1)}`}
      </DialogTitle>
      {/* One column that never grows past the dialog: a zoomed PDF page scrolls inside its own box. */}
      <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
        {preview ? (
          <PdfPreview file={preview.file.blob} title={info.title} />
        ) : (
          <>
            <Box>
              <Typography>{info.rows}</Typography>
              <Typography variant="body2" color="text.secondary">
                {target.details.join(' · ')}
              </Typography>
              {target.notApplied.length > 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Not applied to the file: {target.notApplied.join(', ')}.
                </Typography>
              ) : null}
            </Box>
            {usesDates(form) ? (
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                  pt: 1,
                }}
              >
                <DateFields
                  dates={info.dates}
                  from={form.from}
                  to={form.to}
                  onChange={(days) => change({ ...form, ...days })}
                  hint={info.defaultWindow}
                  errors={{ from: errors.from, to: errors.to }}
                />
              </Box>
            ) : null}
            <FormatChoice value={form.format} onChange={(format) => change({ ...form, format })} />
            {otherErrors.length > 0 ? (
              <Typography color="error" role="alert">
                {otherErrors.map(([, reason]) => reason).join(' ')}
              </Typography>
            ) : null}
            <ExportStatus state={state} onCancel={exporter.cancel} onUseCsv={switchToCsv} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {preview ? (
          <>
            <Button onClick={exporter.reset}>Back</Button>
            <Button variant="contained" onClick={exporter.save}>
              Download PDF
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Close</Button>
            <Button
              variant="contained"
              disabled={running}
              onClick={() => start(form.format === 'pdf' ? 'preview' : 'save')}
            >
              {form.format === 'pdf' ? 'Preview PDF' : 'Download CSV'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}

import Box from '@mui/material/Box'
import { ExportStatus } from '../../reports/components/ExportStatus'
import { PreviewSection } from '../../reports/components/PreviewSection'
import { describeExport } from '../../reports/export-request'
import type { AnalyticsPdf } from '../use-analytics-pdf'

type Props = {
  pdf: AnalyticsPdf
  /** Told when the preview is closed, to put the focus back where the export started. */
  onClosed: () => void
}

/**
 * The analytics PDF under way or made, above the page's numbers: its progress (with Cancel) or what came of it, and
 * the preview, from which "Download PDF" saves it under the server's file name.
 */
export const AnalyticsPdfPanel = ({ pdf, onClosed }: Props) => {
  const { state } = pdf
  if (state.status === 'idle') return null
  const preview = state.status === 'done' && state.mode === 'preview' ? state : null
  const close = () => {
    pdf.reset()
    onClosed()
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, mb: 3 }}>
      <ExportStatus state={state} onCancel={pdf.cancel} />
      {preview ? (
        <PreviewSection
          title={describeExport(preview.request).title}
          file={preview.file}
          onSave={pdf.save}
          onClose={close}
        />
      ) : null}
    </Box>
  )
}

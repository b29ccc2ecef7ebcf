import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { SxProps, Theme } from '@mui/material/styles'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import { useEffect, useRef } from 'react'
import type { ReportFile } from '../download'
import { rowsText } from '../progress'
import { PdfPreview } from './PdfPreview'

type Props = {
  /** How the dashboard names the file ("Chats report"): the heading says "Preview: Chats report". */
  title: string
  file: ReportFile
  onSave: () => void
  onClose: () => void
  /** The section's place in the page (its margins). */
  sx?: SxProps<Theme>
}

/**
 * A PDF shown in the page before it is saved: its heading, the server's file name (and rows, when the file has
 * them), "Download PDF", "Close preview" and the viewer. Keyboard and screen-reader users land on the heading when
 * the preview opens.
 */
export const PreviewSection = ({ title, file, onSave, onClose, sx }: Props) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <Paper
      component="section"
      aria-labelledby="report-preview-heading"
      variant="outlined"
      // MUI's documented way of merging an `sx` prop, whose array form the type system only knows as `any[]`.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
      sx={[{ p: { xs: 1.5, sm: 3 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="report-preview-heading" ref={heading} tabIndex={-1} variant="h2">
            Preview: {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.fileName}
            {file.rows === null ? '' : ` · ${rowsText(file.rows)}`}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={onSave}>
            Download PDF
          </Button>
          <Button onClick={onClose}>Close preview</Button>
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <PdfPreview file={file.blob} title={title} />
      </Box>
    </Paper>
  )
}

import Alert from '@mui/material/Alert'
import { Suspense, lazy } from 'react'
import { SkeletonBlock } from '../../../ui/states'

type ViewerProps = { file: Blob; title: string }

const ViewerUnavailable = () => (
  <Alert severity="warning">The preview could not be loaded. Download the PDF to open it in another viewer.</Alert>
)

/*
 * pdf.js and react-pdf load with the first preview, not with the page that offers it. When that code cannot be
 * fetched (a dropped connection, a newer build deployed meanwhile) the file can still be downloaded.
 */
const PdfViewer = lazy(() =>
  import('./PdfViewer').then(
    (module) => ({ default: module.PdfViewer }),
    () => ({ default: (_props: ViewerProps) => <ViewerUnavailable /> }),
  ),
)

/** The viewer of a report's PDF, loaded on demand. */
export const PdfPreview = ({ file, title }: ViewerProps) => (
  <Suspense fallback={<SkeletonBlock height={320} label="Opening the preview…" />}>
    <PdfViewer file={file} title={title} />
  </Suspense>
)

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import ZoomIn from '@mui/icons-material/ZoomIn'
import ZoomOut from '@mui/icons-material/ZoomOut'
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useRef, useState } from 'react'
import { Document, Page, pdfjs } from 'react-pdf'
import 'react-pdf/dist/Page/AnnotationLayer.css'
import 'react-pdf/dist/Page/TextLayer.css'

/*
 * The PDF viewer, a chunk of its own that only a preview loads (pdf.js is large). pdf.js parses in a worker: the
 * worker is a file of the build, served from the dashboard's own origin, which the Content-Security-Policy allows
 * (`script-src 'self'`, which workers fall back to). It is set here, in the module that renders the viewer, as
 * react-pdf asks, so that its own default cannot win.
 */
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc

/**
 * The policy has no 'unsafe-eval': pdf.js would compile the fonts' outlines with `new Function` (after a probe the
 * browser reports as a violation), so it draws them without. Defined once: react-pdf reloads on a new object.
 */
const OPTIONS = { isEvalSupported: false }

type Props = { file: Blob; title: string }

/** Zoom as a multiple of the box's width: a landscape page that fits a phone's width is small print. */
const ZOOMS = [1, 1.5, 2, 3] as const

const PageSkeleton = ({ width }: { width: number }) => (
  <Skeleton variant="rectangular" width={width} height={Math.round(width / Math.SQRT2)} aria-hidden="true" />
)

/** A PDF, one page at a time as wide as the space it has, with the previous and next page a button away. */
export const PdfViewer = ({ file, title }: Props) => {
  const [pages, setPages] = useState(0)
  const [page, setPage] = useState(1)
  const [width, setWidth] = useState(0)
  const [zoom, setZoom] = useState(0)
  const box = useRef<HTMLDivElement>(null)

  // The page is drawn as wide as its box: the width is followed as the window or the dialog changes size.
  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const go = (next: number) => setPage(Math.min(Math.max(1, next), pages))
  const scale = ZOOMS[zoom] ?? 1
  const pageWidth = Math.floor(width * scale)
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', columnGap: 3, mb: 1 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} role="group" aria-label="Pages">
          <IconButton aria-label="Previous page" onClick={() => go(page - 1)} disabled={page <= 1}>
            <ChevronLeft />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: 110, textAlign: 'center' }}>
            {pages > 0 ? `Page ${page} of ${pages}` : 'Opening…'}
          </Typography>
          <IconButton aria-label="Next page" onClick={() => go(page + 1)} disabled={page >= pages}>
            <ChevronRight />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} role="group" aria-label="Zoom">
          <IconButton aria-label="Zoom out" onClick={() => setZoom(zoom - 1)} disabled={zoom <= 0}>
            <ZoomOut />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
            {Math.round(scale * 100)}%
          </Typography>
          <IconButton aria-label="Zoom in" onClick={() => setZoom(zoom + 1)} disabled={zoom >= ZOOMS.length - 1}>
            <ZoomIn />
          </IconButton>
        </Box>
      </Box>
      <Box
        ref={box}
        // A zoomed page scrolls inside its box, never the window sideways.
        sx={{ width: '100%', overflow: 'auto', border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}
        role="document"
        // Focusable, so that a keyboard can scroll a page taller than the window or the dialog it is shown in.
        tabIndex={0}
        aria-label={pages > 0 ? `${title}, page ${page} of ${pages}` : title}
        data-testid="pdf-preview"
      >
        {width > 0 ? (
          <Document
            file={file}
            options={OPTIONS}
            onLoadSuccess={({ numPages }) => {
              setPages(numPages)
              setPage(1)
            }}
            loading={<PageSkeleton width={pageWidth} />}
            error={
              <Alert severity="error" sx={{ m: 2 }}>
                The preview could not be shown. Download the PDF to open it in another viewer.
              </Alert>
            }
            externalLinkTarget="_blank"
            externalLinkRel="noopener noreferrer"
          >
            <Page
              pageNumber={page}
              width={pageWidth}
              loading={<PageSkeleton width={pageWidth} />}
              canvasBackground="white"
            />
          </Document>
        ) : null}
      </Box>
    </Box>
  )
}

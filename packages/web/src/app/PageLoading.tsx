import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'

/** Shown while a page's code or the start-up session hand-off is loading. */
export const PageLoading = ({ label = 'Loading…' }: { label?: string }) => (
  <Box role="status" aria-label={label} sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
    <CircularProgress aria-hidden="true" />
  </Box>
)

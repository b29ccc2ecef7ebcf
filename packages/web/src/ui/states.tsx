import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { errorMessage } from '../api/errors'

export const LoadingState = ({ label = 'Loading…' }: { label?: string }) => (
  <Box
    role="status"
    aria-live="polite"
    sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}
  >
    <CircularProgress size={28} aria-hidden="true" />
    <Typography color="text.secondary">{label}</Typography>
  </Box>
)

/** A placeholder shaped like the content that is loading, announced to assistive technology. */
export const SkeletonBlock = ({ height, label = 'Loading…' }: { height: number; label?: string }) => (
  <Box role="status" aria-label={label}>
    <Skeleton variant="rounded" height={height} />
  </Box>
)

type ErrorProps = { error: unknown; onRetry?: () => void; title?: string; retrying?: boolean }

/** What went wrong, in the server's words, and a way to try again. */
export const ErrorState = ({ error, onRetry, title = 'This could not be loaded', retrying = false }: ErrorProps) => (
  <Alert
    severity="error"
    sx={{ my: 2, alignItems: 'center' }}
    action={
      onRetry ? (
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      ) : undefined
    }
  >
    <AlertTitle>{title}</AlertTitle>
    {errorMessage(error)}
  </Alert>
)

type EmptyProps = { title: string; description?: ReactNode; action?: ReactNode; icon?: ReactNode }

export const EmptyState = ({ title, description, action, icon }: EmptyProps) => (
  <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', bgcolor: 'background.paper' }}>
    {icon ? <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box> : null}
    <Typography variant="h3" component="h2" gutterBottom>
      {title}
    </Typography>
    {description ? (
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
        {description}
      </Typography>
    ) : null}
    {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
  </Paper>
)

type FormErrorProps = { error: unknown; fieldErrors?: Partial<Record<string, string>> }

/** A server error under a form; nothing when there is none or when a field already shows the same sentence. */
export const FormError = ({ error, fieldErrors }: FormErrorProps) => {
  if (!error) return null
  const message = errorMessage(error)
  if (fieldErrors && Object.values(fieldErrors).includes(message)) return null
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {message}
    </Alert>
  )
}

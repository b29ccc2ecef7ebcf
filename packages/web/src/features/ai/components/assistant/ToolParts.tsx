import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import ContentCopy from '@mui/icons-material/ContentCopy'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { isApiError } from '../../../../api/errors'
import { AiErrorAlert } from '../AiErrorAlert'
import type { AiOutcome } from '../../use-ai-request'

/** The length of a text against its limit, or how far over it is. */
export const counter = (text: unknown, max: number) => {
  const length = typeof text === 'string' ? text.trim().length : 0
  return length > max
    ? `${(length - max).toLocaleString()} characters over the limit of ${max.toLocaleString()}`
    : `${length.toLocaleString()} / ${max.toLocaleString()}`
}

/** Copies a text; says so for a moment, or says that the browser refused. */
export const CopyButton = ({ text, label = 'Copy' }: { text: string; label?: string }) => {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  return (
    <Button
      size="small"
      startIcon={<ContentCopy fontSize="small" />}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
        window.setTimeout(() => setState('idle'), 2500)
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : label}
    </Button>
  )
}

/** Progress while the engine writes, with what it is doing. */
export const Working = ({ label }: { label: string }) => (
  <Box role="status" sx={{ mt: 2 }}>
    <LinearProgress />
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {label}
    </Typography>
  </Box>
)

/** One tool of the page: its form, and under it the progress, the failure and the result. */
export const ToolForm = ({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  children: ReactNode
}) => (
  <Paper
    variant="outlined"
    component="form"
    noValidate
    onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
    sx={{ p: { xs: 2, sm: 3 } }}
  >
    {children}
  </Paper>
)

/**
 * After a request failed: a reason the server gave for one of the form's fields goes under that field (the
 * failure alert then stays away); anything else is for `ToolFailure`.
 */
export const showFieldFailure = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  outcome: AiOutcome,
  fields: readonly FieldPath<T>[],
) => {
  if (!outcome.failed || !isApiError(outcome.error)) return
  const { error } = outcome
  const field = fields.find((name) => error.field(name))
  if (field) setError(field, { type: 'server', message: error.field(field) ?? error.message }, { shouldFocus: true })
}

type FailureProps<T extends FieldValues> = {
  request: { status: string; error: unknown; retry: () => void }
  errors: FieldErrors<T>
}

/** The request's failure with Retry, unless a field already says what is wrong. */
export const ToolFailure = <T extends FieldValues>({ request, errors }: FailureProps<T>) => {
  const onField = Object.values(errors).some((error) => (error as { type?: string } | undefined)?.type === 'server')
  return request.status === 'error' && !onField ? <AiErrorAlert error={request.error} onRetry={request.retry} /> : null
}

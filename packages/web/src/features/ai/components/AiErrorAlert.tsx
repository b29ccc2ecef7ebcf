import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import { useEffect, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useIsAdmin } from '../../../app/hooks'
import { describeAiError } from '../errors'

type Props = { error: unknown; onRetry?: (() => void) | undefined; compact?: boolean }

const renewal = (seconds: number) =>
  new Date(Date.now() + seconds * 1000).toLocaleDateString(undefined, { day: 'numeric', month: 'long' })

/** Counts down the seconds of a Retry-After, so Retry is offered when it can work. */
const useCountdown = (seconds: number | null) => {
  const [until] = useState(() => (seconds ? Date.now() + seconds * 1000 : 0))
  const [left, setLeft] = useState(() => Math.ceil(seconds ?? 0))
  useEffect(() => {
    if (!until) return
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000))
      setLeft(remaining)
      if (remaining === 0) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [until])
  return left
}

/** An AI helper's failure: what happened in the server's words, what to do next, and Retry when it can help. */
export const AiErrorAlert = ({ error, onRetry, compact = false }: Props) => {
  const view = describeAiError(error)
  const isAdmin = useIsAdmin()
  const waiting = useCountdown(view.plan ? null : view.retryAfter)
  const canRetry = Boolean(onRetry) && view.retryable
  return (
    <Alert
      severity={view.plan || !view.retryable ? 'warning' : 'error'}
      sx={{ my: compact ? 1 : 2 }}
      action={
        canRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={waiting > 0}>
            {waiting > 0 ? `Retry in ${waiting} s` : 'Retry'}
          </Button>
        ) : undefined
      }
    >
      {view.message}
      {view.next ? ` ${view.next}` : null}
      {view.plan ? (
        <>
          {view.retryAfter ? ` It renews on ${renewal(view.retryAfter)}.` : null}{' '}
          {isAdmin ? (
            <Link component={RouterLink} to="/settings/plan">
              See plans
            </Link>
          ) : (
            'Ask an administrator about a larger plan.'
          )}
        </>
      ) : null}
    </Alert>
  )
}

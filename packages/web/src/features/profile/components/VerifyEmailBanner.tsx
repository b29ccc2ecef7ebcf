import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { apiFetch } from '../../../api/client'
import { errorMessage } from '../../../api/errors'
import { useIsAdmin } from '../../../app/hooks'
import { useProfile } from '../api'

const dismissKey = (userId: number) => `proxima_verify_banner_dismissed:${userId}`

const wasDismissed = (userId: number) => {
  try {
    return window.sessionStorage.getItem(dismissKey(userId)) === '1'
  } catch {
    return false
  }
}

/**
 * Asks a signed-in member whose email address is unconfirmed to confirm it, and offers a new activation link, or
 * says plainly that this server cannot send one because mail is not configured. Dismissed for the browser session.
 */
export const VerifyEmailBanner = () => {
  const profile = useProfile()
  const isAdmin = useIsAdmin()
  const [dismissed, setDismissed] = useState(false)
  const resend = useMutation({
    mutationFn: (email: string) =>
      apiFetch<{ message: string }>('/api/auth/resendactivationlink/', { method: 'POST', body: { email } }),
  })
  const me = profile.data
  if (!me || me.email_verified || dismissed || wasDismissed(me.id)) return null

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(dismissKey(me.id), '1')
    } catch {
      // storage unavailable: hidden until the page is reloaded
    }
    setDismissed(true)
  }
  const invitations = isAdmin ? (
    <>
      {' '}
      Meanwhile, copy invitation links from{' '}
      <Link component={RouterLink} to="/settings/employees" color="inherit">
        Settings → Employees
      </Link>{' '}
      and send them yourself.
    </>
  ) : null

  if (!me.mail_configured) {
    return (
      <Alert severity="warning" onClose={dismiss} closeText="Dismiss" sx={{ mb: 2 }}>
        <AlertTitle>Your email address is not confirmed</AlertTitle>
        Mail is not configured on this server, so no activation email can be sent to {me.email}
        {isAdmin ? ', and invitation emails are not sent either' : ''}. The person who runs Proxima can set it up
        (SYSTEM_SMTP_URL, see the Mail section of the README).
        {invitations}
      </Alert>
    )
  }

  return (
    <Alert
      severity="warning"
      onClose={dismiss}
      closeText="Dismiss"
      sx={{ mb: 2 }}
      action={
        resend.isSuccess ? undefined : (
          <Button color="inherit" size="small" onClick={() => resend.mutate(me.email)} disabled={resend.isPending}>
            {resend.isPending ? 'Requesting…' : 'Resend activation email'}
          </Button>
        )
      }
    >
      <AlertTitle>Confirm your email address</AlertTitle>
      {resend.isSuccess
        ? `A new activation link for ${me.email} was requested. Check your inbox in a few minutes; the link is valid for 48 hours.`
        : `Confirm ${me.email} with the link in your activation email.${isAdmin ? ' Until then, invitation emails you send wait in the outbox.' : ''}`}
      {resend.isError ? ` ${errorMessage(resend.error)}` : null}
    </Alert>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { InvitationAccountForm, Texts } from '@proxima/contracts/credentials'
import { useState } from 'react'
import { hasStatus } from '../../../api/errors'
import { SIGN_IN_PATH } from '../../../app/sign-in-link'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { ROOT_ERROR, showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { ErrorState, LoadingState } from '../../../ui/states'
import { acceptInvitation, type InvitationPreviewData } from '../api'
import { AuthLayout } from '../components/AuthLayout'
import { GoogleOption } from '../components/GoogleOption'
import { openDashboard } from '../hand-over'
import { useInvitationPreview } from '../use-invitation-preview'

const FIELDS = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
] as const
const FIELD_NAMES = FIELDS.map((f) => f.name)

/** Once accepted, the new member's session opens the dashboard's overview. */
const join = async (...request: Parameters<typeof acceptInvitation>) =>
  openDashboard(await acceptInvitation(...request), '/')

const AcceptForm = ({ token, invite }: { token: string; invite: InvitationPreviewData }) => {
  const [googleBusy, setGoogleBusy] = useState(false)
  const form = useContractForm(InvitationAccountForm, {
    defaultValues: { token, username: '', first_name: '', last_name: '', password: '', confirm_password: '' },
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await join(values)
    } catch (error) {
      showSubmitError(form.setError, error, FIELD_NAMES)
    }
  })

  const onGoogleCredential = async (credential: string) => {
    form.clearErrors()
    setGoogleBusy(true)
    try {
      await join({ token, google_credential: credential })
    } catch (error) {
      setGoogleBusy(false)
      showSubmitError(form.setError, error, [])
    }
  }

  return (
    <AuthLayout title={`Join ${invite.tenant_name}`} maxWidth="sm">
      <Typography color="text.secondary">
        {invite.invited_by_name} invited <strong>{invite.email}</strong> to join {invite.tenant_name} as{' '}
        {invite.user_type === 'admin' ? 'an admin' : 'an employee'}. Create your account to accept.
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Accept invitation"
        sx={{ mt: 1 }}
      >
        {FIELDS.map((field) => (
          <FormText
            key={field.name}
            control={form.control}
            name={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            disabled={googleBusy}
            required
          />
        ))}
        <FormAlert control={form.control} />
        <SubmitButton
          control={form.control}
          pendingLabel="Creating account…"
          size="large"
          fullWidth
          disabled={googleBusy}
          sx={{ mt: 2 }}
        >
          Accept invitation
        </SubmitButton>
      </Box>
      <GoogleOption
        text="continue_with"
        onCredential={(credential) => void onGoogleCredential(credential)}
        onFailure={(message) => form.setError(ROOT_ERROR, { type: 'server', message })}
      />
    </AuthLayout>
  )
}

/** An invitation link (`?token=`): who invited whom, and the account to create to accept. */
export const InvitationPage = () => {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '')
  const preview = useInvitationPreview(token)

  if (!token || preview.error) {
    const invalid = !token || hasStatus(preview.error, 400)
    return (
      <AuthLayout title="Join your team">
        {invalid ? (
          <Alert severity="error" sx={{ my: 2 }}>
            {preview.error instanceof Error ? preview.error.message : Texts.invitationInvalid} Ask your administrator to
            send a new invitation.
          </Alert>
        ) : (
          <ErrorState error={preview.error} onRetry={preview.retry} retrying={preview.retrying} />
        )}
        <Link href={SIGN_IN_PATH}>Go to sign in</Link>
      </AuthLayout>
    )
  }

  if (!preview.invite) {
    return (
      <AuthLayout title="Join your team">
        <LoadingState label="Checking your invitation…" />
      </AuthLayout>
    )
  }

  return <AcceptForm token={token} invite={preview.invite} />
}

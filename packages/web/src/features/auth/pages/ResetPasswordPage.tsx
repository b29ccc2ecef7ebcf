import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { ResetPasswordForm, Texts } from '@proxima/contracts/credentials'
import { useState } from 'react'
import { isApiError } from '../../../api/errors'
import { SIGN_IN_PATH } from '../../../app/sign-in-link'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { resetPassword } from '../api'
import { AuthLayout } from '../components/AuthLayout'
import { AUTH_PAGES } from '../paths'

const FIELDS = ['new_password', 'confirm_password'] as const

const InvalidLink = ({ text }: { text: string }) => (
  <Alert severity="error" sx={{ my: 2 }}>
    {text} <Link href={AUTH_PAGES.forgotPassword}>Request a new link</Link>
  </Alert>
)

/** Chooses a new password with the token of a reset link (`?token=`). */
export const ResetPasswordPage = () => {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '')
  const [done, setDone] = useState<string | null>(null)
  const [linkRefused, setLinkRefused] = useState<string | null>(null)
  const form = useContractForm(ResetPasswordForm, {
    defaultValues: { token, new_password: '', confirm_password: '' },
  })

  const submit = form.handleSubmit(async (values) => {
    setLinkRefused(null)
    try {
      setDone((await resetPassword(values)).message)
    } catch (error) {
      if (isApiError(error) && error.code === 'auth.reset_token_invalid') setLinkRefused(error.message)
      else showSubmitError(form.setError, error, FIELDS)
    }
  })

  // The token is no field of the form: a link whose token cannot be valid says so like a refused one.
  const badLink = form.formState.errors.token ? Texts.resetTokenInvalid : linkRefused

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters with at least one letter and one digit."
    >
      {!token ? <InvalidLink text={Texts.resetTokenInvalid} /> : null}
      {done ? (
        <Stack spacing={2} sx={{ my: 2 }}>
          <Alert severity="success">{done}</Alert>
          <Button href={SIGN_IN_PATH} variant="contained">
            Sign in
          </Button>
        </Stack>
      ) : null}
      {token && !done ? (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormText
            control={form.control}
            name="new_password"
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
            required
          />
          <FormText
            control={form.control}
            name="confirm_password"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
          />
          {badLink ? <InvalidLink text={badLink} /> : <FormAlert control={form.control} />}
          <SubmitButton control={form.control} pendingLabel="Saving…" size="large" fullWidth sx={{ mt: 2 }}>
            Set new password
          </SubmitButton>
        </Box>
      ) : null}
      <Box sx={{ mt: 3 }}>
        <Link href={SIGN_IN_PATH}>Back to sign in</Link>
      </Box>
    </AuthLayout>
  )
}

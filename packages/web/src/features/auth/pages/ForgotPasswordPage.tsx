import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import { ForgotPasswordRequest } from '@proxima/contracts/credentials'
import { useState } from 'react'
import { SIGN_IN_PATH } from '../../../app/sign-in-link'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { requestPasswordReset } from '../api'
import { AuthLayout } from '../components/AuthLayout'

/** Asks for a password reset link by email. */
export const ForgotPasswordPage = () => {
  const [sent, setSent] = useState<string | null>(null)
  const form = useContractForm(ForgotPasswordRequest, { defaultValues: { email: '' } })

  const submit = form.handleSubmit(async (values) => {
    try {
      setSent((await requestPasswordReset(values)).message)
    } catch (error) {
      showSubmitError(form.setError, error, ['email'])
    }
  })

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert severity="success" sx={{ my: 2 }}>
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormText
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            required
          />
          <FormAlert control={form.control} />
          <SubmitButton control={form.control} pendingLabel="Sending…" size="large" fullWidth sx={{ mt: 2 }}>
            Send reset link
          </SubmitButton>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <Link href={SIGN_IN_PATH}>Back to sign in</Link>
      </Box>
    </AuthLayout>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { ResetPasswordRequest, Texts } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { isApiError } from '../../../api/errors'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { resetPassword } from '../api'
import { AuthLayout } from '../components/AuthLayout'

const FIELDS = ['new_password', 'confirm_password'] as const

const InvalidLink = ({ text }: { text: string }) => (
  <Alert severity="error" sx={{ my: 2 }}>
    {text}{' '}
    <Link component={RouterLink} to="/auth/forgot-password">
      Request a new link
    </Link>
  </Alert>
)

export const ResetPasswordPage = () => {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [values, setValues] = useState({ new_password: '', confirm_password: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: resetPassword,
    onError: (error) => setErrors(pickErrors(serverFieldErrors(error), FIELDS)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(ResetPasswordRequest, { token, ...values })
    const next: FieldErrors = result.ok ? {} : result.errors
    if (values.confirm_password && values.new_password !== values.confirm_password) {
      next.confirm_password = Texts.passwordMismatch
    }
    setErrors(next)
    if (!result.ok || Object.keys(next).length > 0) return
    mutation.mutate(result.data)
  }

  const tokenRejected = isApiError(mutation.error) && mutation.error.code === 'auth.reset_token_invalid'

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters with at least one letter and one digit."
    >
      {!token ? <InvalidLink text={Texts.resetTokenInvalid} /> : null}
      {mutation.isSuccess ? (
        <Stack spacing={2} sx={{ my: 2 }}>
          <Alert severity="success">{mutation.data.message}</Alert>
          <Button component={RouterLink} to="/auth/login" variant="contained">
            Sign in
          </Button>
        </Stack>
      ) : null}
      {token && !mutation.isSuccess ? (
        <Box component="form" noValidate onSubmit={submit}>
          {(['new_password', 'confirm_password'] as const).map((field) => (
            <TextInput
              key={field}
              label={field === 'new_password' ? 'New password' : 'Confirm password'}
              type="password"
              autoComplete="new-password"
              autoFocus={field === 'new_password'}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              error={Boolean(errors[field])}
              helperText={errors[field]}
              disabled={mutation.isPending}
              required
            />
          ))}
          {tokenRejected ? (
            <InvalidLink text={mutation.error?.message ?? Texts.resetTokenInvalid} />
          ) : (
            <FormError error={mutation.error} fieldErrors={errors} />
          )}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending} sx={{ mt: 2 }}>
            {mutation.isPending ? 'Saving…' : 'Set new password'}
          </Button>
        </Box>
      ) : null}
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/auth/login">
          Back to sign in
        </Link>
      </Box>
    </AuthLayout>
  )
}

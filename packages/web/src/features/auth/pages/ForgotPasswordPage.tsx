import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import { ForgotPasswordRequest } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { validate, type FieldErrors } from '../../../ui/forms'
import { requestPasswordReset } from '../api'
import { AuthLayout } from '../components/AuthLayout'

export const ForgotPasswordPage = () => {
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({ mutationFn: requestPasswordReset })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(ForgotPasswordRequest, { email })
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    mutation.mutate(result.data.email)
  }

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {mutation.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          {mutation.data.message}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email}
            disabled={mutation.isPending}
            required
          />
          <FormError error={mutation.error} fieldErrors={errors} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending} sx={{ mt: 2 }}>
            {mutation.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/auth/login">
          Back to sign in
        </Link>
      </Box>
    </AuthLayout>
  )
}

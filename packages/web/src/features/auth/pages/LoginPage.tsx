import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { SigninRequest, type StaffSession } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { Suspense, lazy, useState, type FormEvent } from 'react'
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router'
import { googleEnabled } from '../../../app/config'
import { useAppDispatch, useSessionUser } from '../../../app/hooks'
import { signedIn } from '../../../app/session'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { signIn, signInWithGoogle } from '../api'
import { AuthLayout } from '../components/AuthLayout'
import { ResendActivation } from '../components/ResendActivation'
import { ACTIVATED_TEXT, activationErrorText, signinErrorText } from '../messages'

const GoogleSignInButton = lazy(() =>
  import('../components/GoogleSignInButton').then((m) => ({ default: m.GoogleSignInButton })),
)

/** Where to go after signing in: back to the page that asked for a session, else the overview. */
const useReturnPath = (): string => {
  const state = useLocation().state as { from?: string } | null
  const from = state?.from
  return from && from.startsWith('/') && !from.startsWith('/auth/') ? from : '/'
}

export const LoginPage = () => {
  const user = useSessionUser()
  const dispatch = useAppDispatch()
  const returnPath = useReturnPath()
  const [params] = useSearchParams()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [googleError, setGoogleError] = useState<string | null>(null)

  // Storing the session re-renders this page, which then redirects to the return path.
  const onSession = (session: StaffSession) => dispatch(signedIn(session))

  const signin = useMutation({
    mutationFn: (body: { email: string; password: string }) => signIn(body.email, body.password),
    onSuccess: onSession,
    onError: (error) => setFieldErrors(pickErrors(serverFieldErrors(error), ['email', 'password'])),
  })
  const google = useMutation({ mutationFn: signInWithGoogle, onSuccess: onSession })

  if (user) return <Navigate to={returnPath} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setGoogleError(null)
    google.reset()
    const result = validate(SigninRequest.pick({ email: true, password: true }), { email, password })
    if (!result.ok) return setFieldErrors(result.errors)
    setFieldErrors({})
    signin.mutate(result.data)
  }

  const activated = params.get('activated') === '1'
  const activationError = params.get('activation_error')
  const redirectError = params.get('error')
  const busy = signin.isPending || google.isPending

  return (
    <AuthLayout title="Sign in" subtitle="Sign in to your organization's Proxima dashboard.">
      {activated ? (
        <Alert severity="info" sx={{ my: 2 }}>
          {ACTIVATED_TEXT}
        </Alert>
      ) : null}
      {activationError ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {activationErrorText(activationError)}
          <ResendActivation />
        </Alert>
      ) : null}
      {redirectError && !signin.error && !google.error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {signinErrorText(redirectError)}
        </Alert>
      ) : null}

      <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email}
          disabled={busy}
          required
        />
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
          disabled={busy}
          required
        />
        <FormError error={signin.error ?? google.error} fieldErrors={fieldErrors} />
        {googleError ? (
          <Alert severity="error" sx={{ my: 2 }}>
            {googleError}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {signin.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Box>

      {googleEnabled ? (
        <>
          <Divider sx={{ my: 3 }}>or</Divider>
          <Suspense fallback={<Box sx={{ minHeight: 44 }} />}>
            <GoogleSignInButton
              onCredential={(credential) => {
                setGoogleError(null)
                signin.reset()
                google.mutate(credential)
              }}
              onFailure={(message) => setGoogleError(message)}
            />
          </Suspense>
        </>
      ) : null}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/auth/forgot-password">
          Forgot password?
        </Link>
        <Link component={RouterLink} to="/auth/onboarding">
          Create an organization
        </Link>
      </Stack>
    </AuthLayout>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import { SigninCredentials } from '@proxima/contracts/credentials'
import { Suspense, lazy, useState } from 'react'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { ROOT_ERROR, showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { signIn, signInWithGoogle } from '../api'
import { AuthLayout } from '../components/AuthLayout'
import { GoogleOption } from '../components/GoogleOption'
import { openDashboard } from '../hand-over'
import { AUTH_PAGES } from '../paths'
import { ACTIVATED_TEXT, activationErrorText, signinErrorText } from '../messages'

const FIELDS = ['email', 'password'] as const

/** Only someone whose activation link failed needs it. */
const ResendActivation = lazy(() =>
  import('../components/ResendActivation').then((m) => ({ default: m.ResendActivation })),
)

/** What the links that lead here say: `?activated=1`, `?activation_error=<code>`, `?error=<code>` (Google redirect). */
const readNotices = () => {
  const params = new URLSearchParams(window.location.search)
  return {
    activated: params.get('activated') === '1',
    activationError: params.get('activation_error'),
    redirectError: params.get('error'),
  }
}

/** Sign-in with email and password, or Google's button; a session opens the dashboard at `?next=`. */
export const LoginPage = () => {
  const [notices] = useState(readNotices)
  const [googleBusy, setGoogleBusy] = useState(false)
  const form = useContractForm(SigninCredentials, { defaultValues: { email: '', password: '' } })

  const submit = form.handleSubmit(async (values) => {
    try {
      await openDashboard(await signIn(values))
    } catch (error) {
      showSubmitError(form.setError, error, FIELDS)
    }
  })

  const onGoogleCredential = async (credential: string) => {
    form.clearErrors()
    setGoogleBusy(true)
    try {
      await openDashboard(await signInWithGoogle(credential))
    } catch (error) {
      setGoogleBusy(false)
      showSubmitError(form.setError, error, [])
    }
  }

  // A new attempt replaces the error the page was opened with.
  const attempted = form.formState.submitCount > 0 || googleBusy || Boolean(form.formState.errors.root)

  return (
    <AuthLayout title="Sign in" subtitle="Sign in to your organization's Proxima dashboard.">
      {notices.activated ? (
        <Alert severity="info" sx={{ my: 2 }}>
          {ACTIVATED_TEXT}
        </Alert>
      ) : null}
      {notices.activationError ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {activationErrorText(notices.activationError)}
          <Suspense fallback={null}>
            <ResendActivation />
          </Suspense>
        </Alert>
      ) : null}
      {notices.redirectError && !attempted ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {signinErrorText(notices.redirectError)}
        </Alert>
      ) : null}

      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Sign in">
        <FormText
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={googleBusy}
          required
        />
        <FormText
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          disabled={googleBusy}
          required
        />
        <FormAlert control={form.control} />
        <SubmitButton
          control={form.control}
          pendingLabel="Signing in…"
          size="large"
          fullWidth
          disabled={googleBusy}
          sx={{ mt: 2 }}
        >
          Sign in
        </SubmitButton>
      </Box>

      <GoogleOption
        onCredential={(credential) => void onGoogleCredential(credential)}
        onFailure={(message) => form.setError(ROOT_ERROR, { type: 'server', message })}
      />

      <Box
        sx={{
          mt: 3,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          justifyContent: 'space-between',
        }}
      >
        <Link href={AUTH_PAGES.forgotPassword}>Forgot password?</Link>
        <Link href="/auth/onboarding">Create an organization</Link>
      </Box>
    </AuthLayout>
  )
}

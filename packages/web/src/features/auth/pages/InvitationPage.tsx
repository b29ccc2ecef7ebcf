import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { AcceptInvitationRequest, Texts, type StaffSession } from '@proxima/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Suspense, lazy, useState, type FormEvent } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { googleEnabled } from '../../../app/config'
import { useAppDispatch } from '../../../app/hooks'
import { signedIn } from '../../../app/session'
import { ErrorState, FormError, LoadingState } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { acceptInvitation, previewInvitation } from '../api'
import { AuthLayout } from '../components/AuthLayout'

const GoogleSignInButton = lazy(() =>
  import('../components/GoogleSignInButton').then((m) => ({ default: m.GoogleSignInButton })),
)

const FIELDS = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
] as const
type FieldName = (typeof FIELDS)[number]['name']
const FIELD_NAMES = FIELDS.map((f) => f.name)

const AcceptForm = AcceptInvitationRequest.required({
  username: true,
  first_name: true,
  last_name: true,
  password: true,
  confirm_password: true,
})

export const InvitationPage = () => {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [values, setValues] = useState<Record<FieldName, string>>({
    username: '',
    first_name: '',
    last_name: '',
    password: '',
    confirm_password: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [googleError, setGoogleError] = useState<string | null>(null)

  const preview = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => previewInvitation(token, signal),
    enabled: Boolean(token),
    retry: false,
  })

  const onSession = (session: StaffSession) => {
    dispatch(signedIn(session))
    void navigate('/', { replace: true })
  }
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: onSession,
    onError: (error) => setErrors(pickErrors(serverFieldErrors(error), FIELD_NAMES)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(AcceptForm, { token, ...values })
    const next: FieldErrors = result.ok ? {} : result.errors
    if (values.confirm_password && values.password !== values.confirm_password) {
      next.confirm_password = Texts.passwordMismatch
    }
    setErrors(next)
    if (!result.ok || Object.keys(next).length > 0) return
    accept.mutate(result.data)
  }

  if (!token || preview.isError) {
    const invalid = !token || (preview.error as { status?: number } | null)?.status === 400
    return (
      <AuthLayout title="Join your team">
        {invalid ? (
          <Alert severity="error" sx={{ my: 2 }}>
            {preview.error?.message ?? Texts.invitationInvalid} Ask your administrator to send a new invitation.
          </Alert>
        ) : (
          <ErrorState error={preview.error} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
        )}
        <Link component={RouterLink} to="/auth/login">
          Go to sign in
        </Link>
      </AuthLayout>
    )
  }

  if (preview.isPending) {
    return (
      <AuthLayout title="Join your team">
        <LoadingState label="Checking your invitation…" />
      </AuthLayout>
    )
  }

  const invite = preview.data
  const busy = accept.isPending
  return (
    <AuthLayout title={`Join ${invite.tenant_name}`} maxWidth="sm">
      <Typography color="text.secondary">
        {invite.invited_by_name} invited <strong>{invite.email}</strong> to join {invite.tenant_name} as{' '}
        {invite.user_type === 'admin' ? 'an admin' : 'an employee'}. Create your account to accept.
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Accept invitation" sx={{ mt: 1 }}>
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name]}
            disabled={busy}
            required
          />
        ))}
        <FormError error={accept.error} fieldErrors={errors} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Creating account…' : 'Accept invitation'}
        </Button>
      </Box>
      {googleEnabled ? (
        <>
          <Divider sx={{ my: 3 }}>or</Divider>
          {googleError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {googleError}
            </Alert>
          ) : null}
          <Suspense fallback={<Box sx={{ minHeight: 44 }} />}>
            <GoogleSignInButton
              text="continue_with"
              onCredential={(credential) => {
                setGoogleError(null)
                accept.mutate({ token, google_credential: credential })
              }}
              onFailure={setGoogleError}
            />
          </Suspense>
        </>
      ) : null}
    </AuthLayout>
  )
}

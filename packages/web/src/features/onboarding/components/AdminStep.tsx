import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import { AdminRegistration, Texts, type PlanId, type StaffSession } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { isApiError, type ApiError } from '../../../api/errors'
import { FormError } from '../../../ui/states'
import { PhoneField } from '../../../ui/PhoneField'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { registerAdmin } from '../api'
import type { StoredTenant } from '../tenant-storage'

const TEXT_FIELDS = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', half: false },
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', half: false },
] as const
const PASSWORD_FIELDS = [
  { name: 'password', label: 'Password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm password', autoComplete: 'new-password' },
] as const
const FIELD_NAMES = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phonenumber',
  'password',
  'confirm_password',
] as const

type Values = Record<(typeof FIELD_NAMES)[number], string>

/** Duplicate registrations: both fields, or the one that is taken (product rule). */
const duplicateText = (error: ApiError): string => {
  const username = Boolean(error.fieldErrors.username)
  const email = Boolean(error.fieldErrors.email)
  if (username && email) return Texts.duplicateBoth
  if (username) return Texts.duplicateUsername
  if (email) return Texts.duplicateEmail
  return error.message
}

type Props = {
  tenant: StoredTenant
  plan: PlanId
  onRegistered: (session: StaffSession) => void
  onBack: () => void
  onStartOver: () => void
}

export const AdminStep = ({ tenant, plan, onRegistered, onBack, onStartOver }: Props) => {
  const [values, setValues] = useState<Values>({
    username: '',
    first_name: '',
    last_name: '',
    email: tenant.email,
    phonenumber: '',
    password: '',
    confirm_password: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: registerAdmin,
    onSuccess: onRegistered,
    onError: (error) => setErrors(pickErrors(serverFieldErrors(error), FIELD_NAMES)),
  })
  const set = (field: string) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = {
      tenant_id: tenant.tenant_id,
      onboarding_token: tenant.onboarding_token,
      plan,
      user_type: 'admin',
      ...values,
      phonenumber: values.phonenumber || undefined,
    }
    const result = validate(AdminRegistration, input)
    const next: FieldErrors = result.ok ? {} : result.errors
    if (values.confirm_password && values.password !== values.confirm_password) {
      next.confirm_password = Texts.passwordMismatch
    }
    setErrors(next)
    if (!result.ok || Object.keys(next).length > 0) return
    mutation.mutate({ ...result.data, plan })
  }

  const error = mutation.error
  const apiError = isApiError(error) ? error : null
  const busy = mutation.isPending

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Admin account">
      <Grid container columnSpacing={2}>
        {TEXT_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
            <TextInput
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              autoFocus={field.name === 'username'}
              value={values[field.name]}
              onChange={(e) => set(field.name)(e.target.value)}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]}
              disabled={busy}
              required
            />
          </Grid>
        ))}
        <Grid size={12}>
          <PhoneField
            value={values.phonenumber}
            onChange={set('phonenumber')}
            error={errors.phonenumber}
            disabled={busy}
            helperText="Optional. Include the country code, e.g. +254 712 345678."
          />
        </Grid>
        {PASSWORD_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
            <TextInput
              label={field.label}
              type="password"
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(e) => set(field.name)(e.target.value)}
              error={Boolean(errors[field.name])}
              helperText={
                errors[field.name] ??
                (field.name === 'password' ? 'At least 8 characters, with a letter and a digit.' : '')
              }
              disabled={busy}
              required
            />
          </Grid>
        ))}
      </Grid>
      {apiError?.code === 'tenant.onboarding_token_invalid' ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onStartOver}>
              Start over
            </Button>
          }
        >
          {apiError.message}
        </Alert>
      ) : apiError?.status === 409 ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {duplicateText(apiError)}
        </Alert>
      ) : (
        <FormError error={error} fieldErrors={errors} />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
        <Button onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
      </Box>
    </Box>
  )
}

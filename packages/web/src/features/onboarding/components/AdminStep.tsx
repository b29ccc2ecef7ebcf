import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import { AdminRegistration, Texts, type PlanId, type StaffSession } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormState } from 'react-hook-form'
import { errorMessage, isApiError } from '../../../api/errors'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormPhone } from '../../../ui/form/FormPhone'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { registerAdmin } from '../api'
import type { StoredTenant } from '../tenant-storage'

/** The person's fields of the admin registration; the two passwords must match, as the server requires. */
const AdminFields = AdminRegistration.pick({
  username: true,
  first_name: true,
  last_name: true,
  email: true,
  phonenumber: true,
  password: true,
  confirm_password: true,
}).refine((v) => v.password === v.confirm_password, {
  path: ['confirm_password'],
  error: Texts.passwordMismatch,
})

const FIELDS = ['username', 'first_name', 'last_name', 'email', 'phonenumber', 'password', 'confirm_password'] as const

const TEXT_FIELDS = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', half: false },
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', half: false },
] as const
const PASSWORD_FIELDS = [
  {
    name: 'password',
    label: 'Password',
    help: 'At least 8 characters, with a letter and a digit.',
    // The confirmation is checked against the password, so changing the password checks it again.
    deps: ['confirm_password'],
  },
  { name: 'confirm_password', label: 'Confirm password', help: undefined, deps: undefined },
] as const

type Props = {
  tenant: StoredTenant
  plan: PlanId
  onRegistered: (session: StaffSession) => void
  onBack: () => void
  onStartOver: () => void
}

export const AdminStep = ({ tenant, plan, onRegistered, onBack, onStartOver }: Props) => {
  const mutation = useMutation({ mutationFn: registerAdmin })
  // The onboarding link ran out (or was used): only starting over helps, so it is said with that button.
  const [expired, setExpired] = useState<string | null>(null)
  const form = useContractForm(AdminFields, {
    defaultValues: {
      username: '',
      first_name: '',
      last_name: '',
      email: tenant.email,
      phonenumber: null,
      password: '',
      confirm_password: '',
    },
  })
  const { isSubmitting } = useFormState({ control: form.control })

  const submit = form.handleSubmit(async (values) => {
    setExpired(null)
    try {
      const session = await mutation.mutateAsync({
        ...values,
        tenant_id: tenant.tenant_id,
        onboarding_token: tenant.onboarding_token,
        user_type: 'admin',
        plan,
      })
      onRegistered(session)
    } catch (error) {
      if (isApiError(error) && error.code === 'tenant.onboarding_token_invalid') setExpired(errorMessage(error))
      else showSubmitError(form.setError, error, FIELDS)
    }
  })

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Admin account">
      <Grid container columnSpacing={2}>
        {TEXT_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
            <FormText
              control={form.control}
              name={field.name}
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              autoFocus={field.name === 'username'}
              required
            />
          </Grid>
        ))}
        <Grid size={12}>
          <FormPhone control={form.control} name="phonenumber" />
        </Grid>
        {PASSWORD_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
            <FormText
              control={form.control}
              name={field.name}
              label={field.label}
              type="password"
              autoComplete="new-password"
              helperText={field.help}
              {...(field.deps ? { deps: [...field.deps] } : {})}
              required
            />
          </Grid>
        ))}
      </Grid>
      {expired ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onStartOver}>
              Start over
            </Button>
          }
        >
          {expired}
        </Alert>
      ) : null}
      <FormAlert control={form.control} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
        <Button onClick={onBack} disabled={isSubmitting}>
          Back
        </Button>
        <SubmitButton control={form.control} pendingLabel="Creating account…" size="large">
          Create account
        </SubmitButton>
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { TenantCreate, type TenantCreated } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { isApiError } from '../../../api/errors'
import { FormError } from '../../../ui/states'
import { PhoneField } from '../../../ui/PhoneField'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { IndustryField } from '../../organization/components/IndustryField'
import { browserTimeZone, createTenant } from '../api'

const OrganizationFields = TenantCreate.pick({ tenant_name: true, industry: true, email: true, phonenumber: true })
const FIELDS = ['tenant_name', 'industry', 'email', 'phonenumber']

type Props = { onCreated: (reply: TenantCreated, requestEmail: string) => void }

export const OrganizationStep = ({ onCreated }: Props) => {
  const [values, setValues] = useState({ tenant_name: '', industry: '', email: '', phonenumber: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: createTenant,
    onError: (error) => {
      const fields = pickErrors(serverFieldErrors(error), FIELDS)
      if (isApiError(error) && error.code === 'tenant.name_taken') fields.tenant_name = error.message
      setErrors(fields)
    },
  })
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(OrganizationFields, { ...values, phonenumber: values.phonenumber || undefined })
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    const timezone = browserTimeZone()
    const body = { ...result.data, ...(timezone ? { timezone } : {}) }
    mutation.mutate(body, { onSuccess: (reply) => onCreated(reply, result.data.email) })
  }

  const busy = mutation.isPending
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Organization details">
      <TextInput
        label="Organization name"
        autoComplete="organization"
        autoFocus
        value={values.tenant_name}
        onChange={(e) => set('tenant_name')(e.target.value)}
        error={Boolean(errors.tenant_name)}
        helperText={errors.tenant_name}
        disabled={busy}
        required
      />
      <IndustryField value={values.industry} onChange={set('industry')} error={errors.industry} disabled={busy} />
      <TextInput
        label="Organization email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email ?? 'Where we can reach your organization.'}
        disabled={busy}
        required
      />
      <PhoneField
        value={values.phonenumber}
        onChange={set('phonenumber')}
        error={errors.phonenumber}
        disabled={busy}
        helperText="Optional. Include the country code, e.g. +254 712 345678."
      />
      <FormError error={mutation.error} fieldErrors={errors} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Saving…' : 'Continue'}
        </Button>
      </Box>
    </Box>
  )
}

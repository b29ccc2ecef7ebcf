import Box from '@mui/material/Box'
import { TenantCreate, type TenantCreated } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { Controller } from 'react-hook-form'
import { isApiError } from '../../../api/errors'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { IndustryField } from '../../organization/components/IndustryField'
import { browserTimeZone, createTenant } from '../api'
import { FormPhone } from '../../../ui/form/FormPhone'

/** The fields of this step; the plan is chosen next and the time zone comes from the browser. */
const OrganizationFields = TenantCreate.pick({ tenant_name: true, industry: true, email: true, phonenumber: true })

type Props = { onCreated: (reply: TenantCreated, requestEmail: string) => void }

export const OrganizationStep = ({ onCreated }: Props) => {
  const mutation = useMutation({ mutationFn: createTenant })
  const form = useContractForm(OrganizationFields, {
    defaultValues: { tenant_name: '', industry: '', email: '', phonenumber: null },
  })
  const submit = form.handleSubmit(async (values) => {
    const timezone = browserTimeZone()
    try {
      const reply = await mutation.mutateAsync({ ...values, ...(timezone ? { timezone } : {}) })
      onCreated(reply, values.email)
    } catch (error) {
      // A taken name is the name field's problem, though the server gives it as a sentence only.
      if (isApiError(error) && error.code === 'tenant.name_taken')
        form.setError('tenant_name', { type: 'server', message: error.message }, { shouldFocus: true })
      else showSubmitError(form.setError, error, ['tenant_name', 'industry', 'email', 'phonenumber'])
    }
  })

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Organization details">
      <FormText
        control={form.control}
        name="tenant_name"
        label="Organization name"
        autoComplete="organization"
        autoFocus
        required
      />
      <Controller
        control={form.control}
        name="industry"
        render={({ field, fieldState, formState }) => (
          <IndustryField
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={formState.isSubmitting}
          />
        )}
      />
      <FormText
        control={form.control}
        name="email"
        label="Organization email"
        type="email"
        autoComplete="email"
        helperText="Where we can reach your organization."
        required
      />
      <FormPhone control={form.control} name="phonenumber" />
      <FormAlert control={form.control} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SubmitButton control={form.control} pendingLabel="Saving…" size="large">
          Continue
        </SubmitButton>
      </Box>
    </Box>
  )
}

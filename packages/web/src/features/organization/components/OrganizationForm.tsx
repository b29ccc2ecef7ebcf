import Box from '@mui/material/Box'
import { TenantUpdate, type Tenant } from '@proxima/contracts'
import { Controller } from 'react-hook-form'
import { isApiError } from '../../../api/errors'
import { useAppDispatch } from '../../../app/hooks'
import { tenantRenamed } from '../../../app/session'
import { FormAlert, SaveChanges } from '../../../ui/form/FormFooter'
import { FormPhone } from '../../../ui/form/FormPhone'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { useUpdateTenant } from '../api'
import { IndustryField } from './IndustryField'

const FIELDS = ['tenant_name', 'industry', 'email', 'phonenumber'] as const

const valuesOf = (tenant: Tenant) => ({
  tenant_name: tenant.tenant_name,
  industry: tenant.industry,
  email: tenant.email,
  phonenumber: tenant.phonenumber,
})

/** The organization's name, industry, email and phone number (admins only). */
export const OrganizationForm = ({ tenant }: { tenant: Tenant }) => {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const update = useUpdateTenant()
  const form = useContractForm(TenantUpdate, { defaultValues: valuesOf(tenant) })
  const busy = form.formState.isSubmitting

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values)
      form.reset(valuesOf(saved))
      if (saved.tenant_name !== tenant.tenant_name) dispatch(tenantRenamed(saved.tenant_name))
      toast.success('Organization details are saved.')
    } catch (error) {
      // The name is unique across organizations; the server says so without naming the field.
      if (isApiError(error) && error.code === 'tenant.name_taken') {
        form.setError('tenant_name', { type: 'server', message: error.message }, { shouldFocus: true })
      } else showSubmitError(form.setError, error, FIELDS)
    }
  })

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormText
        control={form.control}
        name="tenant_name"
        label="Organization name"
        autoComplete="organization"
        required
      />
      <Controller
        control={form.control}
        name="industry"
        render={({ field, fieldState }) => (
          <IndustryField
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={busy}
          />
        )}
      />
      <FormText
        control={form.control}
        name="email"
        label="Organization email"
        type="email"
        autoComplete="email"
        required
      />
      <FormPhone control={form.control} name="phonenumber" />
      <FormAlert control={form.control} />
      <SaveChanges control={form.control} onDiscard={() => form.reset()} />
    </Box>
  )
}

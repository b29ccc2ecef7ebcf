import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { TenantUpdate, type Tenant } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { useAppDispatch, useIsAdmin } from '../../../app/hooks'
import { tenantRenamed } from '../../../app/session'
import { PageHeader } from '../../../ui/PageHeader'
import { PhoneField } from '../../../ui/PhoneField'
import { ErrorState, FormError, SkeletonBlock } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { formatDate } from '../../subscription/plan-text'
import { useTenant, useUpdateTenant } from '../api'
import { IndustryField } from '../components/IndustryField'

type Values = { tenant_name: string; industry: string; email: string; phonenumber: string }
const FIELDS = ['tenant_name', 'industry', 'email', 'phonenumber']

const toValues = (tenant: Tenant): Values => ({
  tenant_name: tenant.tenant_name,
  industry: tenant.industry,
  email: tenant.email,
  phonenumber: tenant.phonenumber ?? '',
})

const TenantForm = ({ tenant }: { tenant: Tenant }) => {
  const dispatch = useAppDispatch()
  const update = useUpdateTenant()
  const [values, setValues] = useState<Values>(() => toValues(tenant))
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: keyof Values) => (value: string) => {
    update.reset()
    setValues((v) => ({ ...v, [field]: value }))
  }

  const original = toValues(tenant)
  const changed = (Object.keys(values) as (keyof Values)[]).filter((key) => values[key].trim() !== original[key])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input: Record<string, string | null> = {}
    for (const key of changed) input[key] = key === 'phonenumber' ? values[key] || null : values[key]
    const result = validate(TenantUpdate, input)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    update.mutate(result.data, {
      onSuccess: (saved) => {
        setValues(toValues(saved))
        if (saved.tenant_name !== tenant.tenant_name) dispatch(tenantRenamed(saved.tenant_name))
      },
      onError: (error) => {
        const fields = pickErrors(serverFieldErrors(error), FIELDS)
        if ((error as { code?: string }).code === 'tenant.name_taken') fields.tenant_name = error.message
        setErrors(fields)
      },
    })
  }

  const busy = update.isPending
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <TextInput
        label="Organization name"
        autoComplete="organization"
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
        helperText={errors.email}
        disabled={busy}
        required
      />
      <PhoneField value={values.phonenumber} onChange={set('phonenumber')} error={errors.phonenumber} disabled={busy} />
      <FormError error={update.error} fieldErrors={errors} />
      {update.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          Organization details saved.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button
          onClick={() => {
            setValues(original)
            setErrors({})
          }}
          disabled={busy || changed.length === 0}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={busy || changed.length === 0}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  )
}

const Details = ({ items }: { items: [string, string][] }) => (
  <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
    {items.map(([term, value]) => (
      <Grid key={term} size={{ xs: 12, sm: 6 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {value || '—'}
        </Typography>
      </Grid>
    ))}
  </Grid>
)

export const OrganizationPage = () => {
  const tenant = useTenant()
  const isAdmin = useIsAdmin()

  return (
    <>
      <PageHeader
        title="Organization"
        description={
          isAdmin ? 'Details of your organization.' : 'Details of your organization. Only admins can change them.'
        }
      />
      {tenant.isPending ? (
        <SkeletonBlock height={320} label="Loading organization…" />
      ) : tenant.isError ? (
        <ErrorState error={tenant.error} onRetry={() => void tenant.refetch()} retrying={tenant.isFetching} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card>
              <CardContent>
                <Typography variant="h2" component="h2" gutterBottom>
                  Profile
                </Typography>
                {isAdmin ? (
                  <TenantForm tenant={tenant.data} />
                ) : (
                  <Details
                    items={[
                      ['Organization name', tenant.data.tenant_name],
                      ['Industry', tenant.data.industry],
                      ['Organization email', tenant.data.email],
                      ['Phone number', tenant.data.phonenumber ?? ''],
                    ]}
                  />
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card>
              <CardContent>
                <Typography variant="h2" component="h2" gutterBottom>
                  Account
                </Typography>
                <Details
                  items={[
                    ['Status', tenant.data.status === 'active' ? 'Active' : tenant.data.status],
                    ['Time zone', tenant.data.timezone],
                    ['Created', formatDate(tenant.data.created_at)],
                    ['Last updated', formatDate(tenant.data.updated_at)],
                  ]}
                />
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </>
  )
}

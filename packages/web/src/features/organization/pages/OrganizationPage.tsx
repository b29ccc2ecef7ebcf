import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { formatDate } from '../../subscription/plan-text'
import { useTenant } from '../api'
import { OrganizationForm } from '../components/OrganizationForm'

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
                  <OrganizationForm tenant={tenant.data} />
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

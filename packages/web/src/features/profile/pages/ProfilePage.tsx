import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { useProfile } from '../api'
import { ChangePasswordForm } from '../components/ChangePasswordForm'
import { ProfileForm } from '../components/ProfileForm'

export const ProfilePage = () => {
  const profile = useProfile()
  return (
    <>
      <PageHeader title="Profile" description="Your personal details and password." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              <Typography variant="h2" component="h2" gutterBottom>
                Personal details
              </Typography>
              {profile.isPending ? (
                <SkeletonBlock height={280} label="Loading profile…" />
              ) : profile.isError ? (
                <ErrorState
                  error={profile.error}
                  onRetry={() => void profile.refetch()}
                  retrying={profile.isFetching}
                />
              ) : (
                <>
                  <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    Signed in as {profile.data.email}
                    {profile.data.email_verified ? '' : ' (email address not yet confirmed)'}
                  </Typography>
                  <ProfileForm profile={profile.data} />
                </>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent>
              <Typography variant="h2" component="h2" gutterBottom>
                Change password
              </Typography>
              <ChangePasswordForm />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  )
}

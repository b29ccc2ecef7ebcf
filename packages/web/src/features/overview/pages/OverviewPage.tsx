import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined'
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined'
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined'
import PersonOutlined from '@mui/icons-material/PersonOutlined'
import { Suspense, lazy, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { RealtimeProvider } from '../../../api/realtime'
import { useStaffUser } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { useSubscription } from '../../subscription/api'
import { StatusChip, TrialStatus } from '../../subscription/components/TrialStatus'
import { useOverviewLive } from '../api'
import { CountCards } from '../components/CountCards'
import { RecentActivity } from '../components/RecentActivity'

/** Its own chunk: the home's first paint does not wait for the analytics figures' code. */
const AtAGlance = lazy(() => import('../components/AtAGlance').then((m) => ({ default: m.AtAGlance })))

type QuickLink = { to: string; title: string; text: string; icon: ReactNode; adminOnly?: boolean }

const QUICK_LINKS: QuickLink[] = [
  {
    to: '/settings/employees',
    title: 'Invite your team',
    text: 'Invite the people who answer your customers.',
    icon: <GroupAddOutlined />,
    adminOnly: true,
  },
  {
    to: '/settings/organization',
    title: 'Organization details',
    text: 'Name, industry and contact details of your organization.',
    icon: <ApartmentOutlined />,
  },
  {
    to: '/settings/plan',
    title: 'Plan & billing',
    text: 'Your plan, trial, limits and usage.',
    icon: <CreditCardOutlined />,
  },
  {
    to: '/profile',
    title: 'Your profile',
    text: 'Your name, username, phone number and password.',
    icon: <PersonOutlined />,
  },
]

const TrialCard = () => {
  const subscription = useSubscription()
  if (subscription.isPending) return <SkeletonBlock height={120} label="Loading subscription…" />
  if (subscription.isError) {
    return (
      <ErrorState
        title="Your subscription could not be loaded"
        error={subscription.error}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    )
  }
  const data = subscription.data
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography sx={{ fontWeight: 500 }}>{data.plan_name} plan</Typography>
        <StatusChip status={data.status} />
      </Box>
      <TrialStatus subscription={data} />
      <Button component={RouterLink} to="/settings/plan" sx={{ mt: 1 }}>
        View plan and usage
      </Button>
    </Box>
  )
}

/** The counts and recent activity, refreshed by the realtime connection and whenever the tab gets focus again. */
const LiveOverview = () => {
  useOverviewLive()
  return (
    <>
      <Box component="section" aria-labelledby="now-heading" sx={{ mb: 4 }}>
        <Typography id="now-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          Needs attention
        </Typography>
        <CountCards />
      </Box>
      <Box component="section" aria-labelledby="recent-heading" sx={{ mb: 4 }}>
        <Typography id="recent-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          Recent activity
        </Typography>
        <RecentActivity />
      </Box>
    </>
  )
}

export const OverviewPage = () => {
  const user = useStaffUser()
  const isAdmin = user.user_type === 'admin'
  const links = QUICK_LINKS.filter((link) => !link.adminOnly || isAdmin)

  return (
    <>
      <PageHeader title={`Welcome, ${user.first_name || user.username}`} />
      <RealtimeProvider>
        <LiveOverview />
      </RealtimeProvider>
      <Suspense fallback={<SkeletonBlock height={200} label="Loading the figures at a glance…" />}>
        <AtAGlance />
      </Suspense>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="p">
            Organization
          </Typography>
          <Typography variant="h2" component="h2" gutterBottom>
            {user.tenant_id?.tenant_name}
          </Typography>
          <TrialCard />
        </CardContent>
      </Card>

      <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
        Quick links
      </Typography>
      <Grid container spacing={2}>
        {links.map((link) => (
          <Grid key={link.to} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={link.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent>
                  <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
                    {link.icon}
                  </Box>
                  <Typography variant="h3" component="h3" gutterBottom>
                    {link.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {link.text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import type { PlanId, Subscription } from '@proxima/contracts'
import { useQuery } from '@tanstack/react-query'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { ErrorState, FormError, LoadingState, SkeletonBlock } from '../../../ui/states'
import { fetchPlans, planKeys } from '../../onboarding/api'
import { useSubscription, useSwitchPlan } from '../api'
import { PlanCard } from '../components/PlanCard'
import { StatusChip, TrialStatus } from '../components/TrialStatus'
import { UsageTable } from '../components/UsageTable'
import { formatDate } from '../plan-text'

const PlanSwitcher = ({ current }: { current: PlanId }) => {
  const plans = useQuery({ queryKey: planKeys.all, queryFn: ({ signal }) => fetchPlans(signal), staleTime: Infinity })
  const switchPlan = useSwitchPlan()

  if (plans.isPending) return <LoadingState label="Loading plans…" />
  if (plans.isError)
    return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
  return (
    <>
      <FormError error={switchPlan.error} />
      {switchPlan.isSuccess ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          You are now trying the {switchPlan.data.plan_name} plan. Your trial end date has not changed.
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {plans.data.map((plan) => {
          const isCurrent = plan.plan === current
          return (
            <Grid key={plan.plan} size={{ xs: 12, md: 4 }}>
              <PlanCard
                plan={plan}
                selected={isCurrent}
                badge={isCurrent ? 'Current plan' : undefined}
                actionLabel={isCurrent ? 'Current plan' : `Switch to ${plan.name}`}
                disabled={isCurrent || switchPlan.isPending}
                onChoose={() => switchPlan.mutate(plan.plan)}
              />
            </Grid>
          )
        })}
      </Grid>
    </>
  )
}

const Overview = ({ subscription }: { subscription: Subscription }) => (
  <Card sx={{ mb: 3 }}>
    <CardContent>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h2" component="h2">
          {subscription.plan_name} plan
        </Typography>
        <StatusChip status={subscription.status} />
      </Box>
      <TrialStatus subscription={subscription} />
      <Grid container spacing={2} sx={{ mt: 1 }} component="dl">
        {[
          ['Trial started', formatDate(subscription.trial_started_at)],
          ['Trial ends', formatDate(subscription.trial_ends_at)],
          ['Days left in trial', String(subscription.trial_days_left)],
          ['Current period ends', formatDate(subscription.current_period_end)],
        ].map(([term, value]) => (
          <Grid key={term} size={{ xs: 6, sm: 3 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Grid>
        ))}
      </Grid>
    </CardContent>
  </Card>
)

export const PlanBillingPage = () => {
  const subscription = useSubscription()
  const isAdmin = useIsAdmin()

  return (
    <>
      <PageHeader title="Plan & billing" description="Your plan, its limits and what your organization uses." />
      {subscription.isPending ? (
        <SkeletonBlock height={240} label="Loading subscription…" />
      ) : subscription.isError ? (
        <ErrorState
          error={subscription.error}
          onRetry={() => void subscription.refetch()}
          retrying={subscription.isFetching}
        />
      ) : (
        <>
          <Overview subscription={subscription.data} />
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            Usage and limits
          </Typography>
          <Card sx={{ mb: 3 }}>
            <UsageTable subscription={subscription.data} />
          </Card>
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            Change plan
          </Typography>
          {!isAdmin ? (
            <Alert severity="info">Only admins of your organization can change the plan.</Alert>
          ) : subscription.data.status === 'trialing' ? (
            <PlanSwitcher current={subscription.data.plan} />
          ) : (
            <Alert severity="info">
              Plans can be switched freely during the free trial. To change a paid plan, contact us.
            </Alert>
          )}
        </>
      )}
    </>
  )
}

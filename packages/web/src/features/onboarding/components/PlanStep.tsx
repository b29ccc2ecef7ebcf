import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { PlanId } from '@proxima/contracts'
import { useQuery } from '@tanstack/react-query'
import { EmptyState, ErrorState } from '../../../ui/states'
import { PlanCard } from '../../subscription/components/PlanCard'
import { fetchPlans, planKeys } from '../api'

type Props = { selected: PlanId | null; onSelect: (plan: PlanId) => void; onContinue: () => void }

export const PlanStep = ({ selected, onSelect, onContinue }: Props) => {
  const plans = useQuery({ queryKey: planKeys.all, queryFn: ({ signal }) => fetchPlans(signal), staleTime: Infinity })

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every plan starts with a free trial. No payment details are needed now, and you can switch plans during the
        trial.
      </Typography>
      {plans.isPending ? (
        <Grid container spacing={2} role="status" aria-label="Loading plans">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              <Skeleton variant="rounded" height={360} />
            </Grid>
          ))}
        </Grid>
      ) : plans.isError ? (
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : plans.data.length === 0 ? (
        <EmptyState title="No plans are available" description="The server did not offer any plans. Try again later." />
      ) : (
        <Grid container spacing={2}>
          {plans.data.map((plan) => (
            <Grid key={plan.plan} size={{ xs: 12, md: 4 }}>
              <PlanCard plan={plan} selected={selected === plan.plan} onChoose={() => onSelect(plan.plan)} />
            </Grid>
          ))}
        </Grid>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 3 }}>
        {!selected && plans.isSuccess ? (
          <Typography color="text.secondary" variant="body2">
            Choose a plan to continue.
          </Typography>
        ) : null}
        <Button variant="contained" size="large" onClick={onContinue} disabled={!selected}>
          Continue
        </Button>
      </Box>
    </Box>
  )
}

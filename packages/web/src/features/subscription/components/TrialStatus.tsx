import Alert from '@mui/material/Alert'
import Chip from '@mui/material/Chip'
import { Texts, type Subscription } from '@proxima/contracts'
import { formatDate } from '../plan-text'

const STATUS_LABEL: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  expired: 'Expired',
  canceled: 'Canceled',
}

export const StatusChip = ({ status }: { status: Subscription['status'] }) => (
  <Chip
    size="small"
    label={status ? (STATUS_LABEL[status] ?? status) : 'Not started'}
    color={status === 'active' || status === 'trialing' ? 'primary' : status === 'expired' ? 'secondary' : 'default'}
    variant={status === 'trialing' ? 'outlined' : 'filled'}
  />
)

/** One sentence on where the subscription stands and what to do next. */
export const TrialStatus = ({ subscription }: { subscription: Subscription }) => {
  const { status, trial_days_left: days, trial_ends_at: ends, plan_name: plan } = subscription
  if (status === 'trialing') {
    const left = days === 1 ? '1 day' : `${days} days`
    return (
      <Alert severity={days <= 3 ? 'warning' : 'info'}>
        Your free trial of the {plan} plan ends on {formatDate(ends)} ({left} left).
      </Alert>
    )
  }
  if (status === 'expired') {
    return <Alert severity="error">{Texts.subscriptionExpired}</Alert>
  }
  if (status === 'canceled') return <Alert severity="warning">Your {plan} subscription has been canceled.</Alert>
  if (status === 'active') {
    return (
      <Alert severity="success">
        Your {plan} plan is active
        {subscription.current_period_end ? ` until ${formatDate(subscription.current_period_end)}` : ''}.
      </Alert>
    )
  }
  return <Alert severity="info">Your subscription has not started yet.</Alert>
}

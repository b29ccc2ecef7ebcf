import type { SubscriptionStatus } from '@proxima/contracts'
import type { TenantRow } from '../../db/schema.js'

/** A trial past its end counts as expired even before a job writes it down. */
export function effectiveSubscriptionStatus(
  tenant: Pick<TenantRow, 'subscription_status' | 'trial_ends_at' | 'current_period_end'>,
  now: Date,
): SubscriptionStatus | null {
  const s = tenant.subscription_status
  if (s === 'trialing' && tenant.trial_ends_at && tenant.trial_ends_at.getTime() <= now.getTime()) return 'expired'
  if (s === 'active' && tenant.current_period_end && tenant.current_period_end.getTime() <= now.getTime())
    return 'expired'
  return s
}

/** Whole days left in the trial, rounded up; 0 without a trial or once it has ended. */
export function trialDaysLeft(tenant: Pick<TenantRow, 'trial_ends_at' | 'subscription_status'>, now: Date): number {
  if (!tenant.trial_ends_at) return 0
  const ms = tenant.trial_ends_at.getTime() - now.getTime()
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000)
}

import type { Plan } from '@proxima/contracts'

const count = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`

/** Human lines describing what a plan includes, from its limits and features. */
export const planLines = (plan: Pick<Plan, 'limits' | 'features'>): string[] => {
  const { limits, features } = plan
  return [
    `Up to ${plural(limits.max_agents, 'agent', 'agents')}`,
    limits.max_communities === null
      ? 'Unlimited communities'
      : plural(limits.max_communities, 'community', 'communities'),
    limits.max_active_surveys === null
      ? 'Unlimited active surveys'
      : plural(limits.max_active_surveys, 'active survey', 'active surveys'),
    limits.max_integrations === 0
      ? 'No social-media integrations'
      : plural(limits.max_integrations, 'social-media integration', 'social-media integrations'),
    `${count(limits.ai_requests_per_month)} AI requests per month`,
    `${count(limits.voice_storage_gb)} GB voice storage`,
    features.predictive_analytics ? 'Predictive analytics' : 'Descriptive analytics only',
  ]
}

export const formatPrice = (plan: Pick<Plan, 'price_monthly' | 'currency'>): string => {
  const amount = Number(plan.price_monthly)
  if (!Number.isFinite(amount)) return `${plan.price_monthly} ${plan.currency}`
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: plan.currency,
      maximumFractionDigits: 2,
    }).format(amount)
  } catch {
    return `${plan.price_monthly} ${plan.currency}`
  }
}

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PlanId, Subscription } from '@proxima/contracts'
import { apiFetch } from '../../api/client'

export const subscriptionKeys = { all: ['subscription'] as const }

export const useSubscription = () =>
  useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) => apiFetch<Subscription>('/api/tenantmanagement/subscription/', { signal }),
  })

/** Switching plans is possible while the trial runs; the trial end does not move. */
export const useSwitchPlan = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (plan: PlanId) =>
      apiFetch<Subscription>('/api/tenantmanagement/subscription/', { method: 'PATCH', body: { plan } }),
    onSuccess: (subscription) => {
      client.setQueryData(subscriptionKeys.all, subscription)
      return client.invalidateQueries({ queryKey: subscriptionKeys.all })
    },
  })
}

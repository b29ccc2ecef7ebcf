import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Tenant, TenantUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'

export const tenantKeys = { all: ['tenant'] as const }

export type TenantChanges = z.infer<typeof TenantUpdate>

export const useTenant = () =>
  useQuery({
    queryKey: tenantKeys.all,
    queryFn: ({ signal }) => apiFetch<Tenant>('/api/tenantmanagement/tenant/', { signal }),
  })

export const useUpdateTenant = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (changes: TenantChanges) =>
      apiFetch<Tenant>('/api/tenantmanagement/tenant/', { method: 'PATCH', body: changes }),
    onSuccess: (tenant) => client.setQueryData(tenantKeys.all, tenant),
  })
}

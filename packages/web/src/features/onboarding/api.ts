import type {
  AdminRegistration,
  Plan,
  PlanId,
  Session,
  StaffSession,
  TenantCreate,
  TenantCreated,
} from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'
import { requireStaff } from '../auth/api'

export type TenantRequest = z.input<typeof TenantCreate>

export const planKeys = { all: ['plans'] as const }

export const createTenant = (body: TenantRequest) =>
  apiFetch<TenantCreated>('/api/tenantmanagement/tenant/', { method: 'POST', body })

export const fetchPlans = async (signal?: AbortSignal): Promise<Plan[]> => {
  const reply = await apiFetch<{ data: Plan[] }>('/api/tenantmanagement/plans/', signal ? { signal } : {})
  return reply.data
}

export const registerAdmin = async (body: AdminRegistration & { plan: PlanId }): Promise<StaffSession> =>
  requireStaff(await apiFetch<Session>('/api/auth/admin/', { method: 'POST', body }))

/** The browser's IANA time zone, used as the organization's default. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

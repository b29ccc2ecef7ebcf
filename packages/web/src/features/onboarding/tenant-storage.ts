import type { PlanId, TenantCreated } from '@proxima/contracts'

/** localStorage key fixed by the product specification for the tenant being onboarded. */
export const TENANT_KEY = 'proxima_tenant'

/** The tenant-creation reply together with the email sent in the request (and the plan picked so far). */
export type StoredTenant = TenantCreated & { email: string; chosen_plan?: PlanId }

export const saveTenant = (reply: TenantCreated, requestEmail: string): StoredTenant => {
  const stored: StoredTenant = { ...reply, email: requestEmail }
  try {
    window.localStorage.setItem(TENANT_KEY, JSON.stringify(stored))
  } catch {
    // Without storage the onboarding still works; it just cannot resume after a reload.
  }
  return stored
}

/** The stored tenant while its onboarding token can still be used; otherwise null (and the key is cleared). */
export const loadTenant = (): StoredTenant | null => {
  let raw: string | null
  try {
    raw = window.localStorage.getItem(TENANT_KEY)
  } catch {
    return null
  }
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<StoredTenant>
    const expires = Date.parse(String(value.onboarding_expires_at ?? ''))
    const usable =
      typeof value.tenant_id === 'number' &&
      typeof value.onboarding_token === 'string' &&
      value.onboarding_token.length > 0 &&
      Number.isFinite(expires) &&
      expires > Date.now() + 60_000
    if (usable) return value as StoredTenant
  } catch {
    // Unreadable: treated as absent below.
  }
  clearTenant()
  return null
}

export const storePlan = (tenant: StoredTenant, plan: PlanId): StoredTenant => {
  const next: StoredTenant = { ...tenant, chosen_plan: plan }
  try {
    window.localStorage.setItem(TENANT_KEY, JSON.stringify(next))
  } catch {
    // See saveTenant.
  }
  return next
}

export const clearTenant = () => {
  try {
    window.localStorage.removeItem(TENANT_KEY)
  } catch {
    // Nothing to clear.
  }
}

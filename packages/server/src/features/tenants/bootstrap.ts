import { randomInt } from 'node:crypto'
import type { Db } from '../../db/database.js'
import { randomKey } from '../../lib/crypto.js'
import type { TenantService } from './tenants.service.js'
import type { RegistrationService } from '../auth/registration.service.js'
import { anyTenantExists } from './tenants.queries.js'
import { deleteQueuedActivationMail, markStaffEmailVerified } from './bootstrap.queries.js'

export type FirstAdmin = { email: string; password: string; generated: boolean; organization: string }

/**
 * On an empty database, creates an organization and its first admin so that a fresh install can be
 * signed into at once. Does nothing once any organization exists.
 */
export async function bootstrapFirstAdmin(
  db: Db,
  services: { tenants: Pick<TenantService, 'createTenant'>; registration: Pick<RegistrationService, 'registerAdmin'> },
  opts: { email: string; password: string | undefined; organization: string },
): Promise<FirstAdmin | null> {
  if (await anyTenantExists(db)) return null
  const generated = !opts.password
  // Letters and digits from an alphabet without look-alikes, with a digit guaranteed.
  const password = opts.password ?? `${randomKey(14)}${randomInt(10)}`
  const tenant = await services.tenants.createTenant({
    tenant_name: opts.organization,
    industry: 'Other',
    email: opts.email,
    plan: 'basic',
    timezone: 'UTC',
  })
  const admin = await services.registration.registerAdmin({
    tenant_id: tenant.tenant_id,
    onboarding_token: tenant.onboarding_token,
    username: 'admin',
    email: opts.email,
    first_name: 'Admin',
    last_name: 'User',
    password,
    confirm_password: password,
  })
  // Nobody can click an activation link for the bootstrap address; the operator vouches for it.
  await markStaffEmailVerified(db, tenant.tenant_id, admin.id)
  await deleteQueuedActivationMail(db, tenant.tenant_id, admin.email)
  return { email: opts.email, password, generated, organization: opts.organization }
}

import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../db/database.js'
import { randomKey } from '../../lib/crypto.js'
import type { TenantService } from './tenants.service.js'
import type { RegistrationService } from '../auth/registration.service.js'

export type FirstAdmin = { email: string; password: string; generated: boolean; organization: string }

/**
 * On an empty database, creates an organization and its first admin so that a fresh install can be
 * signed into at once. Does nothing once any organization exists.
 */
export async function bootstrapFirstAdmin(
  db: Db,
  services: { tenants: TenantService; registration: RegistrationService },
  opts: { email: string; password: string | undefined; organization: string },
): Promise<FirstAdmin | null> {
  const any = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()
  if (any) return null
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
  await services.registration.registerAdmin({
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
  await db
    .updateTable('users')
    .set({ email_verified: true })
    .where(sql`lower(email)`, '=', opts.email.toLowerCase())
    .execute()
  await db
    .deleteFrom('outbox_mail')
    .where('kind', '=', 'activation')
    .where('to_address', '=', opts.email.toLowerCase())
    .execute()
  return { email: opts.email, password, generated, organization: opts.organization }
}

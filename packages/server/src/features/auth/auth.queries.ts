import type { Executor } from '../../db/database.js'

/**
 * The organization as sign-in, onboarding, invitations and the widget see it. A `tenants` row is the tenant
 * itself: these queries take its id (or its public widget key) and nothing else.
 */

/** The tenant of an account or an invitation: name and reply address for mails, status and plan for the checks. */
export function findTenant(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants')
    .select(['id', 'name', 'email', 'status', 'plan'])
    .where('id', '=', tenantId)
    .executeTakeFirst()
}

/** Locks the tenant row until the transaction ends, so seat counts taken under it stay true; returns its plan. */
export function lockTenant(ex: Executor, tenantId: number) {
  return ex.selectFrom('tenants').select(['id', 'plan']).where('id', '=', tenantId).forUpdate().executeTakeFirst()
}

/**
 * A tenant waiting for its first admin whose live onboarding token has this hash; the hash is only compared here,
 * never read.
 */
export function findOnboardingTenant(ex: Executor, tenantId: number, tokenHash: string, now: Date) {
  return ex
    .selectFrom('tenants')
    .select(['id', 'plan'])
    .where('id', '=', tenantId)
    .where('status', '=', 'pending_admin')
    .where('onboarding_token_hash', '=', tokenHash)
    .where('onboarding_expires_at', '>', now)
    .executeTakeFirst()
}

/**
 * Consumes the onboarding token and activates the tenant with its trial; undefined when another registration
 * consumed it first.
 */
export function activateOnboardedTenant(
  ex: Executor,
  tenantId: number,
  tokenHash: string,
  trial: { plan: 'basic' | 'professional' | 'business'; endsAt: Date; now: Date },
) {
  return ex
    .updateTable('tenants')
    .set({
      status: 'active',
      onboarding_token_hash: null,
      onboarding_expires_at: null,
      plan: trial.plan,
      subscription_status: 'trialing',
      trial_started_at: trial.now,
      trial_ends_at: trial.endsAt,
      updated_at: trial.now,
    })
    .where('id', '=', tenantId)
    .where('status', '=', 'pending_admin')
    .where('onboarding_token_hash', '=', tokenHash)
    .returning(['id', 'name'])
    .executeTakeFirst()
}

/** The tenant behind a public widget key, with what decides whether its widget may start a visitor session. */
export function findWidgetTenant(ex: Executor, widgetKey: string) {
  return ex
    .selectFrom('tenant_settings as s')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select(['t.id', 't.name', 't.status', 's.widget_enabled', 's.widget_allowed_origins'])
    .where('s.widget_key', '=', widgetKey)
    .executeTakeFirst()
}

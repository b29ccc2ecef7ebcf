import type { Subscription, Tenant, TenantCreate, TenantCreated } from '@proxima/contracts'
import { PLANS, Texts, planById, type PlanId } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import { addHours, iso, isoRequired, type Clock } from '../../lib/clock.js'
import { hashToken, newLinkToken, randomKey } from '../../lib/crypto.js'
import { AppError, assertFound, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import type { StaffActor } from '../../http/actor.js'
import { seatsInUse } from '../auth/invitations.service.js'
import { effectiveSubscriptionStatus, trialDaysLeft } from './subscription.js'
import { voiceBytesInUse } from '../media/media.service.js'
import { countCommunities } from '../community/communities.service.js'
import { countActiveSurveys } from '../surveys/surveys.service.js'
import { aiRequestsThisMonth } from '../ai/ai.service.js'
import {
  findTenant,
  insertTenant,
  insertTenantDefaults,
  sweepAbandonedTenants,
  tenantNameInUse,
  updateTenant as writeTenant,
  type TenantRecord,
} from './tenants.queries.js'

/** Other features that change what a plan limits take the tenant lock through this module. */
export { lockTenant } from './tenants.queries.js'

const ONBOARDING_HOURS = 24
const nameTaken = () => new AppError(409, 'tenant.name_taken', Texts.tenantNameTaken)

const DEFAULT_BUSINESS_HOURS = {
  enabled: false,
  schedule: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: [] as string[],
}

function presentTenant(t: TenantRecord, now: Date): Tenant {
  return {
    tenant_id: t.id,
    tenant_name: t.name,
    industry: t.industry,
    email: t.email,
    phonenumber: t.phonenumber,
    status: t.status,
    plan: t.plan,
    subscription_status: effectiveSubscriptionStatus(t, now),
    trial_ends_at: iso(t.trial_ends_at),
    timezone: t.timezone,
    created_at: isoRequired(t.created_at),
    updated_at: isoRequired(t.updated_at),
  }
}

/** Onboarding's tenant creation, the own tenant, plans and the subscription. */
export function createTenantService({ db, clock }: { db: Db; clock: Clock }) {
  /** Deletes tenants whose onboarding expired without an admin (frees their names). */
  function purgeAbandoned(ex: Executor = db) {
    return sweepAbandonedTenants(ex, clock.now())
  }

  async function createTenant(input: TenantCreate): Promise<TenantCreated> {
    const now = clock.now()
    const token = newLinkToken()
    try {
      return await db.transaction().execute(async (trx) => {
        await purgeAbandoned(trx)
        if (await tenantNameInUse(trx, input.tenant_name)) throw nameTaken()
        const tenant = await insertTenant(trx, {
          name: input.tenant_name,
          industry: input.industry,
          email: input.email,
          phonenumber: input.phonenumber ?? null,
          plan: input.plan,
          timezone: input.timezone,
          onboarding_token_hash: hashToken(token),
          onboarding_expires_at: addHours(now, ONBOARDING_HOURS),
          now,
        })
        await insertTenantDefaults(trx, tenant.id, {
          business_hours: JSON.stringify(DEFAULT_BUSINESS_HOURS),
          widget_key: randomKey(24),
          community_name: `${tenant.name} Community`,
        })
        return {
          ...presentTenant(tenant, now),
          onboarding_token: token,
          onboarding_expires_at: isoRequired(tenant.onboarding_expires_at!),
        }
      })
    } catch (err) {
      if (isUniqueViolation(err, 'tenants_name_key')) throw nameTaken()
      throw err
    }
  }

  async function loadOwn(actor: StaffActor) {
    return assertFound(await findTenant(db, actor.tenantId))
  }

  async function getTenant(actor: StaffActor, id: number | undefined) {
    if (id !== undefined && id !== actor.tenantId) throw notFound()
    return presentTenant(await loadOwn(actor), clock.now())
  }

  async function updateTenant(
    actor: StaffActor,
    id: number | undefined,
    input: {
      tenant_name?: string | undefined
      industry?: string | undefined
      email?: string | undefined
      phonenumber?: string | null | undefined
    },
  ) {
    if (id !== undefined && id !== actor.tenantId) throw notFound()
    if (input.tenant_name && (await tenantNameInUse(db, input.tenant_name, actor.tenantId)))
      throw conflict('tenant.name_taken', Texts.tenantNameTaken)
    try {
      const t = await writeTenant(db, actor.tenantId, {
        ...(input.tenant_name !== undefined ? { name: input.tenant_name } : {}),
        ...(input.industry !== undefined ? { industry: input.industry } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.phonenumber !== undefined ? { phonenumber: input.phonenumber } : {}),
        updated_at: clock.now(),
      })
      return presentTenant(assertFound(t), clock.now())
    } catch (err) {
      if (isUniqueViolation(err, 'tenants_name_key')) throw conflict('tenant.name_taken', Texts.tenantNameTaken)
      throw err
    }
  }

  function listPlans() {
    return {
      error: false as const,
      data: [...PLANS],
      pagination: { limit: PLANS.length, offset: 0, total: PLANS.length, next_offset: null },
    }
  }

  async function usage(t: Pick<TenantRecord, 'id' | 'timezone'>) {
    const now = clock.now()
    const seats = await seatsInUse(db, t.id, now)
    return {
      agents: seats.staff + seats.pending,
      communities: await countCommunities(db, t.id),
      // Published surveys whose end day has not passed (the plan's `max_active_surveys`).
      active_surveys: await countActiveSurveys(db, t.id, now),
      // Integrations are not part of the product yet: nothing is in use.
      integrations: 0,
      // Answered AI requests in the current month of the tenant's time zone (the plan's monthly allowance).
      ai_requests_this_month: await aiRequestsThisMonth(db, t.id, t.timezone, now),
      voice_storage_bytes: await voiceBytesInUse(db, t.id),
    }
  }

  async function getSubscription(actor: StaffActor): Promise<Subscription> {
    const t = await loadOwn(actor)
    const plan = planById(t.plan)
    const now = clock.now()
    return {
      plan: plan.plan,
      plan_name: plan.name,
      status: effectiveSubscriptionStatus(t, now),
      trial_started_at: iso(t.trial_started_at),
      trial_ends_at: iso(t.trial_ends_at),
      trial_days_left: trialDaysLeft(t, now),
      current_period_end: iso(t.current_period_end),
      limits: plan.limits,
      features: plan.features,
      usage: await usage(t),
    }
  }

  /** During the trial the plan may change freely within current usage; paid plans change through the operator. */
  async function changePlan(actor: StaffActor, planId: PlanId) {
    const t = await loadOwn(actor)
    if (effectiveSubscriptionStatus(t, clock.now()) !== 'trialing') {
      throw conflict('subscription.billing_required', 'Contact us to change a paid plan.')
    }
    const plan = planById(planId)
    const used = await usage(t)
    const exceeded: string[] = []
    if (used.agents > plan.limits.max_agents) exceeded.push('max_agents')
    if (plan.limits.max_communities !== null && used.communities > plan.limits.max_communities)
      exceeded.push('max_communities')
    if (exceeded.length > 0) {
      throw conflict('plan.usage_exceeds', `Your organization uses more than the ${plan.name} plan allows.`, {
        limit: exceeded,
      })
    }
    await writeTenant(db, t.id, { plan: plan.plan, updated_at: clock.now() })
    return getSubscription(actor)
  }

  return { createTenant, purgeAbandoned, getTenant, updateTenant, listPlans, getSubscription, changePlan }
}

export type TenantService = ReturnType<typeof createTenantService>

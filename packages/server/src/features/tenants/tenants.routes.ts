import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ErrorBody,
  IdParams,
  LegacyErrorBody,
  Plan,
  Settings,
  SettingsUpdate,
  Subscription,
  SubscriptionUpdate,
  Tenant,
  TenantScope,
  TenantCreate,
  TenantCreated,
  TenantUpdate,
  WidgetConfig,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, adminOf, staffOf } from '../../http/actor.js'
import { limit, type Limits } from '../../http/rate-limit.js'
import type { TenantService } from './tenants.service.js'
import type { SettingsService } from './settings.service.js'

const tags = ['tenant']

/** Onboarding's tenant creation, the own tenant, plans, subscription and settings. */
export const tenantRoutes: FastifyPluginAsyncZod<{
  tenants: TenantService
  settings: SettingsService
  limits: Limits | null
}> = async (app, { tenants, settings, limits }) => {
  app.post(
    '/api/tenantmanagement/tenant/',
    {
      schema: {
        tags,
        summary: 'Create an organization (onboarding step 1); returns the one-time onboarding token',
        body: TenantCreate,
        response: { 201: TenantCreated, 400: LegacyErrorBody, 409: LegacyErrorBody },
      },
      config: { public: true, legacyErrors: true, idempotent: true, rateLimit: limit(limits, 'onboarding') },
    },
    async (req, reply) => {
      const tenant = await tenants.createTenant(req.body)
      return reply
        .status(201)
        .header('Location', `/api/tenantmanagement/tenant/${tenant.tenant_id}/`)
        .header('Cache-Control', 'no-store')
        .send(tenant)
    },
  )

  app.get(
    '/api/tenantmanagement/tenant/',
    { schema: { tags, summary: 'Own organization', querystring: TenantScope, response: { 200: Tenant } } },
    (req) => tenants.getTenant(staffOf(req), undefined),
  )
  app.get(
    '/api/tenantmanagement/tenant/:id/',
    {
      schema: {
        tags,
        summary: 'Own organization by id',
        params: IdParams,
        querystring: TenantScope,
        response: { 200: Tenant },
      },
    },
    (req) => tenants.getTenant(staffOf(req), req.params.id),
  )
  app.patch(
    '/api/tenantmanagement/tenant/',
    {
      schema: {
        tags,
        summary: 'Update own organization',
        body: TenantUpdate,
        response: { 200: Tenant, 409: ErrorBody },
      },
      config: { roles: ADMIN },
    },
    (req) => tenants.updateTenant(adminOf(req), undefined, req.body),
  )
  app.patch(
    '/api/tenantmanagement/tenant/:id/',
    {
      schema: {
        tags,
        summary: 'Update own organization',
        params: IdParams,
        body: TenantUpdate,
        response: { 200: Tenant },
      },
      config: { roles: ADMIN },
    },
    (req) => tenants.updateTenant(adminOf(req), req.params.id, req.body),
  )

  app.get(
    '/api/tenantmanagement/plans/',
    {
      schema: { tags, summary: 'Plans and their free trials', response: { 200: listEnvelope(Plan) } },
      config: { public: true },
    },
    () => tenants.listPlans(),
  )
  app.get(
    '/api/tenantmanagement/subscription/',
    {
      schema: {
        tags,
        summary: 'Plan, trial, limits and usage',
        querystring: TenantScope,
        response: { 200: Subscription },
      },
    },
    (req) => tenants.getSubscription(staffOf(req)),
  )
  app.patch(
    '/api/tenantmanagement/subscription/',
    {
      schema: {
        tags,
        summary: 'Switch plan during the free trial',
        body: SubscriptionUpdate,
        response: { 200: Subscription },
      },
      config: { roles: ADMIN, allowWhenExpired: true },
    },
    (req) => tenants.changePlan(adminOf(req), req.body.plan),
  )

  app.get(
    '/api/tenantmanagement/settings/',
    { schema: { tags, summary: 'Organization settings', querystring: TenantScope, response: { 200: Settings } } },
    (req) => settings.getSettings(staffOf(req)),
  )
  app.patch(
    '/api/tenantmanagement/settings/',
    {
      schema: { tags, summary: 'Update organization settings', body: SettingsUpdate, response: { 200: Settings } },
      config: { roles: ADMIN },
    },
    (req) => settings.updateSettings(adminOf(req), req.body),
  )
  app.post(
    '/api/tenantmanagement/settings/rotate-widget-key/',
    { schema: { tags, summary: 'Issue a new web-widget key', response: { 200: Settings } }, config: { roles: ADMIN } },
    (req) => settings.rotateWidgetKey(adminOf(req)),
  )
  app.get(
    '/api/widget/config/',
    {
      schema: {
        tags: ['widget'],
        summary: 'Public widget configuration',
        querystring: z.object({ widget_key: z.string().trim().min(1).max(64) }),
        response: { 200: WidgetConfig },
      },
      config: { public: true },
    },
    (req) => settings.widgetConfig(req.query.widget_key),
  )
}

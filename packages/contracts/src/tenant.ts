import { z } from 'zod'
import { Email, Id, Phone, QueryBool, TenantScope, Timestamp, optionalText, text } from './common.js'
import { PlanId, PlanName } from './auth.js'

export const TenantStatus = z.enum(['pending_admin', 'active', 'suspended'])
export const SubscriptionStatus = z.enum(['trialing', 'active', 'expired', 'canceled'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>

/** The shape of an IANA name (`UTC`, `Africa/Nairobi`, `Etc/GMT+3`); UTC offsets such as `+05:30` are not names. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

/**
 * IANA time-zone names, validated against the runtime's Intl data. Newer runtimes also accept offsets such as
 * `+05:30` as a time zone; those are refused by their shape, so that every Node.js version accepts the same names.
 */
export const TimeZone = z
  .string()
  .trim()
  .max(64)
  .refine(
    (v) => {
      if (!IANA_NAME.test(v)) return false
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: v })
        return true
      } catch {
        return false
      }
    },
    { error: 'Enter an IANA time-zone name such as Africa/Nairobi.' },
  )

export const Tenant = z.object({
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  industry: z.string(),
  email: z.string(),
  phonenumber: z.string().nullable(),
  status: TenantStatus,
  plan: PlanName,
  subscription_status: SubscriptionStatus.nullable(),
  trial_ends_at: Timestamp.nullable(),
  timezone: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Tenant = z.infer<typeof Tenant>

export const TenantCreate = z.object({
  tenant_name: text('Organization name', 2, 100),
  industry: text('Industry', 1, 100),
  email: Email,
  phonenumber: Phone.nullish(),
  plan: PlanId.default('basic'),
  timezone: TimeZone.default('UTC'),
})
export type TenantCreate = z.infer<typeof TenantCreate>

export const TenantCreated = Tenant.extend({
  onboarding_token: z.string(),
  onboarding_expires_at: Timestamp,
})
export type TenantCreated = z.infer<typeof TenantCreated>

export const TenantUpdate = z.object({
  tenant_name: z.optional(text('Organization name', 2, 100)),
  industry: z.optional(text('Industry', 1, 100)),
  email: z.optional(Email),
  phonenumber: Phone.nullish(),
})

// ---- plans (§3.3) ----

export const PlanLimits = z.object({
  max_agents: z.number().int(),
  max_communities: z.number().int().nullable(),
  max_active_surveys: z.number().int().nullable(),
  max_integrations: z.number().int(),
  ai_requests_per_month: z.number().int(),
  voice_storage_gb: z.number().int(),
})
export const PlanFeatures = z.object({ predictive_analytics: z.boolean(), social_integrations: z.boolean() })

export const Plan = z.object({
  plan: PlanName,
  name: z.string(),
  price_monthly: z.string(),
  currency: z.string(),
  trial_days: z.number().int(),
  limits: PlanLimits,
  features: PlanFeatures,
})
export type Plan = z.infer<typeof Plan>

export const PLANS: readonly Plan[] = [
  {
    plan: 'basic',
    name: 'Basic',
    price_monthly: '19.00',
    currency: 'USD',
    trial_days: 14,
    limits: {
      max_agents: 3,
      max_communities: 1,
      max_active_surveys: 3,
      max_integrations: 0,
      ai_requests_per_month: 300,
      voice_storage_gb: 2,
    },
    features: { predictive_analytics: false, social_integrations: false },
  },
  {
    plan: 'professional',
    name: 'Professional',
    price_monthly: '49.00',
    currency: 'USD',
    trial_days: 14,
    limits: {
      max_agents: 10,
      max_communities: 5,
      max_active_surveys: 20,
      max_integrations: 3,
      ai_requests_per_month: 3000,
      voice_storage_gb: 20,
    },
    features: { predictive_analytics: true, social_integrations: true },
  },
  {
    plan: 'business',
    name: 'Business',
    price_monthly: '99.00',
    currency: 'USD',
    trial_days: 14,
    limits: {
      max_agents: 50,
      max_communities: null,
      max_active_surveys: null,
      max_integrations: 3,
      ai_requests_per_month: 30000,
      voice_storage_gb: 100,
    },
    features: { predictive_analytics: true, social_integrations: true },
  },
]

export const planById = (id: string): Plan => {
  const plan = PLANS.find((p) => p.plan === id)
  if (!plan) throw new Error(`Unknown plan ${id}`)
  return plan
}

export const Subscription = z.object({
  plan: PlanName,
  plan_name: z.string(),
  status: SubscriptionStatus.nullable(),
  trial_started_at: Timestamp.nullable(),
  trial_ends_at: Timestamp.nullable(),
  trial_days_left: z.number().int(),
  current_period_end: Timestamp.nullable(),
  limits: PlanLimits,
  features: PlanFeatures,
  usage: z.object({
    agents: z.number().int(),
    communities: z.number().int(),
    active_surveys: z.number().int(),
    integrations: z.number().int(),
    ai_requests_this_month: z.number().int(),
    voice_storage_bytes: z.number().int(),
  }),
})
export type Subscription = z.infer<typeof Subscription>

export const SubscriptionUpdate = z.object({ plan: PlanId })

// ---- settings (§3.4) ----

export const Weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
export type Weekday = z.infer<typeof Weekday>
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use HH:MM (24-hour).' })
/** A closing time may also be 24:00, the end of the day, so a day can be open until midnight. */
const ClosingTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: 'Use HH:MM (24-hour).' })
const ScheduleEntry = z
  .object({ day: Weekday, open: HHMM, close: ClosingTime })
  .refine((e) => e.close > e.open, { error: 'close must be after open.', path: ['close'] })

const HttpsOrigin = z
  .string()
  .trim()
  .max(200)
  .regex(/^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, { error: 'Enter an https origin such as https://www.example.com.' })

/** The widget's brand colour, `#RRGGBB`; stored lower-case. */
export const WidgetColor = z
  .string({ error: 'Enter a colour as #RRGGBB, such as #00796b.' })
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Enter a colour as #RRGGBB, such as #00796b.' })
  .transform((v) => v.toLowerCase())

/** The colour a widget has until its organisation picks one: the product's teal (contract §3.4). */
export const DEFAULT_WIDGET_COLOR = '#00796b'

export const BusinessHours = z.object({
  enabled: z.boolean(),
  schedule: z.array(ScheduleEntry).max(14),
  holidays: z.array(z.iso.date()).max(100),
})

export const Settings = z.object({
  timezone: z.string(),
  business_hours: BusinessHours,
  locale: z.string(),
  currency: z.string(),
  chat_visibility: z.enum(['all', 'assigned']),
  auto_assign: z.enum(['none', 'round_robin']),
  csat_enabled: z.boolean(),
  iva_enabled: z.boolean(),
  ai_external_processing: z.boolean(),
  widget: z.object({
    widget_key: z.string(),
    enabled: z.boolean(),
    allowed_origins: z.array(z.string()),
    greeting: z.string().nullable(),
    offline_message: z.string().nullable(),
    color: z.string(),
  }),
})
export type Settings = z.infer<typeof Settings>

export const SettingsUpdate = z.object({
  timezone: TimeZone.optional(),
  business_hours: BusinessHours.partial()
    .refine(
      (b) => {
        if (!b.schedule) return true
        const byDay = new Map<string, { open: string; close: string }[]>()
        for (const e of b.schedule) {
          const list = byDay.get(e.day) ?? []
          if (list.some((o) => e.open < o.close && o.open < e.close)) return false
          list.push(e)
          byDay.set(e.day, list)
        }
        return true
      },
      { error: 'Opening hours of one day must not overlap.', path: ['schedule'] },
    )
    .optional(),
  locale: z
    .string()
    .trim()
    .min(2)
    .max(35)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'Enter a BCP 47 language tag.' })
    .optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: 'Enter an ISO 4217 currency code.' })
    .transform((v) => v.toUpperCase())
    .optional(),
  chat_visibility: z.enum(['all', 'assigned']).optional(),
  auto_assign: z.enum(['none', 'round_robin']).optional(),
  csat_enabled: z.boolean().optional(),
  iva_enabled: z.boolean().optional(),
  ai_external_processing: z.boolean().optional(),
  widget: z
    .object({
      enabled: z.boolean().optional(),
      allowed_origins: z.array(HttpsOrigin).max(20).optional(),
      greeting: optionalText('Greeting', 280),
      offline_message: optionalText('Offline message', 280),
      color: WidgetColor.optional(),
    })
    .optional(),
})
export type SettingsUpdate = z.infer<typeof SettingsUpdate>

export const WidgetConfig = z.object({
  tenant_name: z.string(),
  enabled: z.boolean(),
  greeting: z.string().nullable(),
  offline_message: z.string().nullable(),
  color: z.string(),
  is_open: z.boolean(),
})
export type WidgetConfig = z.infer<typeof WidgetConfig>

// ---- products, address, metadata (§3.5) ----

const Price = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, {
      error: 'Price must be a number from 0 to 9,999,999.99 with at most 2 decimals.',
    }),
  )

export const Product = z.object({
  product_id: z.number().int(),
  tenant_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Product = z.infer<typeof Product>

const Currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: 'Enter an ISO 4217 currency code.' })
  .transform((v) => v.toUpperCase())

export const ProductCreate = z.object({
  name: text('Name', 1, 100),
  description: optionalText('Description', 2000),
  price: Price,
  currency: Currency.optional(),
  is_active: z.boolean().optional(),
})
export type ProductCreate = z.infer<typeof ProductCreate>
export const ProductUpdate = ProductCreate.partial()
export type ProductUpdate = z.infer<typeof ProductUpdate>

export const ProductListQuery = TenantScope.extend({
  search: z.string().trim().max(100).optional(),
  is_active: QueryBool.optional(),
  product_id: Id.optional(),
  sort: z.enum(['name', '-created_at']).default('-created_at'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})

export const Address = z.object({
  address_id: z.number().int(),
  tenant_id: z.number().int(),
  billing_details_id: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  postal_code: z.string().nullable(),
  state: z.string().nullable(),
  payment_number: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Address = z.infer<typeof Address>

export const AddressCreate = z.object({
  billing_details_id: optionalText('Billing details id', 64),
  city: text('City', 1, 100),
  country: text('Country', 1, 100),
  postal_code: optionalText('Postal code', 20),
  state: optionalText('State', 100),
  payment_number: optionalText('Payment number', 32),
})
export type AddressCreate = z.infer<typeof AddressCreate>
export const AddressUpdate = AddressCreate.partial()

export const MetadataKey = z
  .string({ error: 'Key is required.' })
  .trim()
  .min(1, { error: 'Key is required.' })
  .max(100)
  .regex(/^[a-z0-9_.-]+$/, { error: 'Key may contain only lower-case letters, digits, "_", "." and "-".' })

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** Any JSON value; recursive, so the API document names it as a component (`JsonValue`) that refers to itself. */
const AnyJson: z.ZodType<Json> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(AnyJson), z.record(z.string(), AnyJson)]))
  .meta({ id: 'JsonValue', description: 'Any JSON value.' })

const JsonValue = AnyJson.refine((v) => JSON.stringify(v).length <= 16 * 1024, {
  error: 'Value must be at most 16 KiB when serialised.',
})

export const Metadata = z.object({
  metadata_id: z.number().int(),
  tenant_id: z.number().int(),
  key: z.string(),
  value: AnyJson,
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Metadata = z.infer<typeof Metadata>
export const MetadataCreate = z.object({ key: MetadataKey, value: JsonValue })
export const MetadataUpdate = z.object({ value: JsonValue })
export const MetadataListQuery = TenantScope.extend({
  key: z.string().trim().max(100).optional(),
  metadata_id: Id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})

export const IdParams = z.object({ id: Id })

import type { Settings, SettingsUpdate } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { BusinessHoursValue } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import { randomKey } from '../../lib/crypto.js'
import { assertFound, notFound } from '../../lib/errors.js'
import type { StaffActor } from '../../http/actor.js'
import {
  findSettings,
  findWidgetByKey,
  updateTenantSettings,
  type SettingsChanges,
  type SettingsRecord,
} from './settings.queries.js'
import { updateTenant } from './tenants.queries.js'

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

/** Whether the business is open at `now` in its own time zone (always open when hours are off). */
export function isOpenAt(hours: BusinessHoursValue, timezone: string, now: Date): boolean {
  if (!hours.enabled) return true
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  )
  const date = `${parts.year}-${parts.month}-${parts.day}`
  if (hours.holidays.includes(date)) return false
  const day = DAYS[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(String(parts.weekday))]
  const time = `${parts.hour}:${parts.minute}`
  return hours.schedule.some((e) => e.day === day && e.open <= time && time < e.close)
}

function present(s: SettingsRecord): Settings {
  return {
    timezone: s.timezone,
    business_hours: s.business_hours,
    locale: s.locale,
    currency: s.currency,
    chat_visibility: s.chat_visibility,
    auto_assign: s.auto_assign,
    csat_enabled: s.csat_enabled,
    iva_enabled: s.iva_enabled,
    ai_external_processing: s.ai_external_processing,
    widget: {
      widget_key: s.widget_key,
      enabled: s.widget_enabled,
      allowed_origins: s.widget_allowed_origins,
      greeting: s.widget_greeting,
      offline_message: s.widget_offline_message,
      color: s.widget_color,
    },
  }
}

/** Only the fields the caller sent change; business hours merge into the current ones. */
function settingsChanges(input: SettingsUpdate, current: SettingsRecord, now: Date): SettingsChanges {
  const hours = input.business_hours ? { ...current.business_hours, ...input.business_hours } : undefined
  const w = input.widget
  return {
    ...(hours ? { business_hours: JSON.stringify(hours) } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.chat_visibility !== undefined ? { chat_visibility: input.chat_visibility } : {}),
    ...(input.auto_assign !== undefined ? { auto_assign: input.auto_assign } : {}),
    ...(input.csat_enabled !== undefined ? { csat_enabled: input.csat_enabled } : {}),
    ...(input.iva_enabled !== undefined ? { iva_enabled: input.iva_enabled } : {}),
    ...(input.ai_external_processing !== undefined ? { ai_external_processing: input.ai_external_processing } : {}),
    ...(w?.enabled !== undefined ? { widget_enabled: w.enabled } : {}),
    ...(w?.allowed_origins !== undefined
      ? { widget_allowed_origins: JSON.stringify([...new Set(w.allowed_origins)]) }
      : {}),
    ...(w?.greeting !== undefined ? { widget_greeting: w.greeting } : {}),
    ...(w?.offline_message !== undefined ? { widget_offline_message: w.offline_message } : {}),
    ...(w?.color !== undefined ? { widget_color: w.color } : {}),
    updated_at: now,
  }
}

/** Tenant settings: time zone, business hours, chat rules and the web widget. */
export function createSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  async function load(ex: Executor, tenantId: number) {
    return assertFound(await findSettings(ex, tenantId))
  }

  async function getSettings(actor: StaffActor) {
    return present(await load(db, actor.tenantId))
  }

  async function updateSettings(actor: StaffActor, input: SettingsUpdate) {
    const current = await load(db, actor.tenantId)
    const now = clock.now()
    await db.transaction().execute(async (trx) => {
      if (input.timezone) await updateTenant(trx, actor.tenantId, { timezone: input.timezone, updated_at: now })
      await updateTenantSettings(trx, actor.tenantId, settingsChanges(input, current, now))
    })
    return getSettings(actor)
  }

  /** New sessions need the new key; visitors already chatting keep their tokens. */
  async function rotateWidgetKey(actor: StaffActor) {
    await updateTenantSettings(db, actor.tenantId, { widget_key: randomKey(24), updated_at: clock.now() })
    return getSettings(actor)
  }

  async function widgetConfig(widgetKey: string) {
    const row = await findWidgetByKey(db, widgetKey)
    if (!row || row.status !== 'active') throw notFound()
    return {
      tenant_name: row.name,
      enabled: row.widget_enabled,
      greeting: row.widget_greeting,
      offline_message: row.widget_offline_message,
      color: row.widget_color,
      is_open: isOpenAt(row.business_hours, row.timezone, clock.now()),
    }
  }

  return { getSettings, updateSettings, rotateWidgetKey, widgetConfig }
}

export type SettingsService = ReturnType<typeof createSettingsService>

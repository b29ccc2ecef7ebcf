import type { Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { SettingsRow, TenantSettingsTable } from '../../db/schema.js'

const SETTINGS_COLUMNS = [
  's.business_hours',
  's.locale',
  's.currency',
  's.chat_visibility',
  's.auto_assign',
  's.csat_enabled',
  's.iva_enabled',
  's.ai_external_processing',
  's.widget_key',
  's.widget_enabled',
  's.widget_allowed_origins',
  's.widget_greeting',
  's.widget_offline_message',
  's.widget_color',
] as const
export type SettingsRecord = Pick<
  SettingsRow,
  | 'business_hours'
  | 'locale'
  | 'currency'
  | 'chat_visibility'
  | 'auto_assign'
  | 'csat_enabled'
  | 'iva_enabled'
  | 'ai_external_processing'
  | 'widget_key'
  | 'widget_enabled'
  | 'widget_allowed_origins'
  | 'widget_greeting'
  | 'widget_offline_message'
  | 'widget_color'
> & { timezone: string }

/** The tenant's settings with its time zone, which lives on the tenant row. */
export function findSettings(ex: Executor, tenantId: number): Promise<SettingsRecord | undefined> {
  return ex
    .selectFrom('tenant_settings as s')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select(SETTINGS_COLUMNS)
    .select('t.timezone')
    .where('s.tenant_id', '=', tenantId)
    .executeTakeFirst()
}

/** The currency a new product is priced in when none is given. */
export async function findDefaultCurrency(ex: Executor, tenantId: number): Promise<string> {
  const row = await ex
    .selectFrom('tenant_settings')
    .select('currency')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return row.currency
}

export type SettingsChanges = Omit<Updateable<TenantSettingsTable>, 'tenant_id'>

/** Writes any subset of the settings (the caller stamps `updated_at`). */
export async function updateTenantSettings(ex: Executor, tenantId: number, changes: SettingsChanges): Promise<void> {
  await ex.updateTable('tenant_settings').set(changes).where('tenant_id', '=', tenantId).execute()
}

/**
 * The public widget's view of a tenant, found by its widget key: the key is what a visitor's page holds, so this
 * looks across tenants by design.
 */
export function findWidgetByKey(ex: Executor, widgetKey: string) {
  return ex
    .selectFrom('tenant_settings as s')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select([
      't.name',
      't.timezone',
      't.status',
      's.widget_enabled',
      's.widget_greeting',
      's.widget_offline_message',
      's.widget_color',
      's.business_hours',
    ])
    .where('s.widget_key', '=', widgetKey)
    .executeTakeFirst()
}

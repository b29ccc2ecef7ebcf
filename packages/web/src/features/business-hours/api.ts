import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Settings, SettingsUpdate, WidgetConfig } from '@proxima/contracts'
import { apiFetch } from '../../api/client'
import { settingsKeys } from '../widget-settings/api'

export type HoursChanges = Pick<SettingsUpdate, 'timezone' | 'business_hours'>

export const widgetStatusKey = (widgetKey: string) => ['widget-status', widgetKey] as const

/** Saves the time zone and business hours; the widget's open/away state is read again afterwards. */
export const useUpdateHours = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (changes: HoursChanges) =>
      apiFetch<Settings>('/api/tenantmanagement/settings/', { method: 'PATCH', body: changes }),
    onSuccess: (settings) => {
      client.setQueryData(settingsKeys.all, settings)
      return client.invalidateQueries({ queryKey: ['widget-status'] })
    },
  })
}

/** What the web widget shows visitors right now (the public configuration it loads), checked every minute. */
export const useWidgetStatus = (widgetKey: string | undefined) =>
  useQuery({
    queryKey: widgetStatusKey(widgetKey ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<WidgetConfig>('/api/widget/config/', { query: { widget_key: widgetKey }, signal, sessionCheck: false }),
    enabled: Boolean(widgetKey),
    refetchInterval: 60_000,
  })

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Settings, SettingsUpdate } from '@proxima/contracts'
import { apiFetch } from '../../api/client'

export const settingsKeys = { all: ['tenant-settings'] as const }

export type WidgetChanges = NonNullable<SettingsUpdate['widget']>

export const useSettings = () =>
  useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiFetch<Settings>('/api/tenantmanagement/settings/', { signal }),
  })

export const useUpdateWidget = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (widget: WidgetChanges) =>
      apiFetch<Settings>('/api/tenantmanagement/settings/', { method: 'PATCH', body: { widget } }),
    onSuccess: (settings) => client.setQueryData(settingsKeys.all, settings),
  })
}

export const useRotateWidgetKey = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<Settings>('/api/tenantmanagement/settings/rotate-widget-key/', { method: 'POST' }),
    onSuccess: (settings) => client.setQueryData(settingsKeys.all, settings),
  })
}

/** The tag a tenant pastes into their site; the script is served by this same host. */
export const widgetSnippet = (origin: string, widgetKey: string) =>
  `<script src="${origin}/widget.js" data-tenant="${widgetKey}" async></script>`

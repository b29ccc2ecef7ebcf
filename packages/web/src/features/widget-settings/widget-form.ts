import { SettingsUpdate, type Settings } from '@proxima/contracts'
import { z } from 'zod'
import type { PreviewValues } from './components/WidgetPreview'

type Widget = Settings['widget']

/** The widget part of a settings update, with the server's rules. */
const WidgetUpdate = SettingsUpdate.shape.widget.unwrap()
const AllowedOrigins = WidgetUpdate.shape.allowed_origins.unwrap()

/** The websites as typed: one per line (or separated by spaces or commas), without trailing slashes. */
export const originList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean)

/**
 * The widget form: the settings update's widget fields, with the allowed websites typed as text, one per line. The
 * websites follow the server's rules; a reason for one of them says which line it is about.
 */
export const WidgetDraft = WidgetUpdate.omit({ allowed_origins: true }).extend({
  origins: z.string().transform((text, ctx) => {
    const parsed = AllowedOrigins.safeParse(originList(text))
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      const line = issue.path[0]
      ctx.addIssue({
        code: 'custom',
        message: typeof line === 'number' ? `Line ${line + 1}: ${issue.message}` : issue.message,
      })
    }
    return z.NEVER
  }),
})

/** The saved widget as the form's values. */
export const draftOf = (widget: Widget) => ({
  enabled: widget.enabled,
  color: widget.color,
  greeting: widget.greeting ?? '',
  offline_message: widget.offline_message ?? '',
  origins: widget.allowed_origins.join('\n'),
})

type Draft = { enabled?: boolean; color?: string; greeting?: string | null; offline_message?: string | null }

/** What the preview draws from the form's values, saved or not. */
export const previewOf = (draft: Draft): PreviewValues => ({
  enabled: draft.enabled ?? false,
  color: draft.color ?? '',
  greeting: draft.greeting ?? '',
  offline_message: draft.offline_message ?? '',
})

/** Server reasons by path (`widget.allowed_origins.2`) on the form's fields. */
export const widgetFieldOf = (path: string) => {
  const [scope, field] = path.split('.')
  if (scope !== 'widget' || !field) return undefined
  if (field === 'allowed_origins') return 'origins' as const
  return (['enabled', 'color', 'greeting', 'offline_message'] as const).find((name) => name === field)
}

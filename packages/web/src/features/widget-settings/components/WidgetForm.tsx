import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import InputAdornment from '@mui/material/InputAdornment'
import { DEFAULT_WIDGET_COLOR, SettingsUpdate, type Settings } from '@proxima/contracts'
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { isApiError } from '../../../api/errors'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import type { FieldErrors } from '../../../ui/forms'
import { useUpdateWidget } from '../api'
import type { PreviewValues } from './WidgetPreview'

type Widget = Settings['widget']
type Values = { enabled: boolean; greeting: string; offline_message: string; color: string; origins: string }

const toValues = (widget: Widget): Values => ({
  enabled: widget.enabled,
  greeting: widget.greeting ?? '',
  offline_message: widget.offline_message ?? '',
  color: widget.color,
  origins: widget.allowed_origins.join('\n'),
})

const HEX = /^#[0-9a-f]{6}$/i

const originList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean)

/** Field errors of the nested `widget` object, by field name; every origin's reason lands on the origins box. */
const widgetErrors = (reasons: [path: PropertyKey[], message: string][]): FieldErrors => {
  const out: FieldErrors = {}
  for (const [path, message] of reasons) {
    const field = path[0] === 'widget' ? String(path[1] ?? 'form') : String(path[0] ?? 'form')
    const key = field === 'allowed_origins' ? 'origins' : field
    const index = field === 'allowed_origins' && typeof path[2] === 'number' ? path[2] : null
    out[key] ??= index === null ? message : `Line ${index + 1}: ${message}`
  }
  return out
}

type Props = {
  widget: Widget
  /** Told every change, so the preview follows the form before it is saved. */
  onDraftChange: (draft: PreviewValues) => void
}

/**
 * Turns the widget on or off and sets its colour, texts and the websites allowed to start chats (admins only).
 */
export const WidgetForm = ({ widget, onDraftChange }: Props) => {
  const update = useUpdateWidget()
  const [values, setValues] = useState<Values>(() => toValues(widget))
  const [errors, setErrors] = useState<FieldErrors>({})
  const original = toValues(widget)
  const changed =
    values.enabled !== original.enabled ||
    values.greeting.trim() !== original.greeting ||
    values.offline_message.trim() !== original.offline_message ||
    values.color.trim().toLowerCase() !== original.color ||
    originList(values.origins).join('\n') !== original.origins

  const replace = (next: Values) => {
    setValues(next)
    onDraftChange(next)
  }
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    update.reset()
    replace({ ...values, [key]: value })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const widgetInput = {
      enabled: values.enabled,
      greeting: values.greeting,
      offline_message: values.offline_message,
      color: values.color,
      allowed_origins: originList(values.origins),
    }
    const parsed = SettingsUpdate.safeParse({ widget: widgetInput })
    if (!parsed.success) return setErrors(widgetErrors(parsed.error.issues.map((i) => [i.path, i.message])))
    setErrors({})
    update.mutate(parsed.data.widget ?? {}, {
      onSuccess: (saved) => replace(toValues(saved.widget)),
      onError: (error) => {
        if (!isApiError(error)) return
        const reasons = Object.entries(error.fieldErrors).map(([key, list]): [PropertyKey[], string] => [
          key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          list[0] ?? '',
        ])
        setErrors(widgetErrors(reasons))
      },
    })
  }

  const busy = update.isPending
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormControlLabel
        control={<Switch checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} disabled={busy} />}
        label="Chat widget enabled"
      />
      <TextInput
        label="Brand colour"
        helperText={
          errors.color ??
          "The colour of the widget's header, launcher and buttons, as #RRGGBB. Its text turns light or dark to stay readable."
        }
        error={Boolean(errors.color)}
        value={values.color}
        onChange={(e) => set('color', e.target.value)}
        disabled={busy}
        autoComplete="off"
        slotProps={{
          htmlInput: { maxLength: 7, spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  component="input"
                  type="color"
                  aria-label="Colour picker"
                  value={HEX.test(values.color.trim()) ? values.color.trim().toLowerCase() : DEFAULT_WIDGET_COLOR}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => set('color', e.target.value)}
                  disabled={busy}
                  sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextInput
        label="Greeting"
        helperText={errors.greeting ?? 'Shown under your organization name when a visitor opens the chat.'}
        error={Boolean(errors.greeting)}
        value={values.greeting}
        onChange={(e) => set('greeting', e.target.value)}
        disabled={busy}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 280 } }}
      />
      <TextInput
        label="Offline message"
        helperText={errors.offline_message ?? 'Shown outside your business hours.'}
        error={Boolean(errors.offline_message)}
        value={values.offline_message}
        onChange={(e) => set('offline_message', e.target.value)}
        disabled={busy}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 280 } }}
      />
      <TextInput
        label="Allowed websites"
        helperText={
          errors.origins ??
          'One https origin per line, such as https://www.example.com. Leave empty to allow any website.'
        }
        error={Boolean(errors.origins)}
        value={values.origins}
        onChange={(e) => set('origins', e.target.value)}
        disabled={busy}
        multiline
        minRows={3}
      />
      <FormError error={update.error} fieldErrors={errors} />
      {update.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          Widget settings saved.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button
          onClick={() => {
            replace(original)
            setErrors({})
          }}
          disabled={busy || !changed}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={busy || !changed}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  )
}

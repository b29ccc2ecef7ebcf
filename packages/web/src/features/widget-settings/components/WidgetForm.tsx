import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import InputAdornment from '@mui/material/InputAdornment'
import Switch from '@mui/material/Switch'
import { DEFAULT_WIDGET_COLOR, type Settings } from '@proxima/contracts'
import { useEffect, type ChangeEvent } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { FormAlert, SaveChanges } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { useUpdateWidget } from '../api'
import { WidgetDraft, draftOf, previewOf, widgetFieldOf } from '../widget-form'
import type { PreviewValues } from './WidgetPreview'

const HEX = /^#[0-9a-f]{6}$/i
const TEXT_MAX = 280

type Props = {
  widget: Settings['widget']
  /** Told every change, so the preview follows the form before it is saved. */
  onDraftChange: (draft: PreviewValues) => void
}

/**
 * Turns the widget on or off and sets its colour, texts and the websites allowed to start chats (admins only).
 */
export const WidgetForm = ({ widget, onDraftChange }: Props) => {
  const toast = useToast()
  const update = useUpdateWidget()
  const form = useContractForm(WidgetDraft, { defaultValues: draftOf(widget) })
  const { control, watch } = form
  const busy = form.formState.isSubmitting
  const colour = useWatch({ control, name: 'color' })

  // The preview follows every change, saved or not (and the saved values after a save or a discard).
  useEffect(() => {
    const subscription = watch((values) => onDraftChange(previewOf(values)))
    return () => subscription.unsubscribe()
  }, [watch, onDraftChange])

  const submit = form.handleSubmit(async ({ origins, ...values }) => {
    try {
      const saved = await update.mutateAsync({ ...values, allowed_origins: origins })
      form.reset(draftOf(saved.widget))
      toast.success('Widget settings are saved.')
    } catch (error) {
      showSubmitError(form.setError, error, widgetFieldOf)
    }
  })

  const picked = typeof colour === 'string' ? colour.trim() : ''
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                disabled={busy}
              />
            }
            label="Chat widget enabled"
          />
        )}
      />
      <FormText
        control={control}
        name="color"
        label="Brand colour"
        helperText="The colour of the widget's header, launcher and buttons, as #RRGGBB. Its text turns light or dark to stay readable."
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
                  value={HEX.test(picked) ? picked.toLowerCase() : DEFAULT_WIDGET_COLOR}
                  onChange={(event: ChangeEvent<HTMLInputElement>) =>
                    form.setValue('color', event.target.value, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  disabled={busy}
                  sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <FormText
        control={control}
        name="greeting"
        label="Greeting"
        helperText="Shown under your organization name when a visitor opens the chat."
        maxLength={TEXT_MAX}
        multiline
        minRows={2}
      />
      <FormText
        control={control}
        name="offline_message"
        label="Offline message"
        helperText="Shown outside your business hours."
        maxLength={TEXT_MAX}
        multiline
        minRows={2}
      />
      <FormText
        control={control}
        name="origins"
        label="Allowed websites"
        helperText="One https origin per line, such as https://www.example.com. Leave empty to allow any website."
        multiline
        minRows={3}
      />
      <FormAlert control={control} />
      <SaveChanges control={control} onDiscard={() => form.reset()} />
    </Box>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import type { Settings } from '@proxima/contracts'
import type { ReactNode } from 'react'
import { Controller, useWatch, type FieldPath } from 'react-hook-form'
import { errorText } from '../../../ui/form/error-text'
import { FormAlert, SaveChanges } from '../../../ui/form/FormFooter'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { useUpdateHours } from '../api'
import { HoursDraft, draftOf, formPathOf, type HoursValues } from '../hours-form'
import { localTime } from '../time-zones'
import { HolidaysField } from './HolidaysField'
import { TimeZoneField } from './TimeZoneField'
import { WeekSchedule } from './WeekSchedule'

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ mb: 3 }}>
    <CardContent>
      <Typography variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
)

/** The organisation's time zone, weekly hours and holidays; read-only for employees. */
export const HoursForm = ({ settings, readOnly }: { settings: Settings; readOnly: boolean }) => {
  const toast = useToast()
  const update = useUpdateHours()
  const form = useContractForm(HoursDraft, { defaultValues: draftOf(settings) })
  const { control } = form
  const [timezone, enabled] = useWatch({ control, name: ['timezone', 'enabled'] })
  const disabled = readOnly || form.formState.isSubmitting

  const submit = form.handleSubmit(async (changes) => {
    // The days as sent, so that the server's reasons land on the rows they are about.
    const days = form.getValues('days')
    try {
      const saved = await update.mutateAsync(changes)
      form.reset(draftOf(saved))
      toast.success('Business hours are saved.')
    } catch (error) {
      showSubmitError(
        form.setError,
        error,
        (path) => formPathOf(path.split('.'), days).join('.') as FieldPath<HoursValues>,
      )
    }
  })

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Section title="Time zone">
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <TimeZoneField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
        <Typography variant="body2" color="text.secondary">
          It is {localTime(timezone, new Date())} there now.
        </Typography>
      </Section>
      <Section title="Weekly hours">
        <Controller
          control={control}
          name="enabled"
          render={({ field, fieldState }) => (
            <>
              <FormControlLabel
                control={
                  <Switch
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    disabled={disabled}
                  />
                }
                label="Use business hours"
              />
              {fieldState.error?.message ? (
                <Alert severity="error" sx={{ my: 1 }}>
                  {fieldState.error.message}
                </Alert>
              ) : null}
            </>
          )}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {enabled
            ? 'Outside these hours the chat widget tells visitors you are away. A closing time of 00:00 means midnight.'
            : 'Off: the chat widget always shows your team as available.'}
        </Typography>
        <Controller
          control={control}
          name="days"
          render={({ field, fieldState }) => (
            <WeekSchedule
              days={field.value}
              onChange={field.onChange}
              errors={fieldState.error}
              disabled={disabled || !enabled}
            />
          )}
        />
      </Section>
      <Section title="Holidays">
        <Typography variant="body2" color="text.secondary">
          Closed all day on these dates, in your time zone.
        </Typography>
        <Controller
          control={control}
          name="holidays"
          render={({ field, fieldState }) => (
            <HolidaysField
              value={field.value}
              onChange={field.onChange}
              error={errorText(fieldState.error)}
              disabled={disabled || !enabled}
            />
          )}
        />
      </Section>
      <FormAlert control={control} />
      {readOnly ? null : <SaveChanges control={control} onDiscard={() => form.reset()} />}
    </Box>
  )
}

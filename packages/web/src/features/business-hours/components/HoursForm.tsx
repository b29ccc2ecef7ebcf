import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { SettingsUpdate, type Settings } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { isApiError } from '../../../api/errors'
import { FormError } from '../../../ui/states'
import { useUpdateHours } from '../api'
import { hasErrors, hoursErrors, toDays, toSchedule, type DayHours, type HoursErrors } from '../schedule'
import { localTime } from '../time-zones'
import { HolidaysField } from './HolidaysField'
import { TimeZoneField } from './TimeZoneField'
import { WeekSchedule } from './WeekSchedule'

type Draft = { timezone: string; enabled: boolean; days: DayHours[]; holidays: string[] }

const draftOf = (s: Settings): Draft => ({
  timezone: s.timezone,
  enabled: s.business_hours.enabled,
  days: toDays(s.business_hours.schedule),
  holidays: [...s.business_hours.holidays].sort(),
})

const NO_ERRORS: HoursErrors = { ranges: {} }

/** The organisation's time zone, weekly hours and holidays; read-only for employees. */
export const HoursForm = ({ settings, readOnly }: { settings: Settings; readOnly: boolean }) => {
  const update = useUpdateHours()
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings))
  const [errors, setErrors] = useState<HoursErrors>(NO_ERRORS)
  const original = draftOf(settings)
  const changed = JSON.stringify(draft) !== JSON.stringify(original)
  const busy = update.isPending
  const disabled = busy || readOnly

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    update.reset()
    setDraft((d) => ({ ...d, [key]: value }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { schedule, origins } = toSchedule(draft.days)
    const changes = {
      timezone: draft.timezone,
      business_hours: { enabled: draft.enabled, schedule, holidays: draft.holidays },
    }
    const parsed = SettingsUpdate.safeParse(changes)
    if (!parsed.success) {
      return setErrors(
        hoursErrors(
          parsed.error.issues.map((i) => [i.path.join('.'), i.message]),
          origins,
        ),
      )
    }
    setErrors(NO_ERRORS)
    update.mutate(changes, {
      onSuccess: (saved) => setDraft(draftOf(saved)),
      onError: (error) => {
        if (!isApiError(error)) return
        const reasons = Object.entries(error.fieldErrors).map(([k, list]): [string, string] => [k, list[0] ?? ''])
        setErrors(hoursErrors(reasons, origins))
      },
    })
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h2" component="h2" gutterBottom>
            Time zone
          </Typography>
          <TimeZoneField
            value={draft.timezone}
            onChange={(zone) => set('timezone', zone)}
            error={errors.timezone}
            disabled={disabled}
          />
          <Typography variant="body2" color="text.secondary">
            It is {localTime(draft.timezone, new Date())} there now.
          </Typography>
        </CardContent>
      </Card>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h2" component="h2" gutterBottom>
            Weekly hours
          </Typography>
          <FormControlLabel
            control={
              <Switch checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} disabled={disabled} />
            }
            label="Use business hours"
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {draft.enabled
              ? 'Outside these hours the chat widget tells visitors you are away. A closing time of 00:00 means midnight.'
              : 'Off: the chat widget always shows your team as available.'}
          </Typography>
          {errors.schedule ? (
            <Alert severity="error" sx={{ my: 1 }}>
              {errors.schedule}
            </Alert>
          ) : null}
          <WeekSchedule
            days={draft.days}
            onChange={(days) => set('days', days)}
            errors={errors.ranges}
            disabled={disabled || !draft.enabled}
          />
        </CardContent>
      </Card>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h2" component="h2" gutterBottom>
            Holidays
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Closed all day on these dates, in your time zone.
          </Typography>
          <HolidaysField
            value={draft.holidays}
            onChange={(dates) => set('holidays', dates)}
            error={errors.holidays}
            disabled={disabled || !draft.enabled}
          />
        </CardContent>
      </Card>
      {hasErrors(errors) ? null : <FormError error={update.error} />}
      {update.isSuccess ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Business hours saved.
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button
            onClick={() => {
              setDraft(original)
              setErrors(NO_ERRORS)
            }}
            disabled={busy || !changed}
          >
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !changed}>
            {busy ? 'Saving…' : 'Save changes'}
          </Button>
        </Box>
      )}
    </Box>
  )
}

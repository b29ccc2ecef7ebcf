import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import IconButton from '@mui/material/IconButton'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import { errorAt, errorText } from '../../../ui/form/error-text'
import { TextInput } from '../../../ui/TextInput'
import { DAY_NAMES, type DayHours, type Range } from '../schedule'

type Props = {
  days: DayHours[]
  onChange: (days: DayHours[]) => void
  /** The form's reasons for the days: per day, about its hours as a whole (`N.day`) and per row (`N.ranges.R`). */
  errors: unknown
  disabled: boolean
}

const DEFAULT_RANGE: Range = { open: '09:00', close: '17:00' }

/** The next range of a day: an hour after the last one closes, for two hours, when that fits in the day. */
const nextRange = (ranges: Range[]): Range => {
  const last = ranges[ranges.length - 1]
  if (!last || last.close === '00:00') return DEFAULT_RANGE
  const [h = 0, m = 0] = last.close.split(':').map(Number)
  const open = Math.min(h + 1, 22)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { open: `${pad(open)}:${pad(m)}`, close: `${pad(Math.min(open + 2, 23))}:${pad(m)}` }
}

/** Opening hours per weekday: a day is open when it has hours; a day may have several ranges (a lunch break). */
export const WeekSchedule = ({ days, onChange, errors, disabled }: Props) => {
  const setDay = (index: number, ranges: Range[]) => onChange(days.map((d, i) => (i === index ? { ...d, ranges } : d)))

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {days.map(({ day, ranges }, index) => {
        const name = DAY_NAMES[day]
        const dayError = errorText(errorAt(errors, [index, 'day']))
        return (
          <Box
            key={day}
            role="group"
            aria-label={name}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
              alignItems: 'start',
              gap: { xs: 0, sm: 2 },
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <FormControlLabel
              sx={{ mt: 0.5 }}
              control={
                <Switch
                  checked={ranges.length > 0}
                  onChange={(e) => setDay(index, e.target.checked ? [DEFAULT_RANGE] : [])}
                  disabled={disabled}
                />
              }
              label={name}
            />
            <Box sx={{ minWidth: 0 }}>
              {ranges.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 1.25 }}>
                  Closed
                </Typography>
              ) : (
                ranges.map((range, r) => {
                  const error = errorText(errorAt(errors, [index, 'ranges', r]))
                  const set = (patch: Partial<Range>) =>
                    setDay(
                      index,
                      ranges.map((x, i) => (i === r ? { ...x, ...patch } : x)),
                    )
                  return (
                    <Box key={r} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                      <TextInput
                        type="time"
                        size="small"
                        label="Opens"
                        value={range.open}
                        onChange={(e) => set({ open: e.target.value })}
                        disabled={disabled}
                        error={Boolean(error)}
                        fullWidth={false}
                        margin="dense"
                        sx={{ width: 130 }}
                        slotProps={{ inputLabel: { shrink: true } }}
                      />
                      <TextInput
                        type="time"
                        size="small"
                        label="Closes"
                        value={range.close}
                        onChange={(e) => set({ close: e.target.value })}
                        disabled={disabled}
                        error={Boolean(error)}
                        helperText={error}
                        fullWidth={false}
                        margin="dense"
                        sx={{ width: 130 }}
                        slotProps={{ inputLabel: { shrink: true } }}
                      />
                      <IconButton
                        aria-label={`Remove ${name} ${range.open} to ${range.close}`}
                        onClick={() =>
                          setDay(
                            index,
                            ranges.filter((_, i) => i !== r),
                          )
                        }
                        disabled={disabled}
                        sx={{ mt: 1 }}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Box>
                  )
                })
              )}
              {ranges.length > 0 ? (
                <Button
                  size="small"
                  startIcon={<Add />}
                  onClick={() => setDay(index, [...ranges, nextRange(ranges)])}
                  disabled={disabled}
                  aria-label={`Add hours on ${name}`}
                >
                  Add hours
                </Button>
              ) : null}
              {dayError ? (
                <FormHelperText error sx={{ mx: 0 }}>
                  {dayError}
                </FormHelperText>
              ) : null}
            </Box>
          </Box>
        )
      })}
    </Box>
  )
}

import TextField from '@mui/material/TextField'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import Close from '@mui/icons-material/Close'
import { useState } from 'react'

const MAX_HOLIDAYS = 100

const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

type Props = { value: string[]; onChange: (dates: string[]) => void; error?: string | undefined; disabled: boolean }

/** Dates closed all day, in the organisation's time zone, in date order. */
export const HolidaysField = ({ value, onChange, error, disabled }: Props) => {
  const [date, setDate] = useState('')
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || value.includes(date)) return setDate('')
    onChange([...value, date].sort())
    setDate('')
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          type="date"
          size="small"
          label="Closed on"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          disabled={disabled || value.length >= MAX_HOLIDAYS}
          error={Boolean(error)}
          helperText={error ?? (value.length >= MAX_HOLIDAYS ? `At most ${MAX_HOLIDAYS} dates.` : undefined)}
          fullWidth={false}
          margin="dense"
          sx={{ width: 190 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={add} disabled={disabled || !date} sx={{ mt: 1 }}>
          Add date
        </Button>
      </Box>
      {value.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          No holidays.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Holidays" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', p: 0, m: 0, mt: 1 }}>
          {value.map((d) => (
            <Box component="li" key={d} sx={{ listStyle: 'none', display: 'flex', alignItems: 'center' }}>
              <Chip label={longDate(d)} />
              <IconButton
                size="small"
                aria-label={`Remove ${longDate(d)}`}
                onClick={() => onChange(value.filter((x) => x !== d))}
                disabled={disabled}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  )
}

import TextField from '@mui/material/TextField'
import type { ForecastGranularity } from '@proxima/contracts'
import { useState } from 'react'
import { DEFAULT_HISTORY, fromWithin, historyBounds, PERIOD_NOUN } from '../view'

type Props = {
  granularity: ForecastGranularity
  /** The first day of the history, or null for the default length. */
  value: string | null
  /** Today in the organisation's time zone (YYYY-MM-DD): the latest start the field takes. */
  today: string
  onChange: (from: string | null) => void
}

/**
 * Where the history the forecasts learn from starts: a date, or empty for the default length before now. A date
 * outside what the server takes is kept in the field with the range it may take, and not asked for.
 */
export const HistoryFromField = ({ granularity, value, today, onChange }: Props) => {
  // What was typed while it is not a date the forecasts can use; null while the field shows `value`.
  const [draft, setDraft] = useState<string | null>(null)
  const bounds = historyBounds(granularity, today)
  const text = draft ?? value ?? ''
  const bad = text !== '' && !fromWithin(text, bounds)
  return (
    <TextField
      type="date"
      size="small"
      margin="none"
      label="History from"
      value={text}
      onChange={(event) => {
        const next = event.target.value
        if (next === '' || fromWithin(next, bounds)) {
          setDraft(null)
          onChange(next === '' ? null : next)
        } else {
          setDraft(next)
        }
      }}
      error={bad}
      helperText={
        bad
          ? `Choose a date from ${bounds.min} to ${bounds.max}.`
          : `Empty: the last ${DEFAULT_HISTORY[granularity]} ${PERIOD_NOUN[granularity][1]}.`
      }
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: bounds.min, max: bounds.max } }}
      sx={{ width: { xs: '100%', sm: 200 } }}
    />
  )
}

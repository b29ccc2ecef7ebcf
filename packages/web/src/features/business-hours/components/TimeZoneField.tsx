import TextField from '@mui/material/TextField'
import Autocomplete from '@mui/material/Autocomplete'
import { useMemo } from 'react'
import { timeZoneNames, utcOffset } from '../time-zones'

type Props = { value: string; onChange: (zone: string) => void; error?: string | undefined; disabled: boolean }

/** The organisation's IANA time zone, searchable by name ("Nairobi") or offset ("UTC+03:00"). */
export const TimeZoneField = ({ value, onChange, error, disabled }: Props) => {
  const options = useMemo(() => {
    const now = new Date()
    return timeZoneNames(value).map((zone) => ({
      zone,
      label: zone === 'UTC' ? 'UTC' : `${zone.replace(/_/g, ' ')} (${utcOffset(zone, now)})`,
    }))
  }, [value])
  const selected = options.find((o) => o.zone === value) ?? null
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, option) => {
        if (option) onChange(option.zone)
      }}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.zone === b.zone}
      disableClearable={selected !== null}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          error={Boolean(error)}
          helperText={error ?? 'Business hours, "today" on the overview and dates in reports follow this time zone.'}
        />
      )}
    />
  )
}

import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import type { FilterOption } from '../filter-options'

type Props = {
  label: string
  /** What no choice means, shown in the empty field ("All topics"). */
  allLabel: string
  value: number | null
  options: FilterOption[] | undefined
  loading: boolean
  onChange: (id: number | null) => void
  /** Names a chosen id that is not in the list (deleted, or from an old link). */
  unknownLabel: (id: number) => string
  /** Wider on a desktop, for the community or survey a page is about. */
  wide?: boolean
}

/** One topic or staff member to narrow the numbers to, or none; typing filters the list, clearing shows all. */
export const PickFilter = ({
  label,
  allLabel,
  value,
  options,
  loading,
  onChange,
  unknownLabel,
  wide = false,
}: Props) => {
  const list = options ?? []
  const selected =
    value === null ? null : (list.find((o) => o.id === value) ?? { id: value, label: unknownLabel(value) })
  return (
    <Autocomplete
      size="small"
      options={list}
      value={selected}
      loading={loading}
      loadingText="Loading the list…"
      noOptionsText="Nothing matches"
      onChange={(_, option) => onChange(option?.id ?? null)}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // "All topics" reads as the value it stands for, like "All channels" beside it.
      sx={{
        width: { xs: '100%', sm: wide ? 320 : 220 },
        '& input::placeholder': { opacity: 1, color: 'text.primary' },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={allLabel}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  )
}

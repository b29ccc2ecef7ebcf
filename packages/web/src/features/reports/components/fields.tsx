import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import type { ReportFormat } from '@proxima/contracts'
import { useId, useState, type ReactNode } from 'react'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { useChoices, type ChoiceSource } from '../api'
import type { Choice } from '../form'
import { FORMAT_HINT, FORMAT_LABEL } from '../labels'

/* The inputs the report forms are made of: every one labelled, with its reason beside it when it is wrong. */

type Option<T extends string> = { value: T; label: string }

type MultiProps<T extends string> = {
  label: string
  /** What no choice means ("Every status"). */
  allLabel: string
  options: readonly Option<T>[]
  value: T[]
  onChange: (next: T[]) => void
  error?: string | undefined
}

/** Several values of a list, or none for all of them. */
export const MultiSelect = <T extends string>({ label, allLabel, options, value, onChange, error }: MultiProps<T>) => (
  <TextField
    select
    size="small"
    margin="none"
    label={label}
    value={value}
    error={Boolean(error)}
    helperText={error}
    onChange={(event) => {
      // MUI hands a multiple select's value as the array of chosen values (a string only for autofill).
      const raw: unknown = event.target.value
      const chosen = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw.map(String) : []
      onChange(options.filter((o) => chosen.includes(o.value)).map((o) => o.value))
    }}
    slotProps={{
      select: {
        multiple: true,
        displayEmpty: true,
        renderValue: () =>
          value.length === 0
            ? allLabel
            : options
                .filter((o) => value.includes(o.value))
                .map((o) => o.label)
                .join(', '),
      },
      inputLabel: { shrink: true },
    }}
  >
    {options.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        <Checkbox size="small" checked={value.includes(o.value)} tabIndex={-1} disableRipple sx={{ py: 0 }} />
        <ListItemText primary={o.label} />
      </MenuItem>
    ))}
  </TextField>
)

type SelectProps = {
  label: string
  value: string
  options: readonly Option<string>[]
  onChange: (next: string) => void
  helperText?: string | undefined
  error?: string | undefined
  disabled?: boolean
}

/** One value of a short list; the first option is usually "all" (''). */
export const SingleSelect = ({ label, value, options, onChange, helperText, error, disabled }: SelectProps) => (
  <TextField
    select
    size="small"
    margin="none"
    label={label}
    value={options.some((o) => o.value === value) ? value : ''}
    onChange={(event) => onChange(event.target.value)}
    error={Boolean(error)}
    helperText={error ?? helperText}
    disabled={disabled}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
  >
    {options.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
)

type PickProps = {
  label: string
  value: Choice | null
  onChange: (next: Choice | null) => void
  /** Where the choices come from; the words typed are debounced here. */
  source: ChoiceSource
  /** What no choice means ("All communities"); a required pick has none. */
  allLabel?: string
  required?: boolean
  error?: string | undefined
  helperText?: string | undefined
  disabled?: boolean
}

/** One community, issue or survey, found by typing a few letters of its name. */
export const ChoicePick = (props: PickProps) => {
  const { label, value, onChange, source, allLabel, required, error, helperText, disabled } = props
  const [typed, setTyped] = useState('')
  const search = useDebouncedValue(typed.trim(), 300)
  const choices = useChoices(source, search)
  const list = choices.data ?? []
  return (
    <Autocomplete
      size="small"
      options={value && !list.some((c) => c.id === value.id) ? [value, ...list] : list}
      value={value}
      disabled={disabled}
      // The server has filtered the list by the words typed.
      filterOptions={(options) => options}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text)
        if (reason === 'clear' || reason === 'reset') setTyped('')
      }}
      loading={choices.isFetching}
      loadingText="Loading the list…"
      noOptionsText={choices.isError ? 'The list could not be loaded.' : 'Nothing matches'}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // "All communities" reads as the value it stands for; a search hint stays a hint.
      sx={allLabel ? { '& input::placeholder': { opacity: 1, color: 'text.primary' } } : undefined}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder={allLabel ?? 'Type to search'}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  )
}

type DatesProps = {
  /** "Created", "Sent"…: what the days bound. */
  dates: string
  from: string
  to: string
  onChange: (next: { from?: string; to?: string }) => void
  hint: string
  errors: { from?: string | undefined; to?: string | undefined }
}

/** The first and the last day of the report, both optional. */
export const DateFields = ({ dates, from, to, onChange, hint, errors }: DatesProps) => (
  <>
    <TextField
      type="date"
      size="small"
      margin="none"
      label={`${dates} from`}
      value={from}
      onChange={(event) => onChange({ from: event.target.value })}
      error={Boolean(errors.from)}
      helperText={errors.from ?? hint}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
    />
    <TextField
      type="date"
      size="small"
      margin="none"
      label={`${dates} until`}
      value={to}
      onChange={(event) => onChange({ to: event.target.value })}
      error={Boolean(errors.to)}
      helperText={errors.to ?? 'The last day is included.'}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
    />
  </>
)

/** CSV or PDF, each with what it is for. */
export const FormatChoice = ({ value, onChange }: { value: ReportFormat; onChange: (next: ReportFormat) => void }) => {
  const id = useId()
  return (
    <FormControl component="fieldset" margin="none">
      <FormLabel component="legend" id={id}>
        Format
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value === 'pdf' ? 'pdf' : 'csv')}
      >
        {(['csv', 'pdf'] as const).map((format) => (
          <FormControlLabel key={format} value={format} control={<Radio />} label={FORMAT_LABEL[format]} />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{FORMAT_HINT[value]}</FormHelperText>
    </FormControl>
  )
}

/** A grid of fields: one column on a phone, two from a small tablet, three on a wide screen. */
export const FieldGrid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      alignItems: 'start',
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    }}
  >
    {children}
  </Box>
)

import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { INDUSTRIES } from '../industries'

type Props = { value: string; onChange: (value: string) => void; error?: string | undefined; disabled?: boolean }

/** Free text with common industries as suggestions. */
export const IndustryField = ({ value, onChange, error, disabled }: Props) => (
  <Autocomplete
    freeSolo
    options={INDUSTRIES}
    value={value}
    inputValue={value}
    onInputChange={(_event, next) => onChange(next)}
    onChange={(_event, next) => onChange(next ?? '')}
    disabled={disabled ?? false}
    renderInput={(params) => (
      <TextField
        {...params}
        label="Industry"
        margin="normal"
        error={Boolean(error)}
        helperText={error ?? 'Pick one or type your own.'}
        slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-required': true } }}
      />
    )}
  />
)

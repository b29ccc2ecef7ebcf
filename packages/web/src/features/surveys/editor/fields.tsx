import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'

type Base<T extends FieldValues> = { control: Control<T, unknown, FieldValues>; name: FieldPath<T>; label: string }

/** An on/off choice bound to a form. */
export const FormSwitch = <T extends FieldValues>({ control, name, label }: Base<T>) => {
  const { field, formState } = useController({ control, name })
  return (
    <FormControlLabel
      label={label}
      disabled={formState.isSubmitting}
      control={
        <Switch
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
    />
  )
}

type SelectProps<T extends FieldValues> = Base<T> & {
  options: { value: string; label: string }[]
  /** Runs after the value changed (e.g. to fill the fields the new choice needs). */
  onChanged?: (value: string) => void
  size?: 'small' | 'medium'
}

/** A choice from a short list, bound to a form. */
export const FormSelect = <T extends FieldValues>({
  control,
  name,
  label,
  options,
  onChanged,
  size,
}: SelectProps<T>) => {
  const { field, fieldState, formState } = useController({ control, name })
  return (
    <TextField
      select
      label={label}
      size={size}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => {
        field.onChange(event.target.value)
        onChanged?.(event.target.value)
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      disabled={formState.isSubmitting}
      fullWidth
      margin="normal"
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  )
}

import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import type { SxProps, Theme } from '@mui/material/styles'
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react'

type Props = {
  label: ReactNode
  value?: string | number
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  error?: boolean
  helperText?: ReactNode
  disabled?: boolean
  /** Announced with aria-required instead of an asterisk appended to the label. */
  required?: boolean
  autoComplete?: string
  autoFocus?: boolean
  type?: string
  name?: string
  id?: string
  placeholder?: string
  multiline?: boolean
  minRows?: number
  maxRows?: number
  size?: 'small' | 'medium'
  fullWidth?: boolean
  margin?: 'none' | 'dense' | 'normal'
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>
  slotProps?: {
    htmlInput?: Record<string, unknown>
    input?: { startAdornment?: ReactNode; endAdornment?: ReactNode }
    /** `shrink` keeps the label above the field (date and time inputs show their own placeholder). */
    inputLabel?: { shrink?: boolean }
  }
  sx?: SxProps<Theme>
}

/**
 * An outlined text field whose label reads exactly as written (a required field says so with aria-required).
 * It is built from the input parts rather than MUI's TextField, which also brings in the select menu and its popover
 * on every page with a form, the sign-in page included. Like the theme's TextField, it is full width with normal
 * margins unless told otherwise.
 */
export const TextInput = ({
  label,
  helperText,
  error,
  disabled,
  required,
  size,
  fullWidth = true,
  margin = 'normal',
  id: givenId,
  slotProps,
  sx,
  ...input
}: Props) => {
  const generated = useId()
  const id = givenId ?? generated
  const helperId = helperText ? `${id}-helper-text` : undefined
  return (
    <FormControl
      error={error}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      margin={margin}
      sx={sx}
      variant="outlined"
    >
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={slotProps?.inputLabel?.shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        notched={slotProps?.inputLabel?.shrink}
        startAdornment={slotProps?.input?.startAdornment}
        endAdornment={slotProps?.input?.endAdornment}
        inputProps={{
          ...slotProps?.htmlInput,
          ...(required ? { 'aria-required': true } : {}),
          ...(helperId ? { 'aria-describedby': helperId } : {}),
        }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  )
}

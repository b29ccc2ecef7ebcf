import TextField, { type TextFieldProps } from '@mui/material/TextField'

type Props = Omit<TextFieldProps, 'required' | 'variant'> & { required?: boolean }

/**
 * A TextField whose label reads exactly as written: a required field is announced with aria-required
 * instead of an asterisk appended to the label.
 */
export const TextInput = ({ required, slotProps, ...props }: Props) => {
  const htmlInput = slotProps?.htmlInput
  const merged = {
    ...slotProps,
    htmlInput: {
      ...(typeof htmlInput === 'object' ? htmlInput : {}),
      ...(required ? { 'aria-required': true } : {}),
    },
  }
  return <TextField {...props} slotProps={merged} />
}

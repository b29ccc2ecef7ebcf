import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { PhoneField } from '../PhoneField'

type Props<T extends FieldValues> = {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label?: string
  required?: boolean
  helperText?: string
  disabled?: boolean
  /** Turns the E.164 number ('' when empty) into the form's value; by default empty becomes null (no number). */
  parse?: (e164: string) => unknown
}

const emptyAsNull = (e164: string): string | null => (e164 === '' ? null : e164)

/**
 * The international phone field bound to a form: E.164 as the value (null when left empty, so an optional number is
 * absent rather than invalid), its error under it, disabled while the form is sending.
 */
export const FormPhone = <T extends FieldValues>({
  control,
  name,
  parse = emptyAsNull,
  disabled,
  required = false,
  helperText = required
    ? 'Include the country code, e.g. +254 712 345678.'
    : 'Optional. Include the country code, e.g. +254 712 345678.',
  label,
}: Props<T>) => {
  const { field, fieldState, formState } = useController({ control, name })
  const value: unknown = field.value
  return (
    <PhoneField
      {...(label ? { label } : {})}
      value={typeof value === 'string' ? value : ''}
      onChange={(e164) => field.onChange(parse(e164))}
      error={fieldState.error?.message}
      disabled={disabled || formState.isSubmitting}
      required={required}
      helperText={helperText}
    />
  )
}

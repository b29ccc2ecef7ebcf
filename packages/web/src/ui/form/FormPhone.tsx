import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { PhoneField } from '../PhoneField'

type Props<T extends FieldValues> = {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label?: string
  required?: boolean
  helperText?: string
  disabled?: boolean
  /** Turns the E.164 number ('' when empty) into the form's value, e.g. empty into null for an optional number. */
  parse?: (e164: string) => unknown
}

/** An international phone number bound to a form: its error under it, disabled while the form is sending. */
export const FormPhone = <T extends FieldValues>({ control, name, parse, disabled, ...props }: Props<T>) => {
  const { field, fieldState, formState } = useController({ control, name })
  const value: unknown = field.value
  return (
    <PhoneField
      {...props}
      value={typeof value === 'string' ? value : ''}
      onChange={(e164) => field.onChange(parse ? parse(e164) : e164)}
      error={fieldState.error?.message}
      disabled={disabled || formState.isSubmitting}
    />
  )
}

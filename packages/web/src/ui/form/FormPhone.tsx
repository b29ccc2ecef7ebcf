import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { PhoneField } from '../PhoneField'

type Props<T extends FieldValues> = {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label?: string
  required?: boolean
  helperText?: string
}

/**
 * The international phone field bound to a form: E.164 as the value, null when left empty (so an optional number
 * is absent rather than invalid), its error under it, disabled while the form is sending.
 */
export const FormPhone = <T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText = 'Optional. Include the country code, e.g. +254 712 345678.',
}: Props<T>) => {
  const { field, fieldState, formState } = useController({ control, name })
  return (
    <PhoneField
      {...(label ? { label } : {})}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(e164) => field.onChange(e164 === '' ? null : e164)}
      error={fieldState.error?.message}
      disabled={formState.isSubmitting}
      required={required ?? false}
      helperText={helperText}
    />
  )
}

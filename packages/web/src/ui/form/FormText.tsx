import type { ComponentProps, ReactNode } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { TextInput } from '../TextInput'

type InputProps = Omit<
  ComponentProps<typeof TextInput>,
  'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'inputRef'
>

type Props<T extends FieldValues> = InputProps & {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  /** Shows "n / max" under the field while it has no error. */
  maxLength?: number
  /** Turns what was typed into the form's value (e.g. empty text into null). */
  parse?: (text: string) => unknown
  /** Fields checked again when this one changes after a submit (a confirmation that must match this field). */
  deps?: FieldPath<T>[]
}

const display = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : ''

/**
 * A text field bound to a form: its error under it (cleared as soon as the value is fixed), a length counter when a
 * limit applies, and disabled while the form is sending.
 */
export const FormText = <T extends FieldValues>({
  control,
  name,
  maxLength,
  parse,
  deps,
  helperText,
  disabled,
  slotProps,
  ...input
}: Props<T>) => {
  const { field, fieldState, formState } = useController({ control, name, ...(deps ? { rules: { deps } } : {}) })
  const text = display(field.value)
  let help: ReactNode = helperText
  if (fieldState.error?.message) help = fieldState.error.message
  else if (maxLength !== undefined) {
    const count = `${text.trim().length} / ${maxLength}`
    help = helperText ? (
      <>
        {helperText} · {count}
      </>
    ) : (
      count
    )
  }
  return (
    <TextInput
      {...input}
      name={field.name}
      value={text}
      onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={help}
      disabled={disabled || formState.isSubmitting}
      slotProps={
        maxLength === undefined
          ? slotProps
          : { ...slotProps, htmlInput: { maxLength: maxLength + 20, ...slotProps?.htmlInput } }
      }
    />
  )
}

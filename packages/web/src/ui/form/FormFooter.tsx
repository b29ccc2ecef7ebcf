import Alert from '@mui/material/Alert'
import Button, { type ButtonProps } from '@mui/material/Button'
import type { ReactNode } from 'react'
import { useFormState, type Control, type FieldValues } from 'react-hook-form'

type SubmitProps<T extends FieldValues> = Omit<ButtonProps, 'type' | 'children'> & {
  control: Control<T, unknown, FieldValues>
  children: ReactNode
  /** What the button says while the form is sending ("Saving…"). */
  pendingLabel: ReactNode
}

/** The form's submit button: disabled and saying what is happening while the form is sending. */
export const SubmitButton = <T extends FieldValues>({
  control,
  children,
  pendingLabel,
  disabled,
  variant = 'contained',
  ...button
}: SubmitProps<T>) => {
  const { isSubmitting } = useFormState({ control })
  return (
    <Button {...button} type="submit" variant={variant} disabled={disabled || isSubmitting}>
      {isSubmitting ? pendingLabel : children}
    </Button>
  )
}

/** The failure that belongs to no single field (set by `showSubmitError`), above the form's buttons. */
export const FormAlert = <T extends FieldValues>({ control }: { control: Control<T, unknown, FieldValues> }) => {
  const { errors } = useFormState({ control })
  const message = (errors.root as { server?: { message?: string } } | undefined)?.server?.message
  return message ? (
    <Alert severity="error" sx={{ my: 2 }}>
      {message}
    </Alert>
  ) : null
}

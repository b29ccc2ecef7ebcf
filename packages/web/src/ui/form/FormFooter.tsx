import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
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

type SaveProps<T extends FieldValues> = {
  control: Control<T, unknown, FieldValues>
  /** Puts the saved values back (usually the form's `reset()`). */
  onDiscard: () => void
  children?: ReactNode
  pendingLabel?: ReactNode
}

/**
 * Discard and Save for a form that edits something already saved: both wait for a change (there is nothing to save
 * before), and neither works while the form is sending.
 */
export const SaveChanges = <T extends FieldValues>({
  control,
  onDiscard,
  children = 'Save changes',
  pendingLabel = 'Saving…',
}: SaveProps<T>) => {
  const { isDirty, isSubmitting } = useFormState({ control })
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
      <Button onClick={onDiscard} disabled={!isDirty || isSubmitting}>
        Discard changes
      </Button>
      <SubmitButton control={control} pendingLabel={pendingLabel} disabled={!isDirty}>
        {children}
      </SubmitButton>
    </Box>
  )
}

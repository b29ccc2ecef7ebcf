import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { ChangePasswordRequest, Texts } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { useChangePassword } from '../api'

const EMPTY = { old_password: '', new_password: '', confirm_password: '' }
const FIELDS = [
  { name: 'old_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm new password', autoComplete: 'new-password' },
] as const

/** Changing the password signs out every other device of this user. */
export const ChangePasswordForm = () => {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const change = useChangePassword()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(ChangePasswordRequest, values)
    const next: FieldErrors = result.ok ? {} : result.errors
    if (values.confirm_password && values.new_password !== values.confirm_password) {
      next.confirm_password = Texts.passwordMismatch
    }
    setErrors(next)
    if (!result.ok || Object.keys(next).length > 0) return
    change.mutate(result.data, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) =>
        setErrors(
          pickErrors(
            serverFieldErrors(error),
            FIELDS.map((f) => f.name),
          ),
        ),
    })
  }

  const busy = change.isPending
  return (
    <Box component="form" noValidate onSubmit={submit}>
      {FIELDS.map((field) => (
        <TextInput
          key={field.name}
          label={field.label}
          type="password"
          autoComplete={field.autoComplete}
          value={values[field.name]}
          onChange={(e) => {
            change.reset()
            setValues((v) => ({ ...v, [field.name]: e.target.value }))
          }}
          error={Boolean(errors[field.name])}
          helperText={
            errors[field.name] ??
            (field.name === 'new_password' ? 'At least 8 characters, with a letter and a digit.' : '')
          }
          disabled={busy}
          required
        />
      ))}
      <FormError error={change.error} fieldErrors={errors} />
      {change.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          {change.data.message} You have been signed out on your other devices.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </Box>
  )
}

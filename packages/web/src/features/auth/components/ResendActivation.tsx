import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Alert from '@mui/material/Alert'
import { ResendActivationRequest } from '@proxima/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { apiFetch } from '../../../api/client'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { validate, type FieldErrors } from '../../../ui/forms'

/** Lets someone whose activation link failed ask for a new one. */
export const ResendActivation = () => {
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: (body: { email: string }) =>
      apiFetch<{ message: string }>('/api/auth/resendactivationlink/', { method: 'POST', body }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(ResendActivationRequest, { email })
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    mutation.mutate(result.data)
  }

  if (mutation.isSuccess) return <Alert severity="success">{mutation.data.message}</Alert>
  if (!open)
    return (
      <Button variant="text" size="small" onClick={() => setOpen(true)}>
        Request a new activation link
      </Button>
    )

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Send a new activation link">
      <TextInput
        label="Account email"
        type="email"
        autoComplete="email"
        size="small"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        required
      />
      <FormError error={mutation.error} fieldErrors={errors} />
      <Button type="submit" variant="outlined" size="small" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Send a new activation link'}
      </Button>
    </Box>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import { ProfileUpdate, type Profile } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { useAppDispatch } from '../../../app/hooks'
import { profileChanged } from '../../../app/session'
import { PhoneField } from '../../../ui/PhoneField'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { useUpdateProfile } from '../api'

type Values = { first_name: string; last_name: string; username: string; phonenumber: string }
const FIELDS = ['first_name', 'last_name', 'username', 'phonenumber']

const toValues = (p: Profile): Values => ({
  first_name: p.first_name,
  last_name: p.last_name,
  username: p.username,
  phonenumber: p.phonenumber ?? '',
})

export const ProfileForm = ({ profile }: { profile: Profile }) => {
  const dispatch = useAppDispatch()
  const update = useUpdateProfile()
  const [values, setValues] = useState<Values>(() => toValues(profile))
  const [errors, setErrors] = useState<FieldErrors>({})
  const original = toValues(profile)
  const changed = (Object.keys(values) as (keyof Values)[]).filter((key) => values[key].trim() !== original[key])
  const set = (field: keyof Values) => (value: string) => {
    update.reset()
    setValues((v) => ({ ...v, [field]: value }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input: Record<string, string | null> = {}
    for (const key of changed) input[key] = key === 'phonenumber' ? values[key] || null : values[key]
    const result = validate(ProfileUpdate, input)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    update.mutate(result.data, {
      onSuccess: (saved) => {
        setValues(toValues(saved))
        dispatch(profileChanged({ first_name: saved.first_name, last_name: saved.last_name, username: saved.username }))
      },
      onError: (error) => setErrors(pickErrors(serverFieldErrors(error), FIELDS)),
    })
  }

  const busy = update.isPending
  const text = (field: 'first_name' | 'last_name' | 'username', label: string, autoComplete: string) => (
    <TextInput
      label={label}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(e) => set(field)(e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      disabled={busy}
      required
    />
  )

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{text('first_name', 'First name', 'given-name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('last_name', 'Last name', 'family-name')}</Grid>
        <Grid size={12}>{text('username', 'Username', 'username')}</Grid>
        <Grid size={12}>
          <PhoneField
            value={values.phonenumber}
            onChange={set('phonenumber')}
            error={errors.phonenumber}
            disabled={busy}
          />
        </Grid>
      </Grid>
      <FormError error={update.error} fieldErrors={errors} />
      {update.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          Your profile has been saved.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button
          onClick={() => {
            setValues(original)
            setErrors({})
          }}
          disabled={busy || changed.length === 0}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={busy || changed.length === 0}>
          {busy ? 'Saving…' : 'Save profile'}
        </Button>
      </Box>
    </Box>
  )
}

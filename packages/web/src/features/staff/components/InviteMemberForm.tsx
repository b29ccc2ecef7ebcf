import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { InvitationRequest, type Invitation } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { useInviteMember } from '../api'
import { deliveryNotice } from '../delivery'
import { InviteLinkField } from './InviteLinkField'

const EMPTY = { email: '', user_type: 'employee', first_name: '', last_name: '' }
const FIELDS = Object.keys(EMPTY)

type Props = { onLink: (invitation: Invitation) => void }

/**
 * Admins invite colleagues by email; the invitation link is valid for 7 days. The reply says what happened to the
 * mail, and gives the link to hand on when the mail is not on its way.
 */
export const InviteMemberForm = ({ onLink }: Props) => {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const invite = useInviteMember()
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(InvitationRequest, values)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    const { email, user_type, first_name, last_name } = result.data
    invite.mutate(
      { email, user_type, ...(first_name ? { first_name } : {}), ...(last_name ? { last_name } : {}) },
      {
        onSuccess: (invitation) => {
          setValues(EMPTY)
          onLink(invitation)
        },
        onError: (error) => setErrors(pickErrors(serverFieldErrors(error), FIELDS)),
      },
    )
  }

  const busy = invite.isPending
  const notice = invite.isSuccess ? deliveryNotice(invite.data, 'created') : null
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email}
            disabled={busy}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            label="Role"
            value={values.user_type}
            onChange={(e) => set('user_type')(e.target.value)}
            disabled={busy}
          >
            <MenuItem value="employee">Employee</MenuItem>
            <MenuItem value="admin">Admin</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            label="First name (optional)"
            autoComplete="off"
            value={values.first_name}
            onChange={(e) => set('first_name')(e.target.value)}
            error={Boolean(errors.first_name)}
            helperText={errors.first_name}
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            label="Last name (optional)"
            autoComplete="off"
            value={values.last_name}
            onChange={(e) => set('last_name')(e.target.value)}
            error={Boolean(errors.last_name)}
            helperText={errors.last_name}
            disabled={busy}
          />
        </Grid>
      </Grid>
      <FormError error={invite.error} fieldErrors={errors} />
      {notice && invite.data ? (
        <Alert severity={notice.severity} sx={{ my: 2 }}>
          {notice.text}
          {notice.showLink && invite.data.invite_url ? (
            <Box sx={{ mt: 1.5 }}>
              <InviteLinkField url={invite.data.invite_url} email={invite.data.email} />
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Inviting…' : 'Invite'}
        </Button>
      </Box>
    </Box>
  )
}

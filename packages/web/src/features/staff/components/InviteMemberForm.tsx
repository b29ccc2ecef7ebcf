import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { InvitationRequest, type Invitation } from '@proxima/contracts'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { useInviteMember } from '../api'
import { deliveryNotice } from '../delivery'
import { InviteLinkField } from './InviteLinkField'

const EMPTY = { email: '', user_type: 'employee', first_name: '', last_name: '' }
const FIELDS = ['email', 'user_type', 'first_name', 'last_name'] as const

type Props = { onLink: (invitation: Invitation) => void }

/**
 * Admins invite colleagues by email; the invitation link is valid for 7 days. The reply says what happened to the
 * mail: a toast when it is on its way, and the link to hand on, with what went wrong, when it is not.
 */
export const InviteMemberForm = ({ onLink }: Props) => {
  const toast = useToast()
  const invite = useInviteMember()
  const form = useContractForm(InvitationRequest, { defaultValues: EMPTY })
  // The invitation whose mail is not on its way, until the next one is sent: its link stays on screen.
  const [handOff, setHandOff] = useState<Invitation | null>(null)

  const submit = form.handleSubmit(async ({ email, user_type, first_name, last_name }) => {
    setHandOff(null)
    try {
      const invitation = await invite.mutateAsync({
        email,
        user_type,
        ...(first_name ? { first_name } : {}),
        ...(last_name ? { last_name } : {}),
      })
      form.reset(EMPTY)
      onLink(invitation)
      const notice = deliveryNotice(invitation, 'created')
      if (notice.showLink) {
        setHandOff(invitation)
        toast.success(`The invitation for ${invitation.email} is created.`)
      } else toast.success(notice.text)
    } catch (error) {
      showSubmitError(form.setError, error, FIELDS)
    }
  })

  const busy = form.formState.isSubmitting
  const notice = handOff ? deliveryNotice(handOff, 'created') : null
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormText control={form.control} name="email" label="Email" type="email" autoComplete="off" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            control={form.control}
            name="user_type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Role"
                name={field.name}
                inputRef={field.ref}
                value={typeof field.value === 'string' ? field.value : 'employee'}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                disabled={busy}
              >
                <MenuItem value="employee">Employee</MenuItem>
                <MenuItem value="admin">Admin</MenuItem>
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={form.control} name="first_name" label="First name (optional)" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={form.control} name="last_name" label="Last name (optional)" autoComplete="off" />
        </Grid>
      </Grid>
      <FormAlert control={form.control} />
      {handOff && notice ? (
        <Alert severity={notice.severity} sx={{ my: 2 }}>
          {notice.text}
          {handOff.invite_url ? (
            <Box sx={{ mt: 1.5 }}>
              <InviteLinkField url={handOff.invite_url} email={handOff.email} />
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <SubmitButton control={form.control} pendingLabel="Inviting…">
          Invite
        </SubmitButton>
      </Box>
    </Box>
  )
}

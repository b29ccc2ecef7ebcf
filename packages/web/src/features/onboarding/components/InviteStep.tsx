import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import AddOutlined from '@mui/icons-material/AddOutlined'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import { InvitationRequest, StaffUserType } from '@proxima/contracts'
import { useState } from 'react'
import { Controller, useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import { errorMessage, isApiError } from '../../../api/errors'
import { SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { inviteMember } from '../../staff/api'
import { InviteLinkField } from '../../staff/components/InviteLinkField'
import { deliveryNotice, type DeliveryNotice } from '../../staff/delivery'

/** Each row is one invitation as the server takes it: an email and a role. */
const InviteRows = z.object({
  members: z.array(InvitationRequest.pick({ email: true }).extend({ user_type: StaffUserType })),
})

const blankRow = () => ({ email: '', user_type: 'employee' as const })

/** What became of a row's invitation: what happened to the mail, and the link when the admin must hand it on. */
type Invited = { notice: DeliveryNotice; link: string | undefined }

type Props = { onDone: () => void }

/** Optional last onboarding step: invite colleagues by email, one result per row. */
export const InviteStep = ({ onDone }: Props) => {
  const form = useContractForm(InviteRows, { defaultValues: { members: [blankRow()] } })
  const rows = useFieldArray({ control: form.control, name: 'members' })
  // Keyed by the row's id, so results follow their row when another row is removed.
  const [invited, setInvited] = useState<Record<string, Invited>>({})
  const { isSubmitting } = form.formState
  const waiting = rows.fields.filter((row) => !invited[row.id])
  const anyInvited = waiting.length < rows.fields.length

  const send = form.handleSubmit(async ({ members }) => {
    for (const [index, member] of members.entries()) {
      const id = rows.fields[index]?.id
      if (!id || invited[id]) continue
      try {
        const invitation = await inviteMember(member)
        const notice = deliveryNotice(invitation, 'created')
        setInvited((all) => ({ ...all, [id]: { notice, link: notice.showLink ? invitation.invite_url : undefined } }))
      } catch (error) {
        // Whatever stopped this invitation is said under its email; fixing the address clears it.
        const reason = (isApiError(error) && error.field('email')) || errorMessage(error)
        form.setError(`members.${index}.email`, { type: 'server', message: reason })
      }
    }
  })

  const removeRow = (index: number) => {
    if (rows.fields.length > 1) rows.remove(index)
    else rows.replace([blankRow()])
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void send(event)} aria-label="Invite members">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Invite the people who will answer your customers. Each person gets a link to create their account, by email
        where mail works. You can also do this later under Settings → Employees.
      </Typography>
      <Stack spacing={1}>
        {rows.fields.map((row, index) => {
          const done = invited[row.id]
          return (
            <Box key={row.id} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Box component="legend" sx={visuallyHidden}>{`Member ${index + 1}`}</Box>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0, sm: 2 }}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <FormText
                  control={form.control}
                  name={`members.${index}.email`}
                  label="Email"
                  type="email"
                  autoComplete="off"
                  disabled={Boolean(done)}
                />
                <Controller
                  control={form.control}
                  name={`members.${index}.user_type`}
                  render={({ field }) => (
                    <TextField
                      select
                      label="Role"
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      disabled={Boolean(done) || isSubmitting}
                      sx={{ minWidth: { sm: 160 } }}
                    >
                      <MenuItem value="employee">Employee</MenuItem>
                      <MenuItem value="admin">Admin</MenuItem>
                    </TextField>
                  )}
                />
                <Box sx={{ pt: { sm: 3 } }}>
                  <IconButton
                    aria-label={`Remove member ${index + 1}`}
                    onClick={() => removeRow(index)}
                    disabled={isSubmitting}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Box>
              </Stack>
              {done ? (
                <Alert severity={done.notice.severity} sx={{ mb: 1 }}>
                  {done.notice.text}
                  {done.link ? (
                    <Box sx={{ mt: 1.5 }}>
                      <InviteLinkField url={done.link} email={form.getValues(`members.${index}.email`).trim()} />
                    </Box>
                  ) : null}
                </Alert>
              ) : null}
            </Box>
          )
        })}
      </Stack>
      <Button
        startIcon={<AddOutlined />}
        onClick={() => rows.append(blankRow())}
        sx={{ mt: 1 }}
        disabled={isSubmitting}
      >
        Add another person
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        {anyInvited ? null : (
          <Button onClick={onDone} disabled={isSubmitting}>
            Skip
          </Button>
        )}
        {waiting.length > 0 ? (
          <SubmitButton
            control={form.control}
            pendingLabel="Inviting…"
            size="large"
            variant={anyInvited ? 'outlined' : 'contained'}
          >
            Invite
          </SubmitButton>
        ) : null}
        {anyInvited ? (
          <Button variant="contained" size="large" onClick={onDone} disabled={isSubmitting}>
            Finish
          </Button>
        ) : null}
      </Box>
    </Box>
  )
}

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
import { InvitationRequest } from '@proxima/contracts'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '../../../api/errors'
import { TextInput } from '../../../ui/TextInput'
import { validate } from '../../../ui/forms'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { inviteMember } from '../../staff/api'
import { InviteLinkField } from '../../staff/components/InviteLinkField'
import { deliveryNotice, type DeliveryNotice } from '../../staff/delivery'

type Role = 'employee' | 'admin'
type Row = {
  id: number
  email: string
  role: Role
  state: 'draft' | 'sending' | 'invited' | 'failed'
  message?: string | undefined
  severity?: DeliveryNotice['severity'] | undefined
  /** The link to hand on when the invitation mail is not on its way. */
  link?: string | undefined
}

let nextId = 1
const newRow = (): Row => ({ id: nextId++, email: '', role: 'employee', state: 'draft' })

type Props = { onDone: () => void }

/** Optional last onboarding step: invite colleagues by email, one result per row. */
export const InviteStep = ({ onDone }: Props) => {
  const [rows, setRows] = useState<Row[]>(() => [newRow()])
  const [sending, setSending] = useState(false)
  const update = (id: number, change: Partial<Row>) =>
    setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)))

  const pending = rows.filter((row) => row.state !== 'invited' && row.email.trim() !== '')
  const anyInvited = rows.some((row) => row.state === 'invited')

  const send = async (event: FormEvent) => {
    event.preventDefault()
    setSending(true)
    for (const row of pending) {
      const result = validate(InvitationRequest, { email: row.email, user_type: row.role })
      if (!result.ok) {
        update(row.id, {
          state: 'failed',
          message: result.errors.email ?? result.errors.user_type,
          severity: 'error',
        })
        continue
      }
      update(row.id, { state: 'sending', message: undefined })
      try {
        const invitation = await inviteMember({ email: result.data.email, user_type: result.data.user_type })
        const notice = deliveryNotice(invitation, 'created')
        update(row.id, {
          state: 'invited',
          message: notice.text,
          severity: notice.severity,
          link: notice.showLink ? invitation.invite_url : undefined,
        })
      } catch (error) {
        update(row.id, { state: 'failed', message: errorMessage(error), severity: 'error' })
      }
    }
    setSending(false)
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void send(e)} aria-label="Invite members">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Invite the people who will answer your customers. Each person gets a link to create their account, by email
        where mail works. You can also do this later under Settings → Employees.
      </Typography>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <Box key={row.id} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Box component="legend" sx={visuallyHidden}>{`Member ${index + 1}`}</Box>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 0, sm: 2 }}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextInput
                label="Email"
                type="email"
                autoComplete="off"
                value={row.email}
                onChange={(e) => update(row.id, { email: e.target.value, state: 'draft', message: undefined })}
                disabled={row.state === 'invited' || row.state === 'sending'}
                error={row.state === 'failed'}
              />
              <TextField
                select
                label="Role"
                value={row.role}
                onChange={(e) => update(row.id, { role: e.target.value as Role })}
                disabled={row.state === 'invited' || row.state === 'sending'}
                sx={{ minWidth: { sm: 160 } }}
              >
                <MenuItem value="employee">Employee</MenuItem>
                <MenuItem value="admin">Admin</MenuItem>
              </TextField>
              <Box sx={{ pt: { sm: 3 } }}>
                <IconButton
                  aria-label={`Remove member ${index + 1}`}
                  onClick={() =>
                    setRows((list) => (list.length > 1 ? list.filter((r) => r.id !== row.id) : [newRow()]))
                  }
                  disabled={row.state === 'sending'}
                >
                  <DeleteOutlined />
                </IconButton>
              </Box>
            </Stack>
            {row.message ? (
              <Alert severity={row.severity ?? 'error'} sx={{ mb: 1 }}>
                {row.message}
                {row.link ? (
                  <Box sx={{ mt: 1.5 }}>
                    <InviteLinkField url={row.link} email={row.email.trim()} />
                  </Box>
                ) : null}
              </Alert>
            ) : null}
          </Box>
        ))}
      </Stack>
      <Button
        startIcon={<AddOutlined />}
        onClick={() => setRows((list) => [...list, newRow()])}
        sx={{ mt: 1 }}
        disabled={sending}
      >
        Add another person
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        {anyInvited ? null : (
          <Button onClick={onDone} disabled={sending}>
            Skip
          </Button>
        )}
        {pending.length > 0 || !anyInvited ? (
          <Button
            type="submit"
            variant={anyInvited ? 'outlined' : 'contained'}
            size="large"
            disabled={sending || pending.length === 0}
          >
            {sending ? 'Inviting…' : 'Invite'}
          </Button>
        ) : null}
        {anyInvited ? (
          <Button variant="contained" size="large" onClick={onDone} disabled={sending}>
            Finish
          </Button>
        ) : null}
      </Box>
    </Box>
  )
}

import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { useId, useState } from 'react'
import { useChatFeedback } from '../feedback'
import { useEscalate } from '../use-chat'

type Props = { chatId: number; disabled: boolean; escalated: boolean }

/** Escalate with an optional reason: the chat is marked for a human to take over. */
export const EscalateButton = ({ chatId, disabled, escalated }: Props) => {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const titleId = useId()
  const escalate = useEscalate(chatId)
  const { fail, notify } = useChatFeedback()

  const submit = () =>
    escalate.mutate(reason, {
      onSuccess: () => {
        setOpen(false)
        setReason('')
        notify('success', 'The chat is escalated.')
      },
      onError: fail,
    })

  return (
    <>
      <Button variant="outlined" color="warning" size="small" disabled={disabled} onClick={() => setOpen(true)}>
        {escalated ? 'Escalate again' : 'Escalate'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Escalate this chat</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The chat is marked as needing a human, and the assignee (or everyone, when unassigned) is notified.
          </DialogContentText>
          <TextField
            label="Reason (optional)"
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value.slice(0, 500))}
            helperText={`${reason.length} / 500`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit">
            Cancel
          </Button>
          <Button variant="contained" color="warning" onClick={submit} disabled={escalate.isPending}>
            Escalate
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}

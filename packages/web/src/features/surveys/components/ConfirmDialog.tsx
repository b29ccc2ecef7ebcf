import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, type ReactNode } from 'react'
import { FormError } from '../../../ui/states'

type Props = {
  open: boolean
  title: string
  children: ReactNode
  /** The button that does it ("Delete"), and what it says meanwhile ("Deleting…"). */
  action: string
  pendingAction: string
  busy: boolean
  error: unknown
  onConfirm: () => void
  onClose: () => void
}

/** Asks before something that cannot be undone (deleting a draft, closing a survey). */
export const ConfirmDialog = ({
  open,
  title,
  children,
  action,
  pendingAction,
  busy,
  error,
  onConfirm,
  onClose,
}: Props) => {
  const titleId = useId()
  const textId = useId()
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{children}</DialogContentText>
        <FormError error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? pendingAction : action}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

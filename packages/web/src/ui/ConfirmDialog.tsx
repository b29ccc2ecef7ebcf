import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, type ReactNode } from 'react'
import { FormError } from './states'

type Props = {
  open: boolean
  title: string
  children: ReactNode
  /** The button that does it ("Delete"), and what it says meanwhile ("Deleting…"). */
  confirmLabel: string
  busyLabel: string
  busy: boolean
  error: unknown
  onConfirm: () => void
  onClose: () => void
}

/**
 * Asks before a change that hides, removes or ends something, and shows why it failed if it did. It stays open while
 * the change is under way.
 */
export const ConfirmDialog = (props: Props) => {
  const titleId = useId()
  const textId = useId()
  const { open, title, children, confirmLabel, busyLabel, busy, error, onConfirm, onClose } = props
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
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

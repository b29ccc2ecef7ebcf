import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { Invitation } from '@proxima/contracts'
import { useId } from 'react'
import { FormError } from '../../../ui/states'
import { useResendInvitation } from '../api'
import { deliveryNotice } from '../delivery'
import { InviteLinkField } from './InviteLinkField'

type Props = {
  invitation: Invitation | null
  /** The link this browser was given for the invitation, while it still works. */
  knownUrl: string | undefined
  onClose: () => void
  onRenewed: (invitation: Invitation) => void
}

/**
 * The link of a pending invitation, for the admin to hand on. Links are stored only as fingerprints, so a link this
 * browser no longer has is replaced by a new one (which also goes out by mail where mail works); the old one dies.
 */
export const InviteLinkDialog = ({ invitation, knownUrl, onClose, onRenewed }: Props) => {
  const titleId = useId()
  const renew = useResendInvitation()
  const close = () => {
    renew.reset()
    onClose()
  }
  const url = renew.data?.invite_url ?? knownUrl
  const notice = renew.data ? deliveryNotice(renew.data, 'renewed') : null
  const email = invitation?.email ?? ''

  return (
    <Dialog open={invitation !== null} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Invitation link for {email}</DialogTitle>
      <DialogContent>
        {url ? (
          <>
            {notice ? (
              <Alert severity={notice.severity} sx={{ mb: 2 }}>
                {notice.text}
              </Alert>
            ) : (
              <DialogContentText sx={{ mb: 2 }}>
                Send this link to {email}. It opens the page where they create their account.
              </DialogContentText>
            )}
            <InviteLinkField url={url} email={email} />
          </>
        ) : (
          <DialogContentText>
            For security, Proxima keeps only a fingerprint of each invitation link, so an earlier link cannot be shown
            again. Create a new link to copy it: the previous link stops working, and where mail works a new invitation
            email with the new link is sent as well.
          </DialogContentText>
        )}
        <FormError error={renew.error} />
      </DialogContent>
      <DialogActions>
        {url ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button onClick={close} disabled={renew.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              disabled={renew.isPending || !invitation}
              onClick={() =>
                invitation &&
                renew.mutate(invitation.invitation_id, {
                  onSuccess: (renewed) => onRenewed(renewed),
                })
              }
            >
              {renew.isPending ? 'Creating…' : 'Create new link'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}

import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { Community } from '@proxima/contracts'
import { useId } from 'react'
import { FormError } from '../../../ui/states'
import { useUpdateCommunity } from '../use-communities'
import { PlanProblem, isPlanProblem } from './PlanProblem'

type Props = { open: boolean; community: Community | null; onClose: () => void; onDone: (c: Community) => void }

/** Archiving hides a community from customers and makes it read-only, so it is confirmed first. */
export const ArchiveDialog = ({ open, community, onClose, onDone }: Props) => {
  const titleId = useId()
  const textId = useId()
  const update = useUpdateCommunity()
  const close = () => {
    update.reset()
    onClose()
  }
  const archive = () => {
    if (!community) return
    update.mutate(
      { id: community.community_id, changes: { is_archived: true } },
      {
        onSuccess: (saved) => {
          update.reset()
          onDone(saved)
        },
      },
    )
  }
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>Archive {community?.community_name ?? 'community'}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Customers will no longer see it, and nobody can raise issues or comment there. Its issues and history stay
          here, and you can restore it at any time.
        </DialogContentText>
        {isPlanProblem(update.error) ? <PlanProblem error={update.error} /> : <FormError error={update.error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={update.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={archive} disabled={update.isPending}>
          {update.isPending ? 'Archiving…' : 'Archive'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { Comment } from '@proxima/contracts'
import { useId } from 'react'
import { FormError } from '../../../ui/states'
import { useDeleteComment } from '../use-thread'
import { commentAuthor } from './CommentItem'

type Props = {
  comment: Comment | null
  open: boolean
  threadId: number
  issueId: number
  organisation: string
  onClose: () => void
}

/** Removing a comment hides it everywhere and from the figures; it cannot be undone, so it is confirmed. */
export const RemoveCommentDialog = ({ comment, open, threadId, issueId, organisation, onClose }: Props) => {
  const titleId = useId()
  const textId = useId()
  const remove = useDeleteComment(threadId, issueId)
  const close = () => {
    remove.reset()
    onClose()
  }
  const confirm = () => {
    if (!comment) return
    remove.mutate(comment.comment_id, { onSuccess: close })
  }
  const author = comment ? commentAuthor(comment, organisation) : ''
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Remove this comment?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The comment by {author} disappears for everyone, in the app and here, and no longer counts in analytics. This
          cannot be undone.
        </DialogContentText>
        {comment ? (
          <Box
            component="blockquote"
            sx={{
              m: 0,
              mt: 2,
              pl: 2,
              borderLeft: 3,
              borderColor: 'divider',
              color: 'text.secondary',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              maxHeight: 160,
              overflowY: 'auto',
            }}
          >
            {comment.comment_description}
          </Box>
        ) : null}
        <FormError error={remove.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Removing…' : 'Remove comment'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

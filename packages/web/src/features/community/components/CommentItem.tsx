import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined'
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined'
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined'
import type { Comment } from '@proxima/contracts'
import { useEffect, useRef, type ReactNode } from 'react'
import { initials } from '../../chats/format'
import { fullDateTime, personName, plural, relativeTime } from '../format'

type Props = {
  comment: Comment
  /** The organisation's name: staff replies speak for it. */
  organisation: string
  now: Date
  /** The comment the address points at (#comment-<id>), scrolled to and outlined. */
  targeted: boolean
  onRemove: (comment: Comment) => void
}

/** Who wrote a comment as shown: a client by name, a staff reply as the organisation. */
export const commentAuthor = (comment: Comment, organisation: string) =>
  comment.is_staff_reply ? organisation || 'Staff' : personName(comment.client) || comment.author.name || 'A member'

const Reaction = ({ icon, count, label }: { icon: ReactNode; count: number; label: string }) => (
  <Box
    component="span"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', typography: 'body2' }}
    aria-label={plural(count, label)}
    role="img"
  >
    {icon}
    <span aria-hidden="true">{count.toLocaleString()}</span>
  </Box>
)

/** One comment of a thread with its author, time, reactions and the moderator's remove action. */
export const CommentItem = ({ comment, organisation, now, targeted, onRemove }: Props) => {
  const ref = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (targeted) ref.current?.scrollIntoView({ block: 'center' })
  }, [targeted])
  const author = commentAuthor(comment, organisation)
  const staff = comment.is_staff_reply
  return (
    <Box
      component="li"
      ref={ref}
      id={`comment-${comment.comment_id}`}
      aria-label={`Comment by ${author}`}
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 1.5,
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: targeted ? 'primary.main' : staff ? 'primary.light' : 'divider',
        bgcolor: staff ? 'rgba(0, 121, 107, 0.05)' : 'background.paper',
        outline: targeted ? 2 : 0,
        outlineColor: 'primary.main',
      }}
    >
      <Avatar
        src={staff ? undefined : (comment.client?.profile_photo ?? undefined)}
        alt=""
        sx={{ width: 36, height: 36, fontSize: 15, bgcolor: staff ? 'primary.main' : 'grey.700' }}
      >
        {staff ? <SupportAgentOutlined fontSize="small" /> : initials(author)}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}>
          <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {author}
          </Typography>
          {staff ? (
            <Chip size="small" color="primary" label="Staff" sx={{ height: 20 }} />
          ) : comment.client ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              @{comment.client.username}
            </Typography>
          ) : null}
          <Typography component="span" variant="body2" color="text.secondary">
            ·{' '}
            <time dateTime={comment.created_at} title={fullDateTime(comment.created_at)}>
              {relativeTime(comment.created_at, now)}
            </time>
          </Typography>
          {comment.edited_at ? (
            <Tooltip title={`Edited ${fullDateTime(comment.edited_at)}`}>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                (edited)
              </Typography>
            </Tooltip>
          ) : null}
        </Box>
        {staff && comment.author.name && comment.author.name !== author ? (
          <Typography variant="caption" color="text.secondary" component="p">
            Answered by {comment.author.name}
          </Typography>
        ) : null}
        <Typography sx={{ mt: 0.75, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment_description}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <Reaction icon={<ThumbUpOutlined sx={{ fontSize: 16 }} />} count={comment.like_count} label="like" />
          <Reaction icon={<ThumbDownOutlined sx={{ fontSize: 16 }} />} count={comment.dislike_count} label="dislike" />
          <Box sx={{ flexGrow: 1 }} />
          <Tooltip title="Remove comment">
            <IconButton size="small" aria-label={`Remove comment by ${author}`} onClick={() => onRemove(comment)}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Box>
  )
}

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Rating from '@mui/material/Rating'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Chat, ChatStatus } from '@proxima/contracts'
import { useIsAdmin, useStaffUser } from '../../../app/hooks'
import { useChatFeedback } from '../feedback'
import { STATUS_LABEL, fullTime, personName } from '../format'
import { useAssign, useColleagues, useSetStatus, useSetTopic, useTopics } from '../use-chat'
import { EscalateButton } from './EscalateButton'

const UNASSIGNED = 'none'

/** Status, assignee, topic and escalation of the open chat. */
export const ChatStateControls = ({ chat }: { chat: Chat }) => {
  const me = useStaffUser()
  const isAdmin = useIsAdmin()
  const { fail, notify, repliesDisabled } = useChatFeedback()
  const setStatus = useSetStatus(chat.chat_id)
  const setTopic = useSetTopic(chat.chat_id)
  const assign = useAssign(chat.chat_id)
  const topics = useTopics()
  const colleagues = useColleagues(isAdmin)

  const mine = chat.assignee?.id === me.id
  const busy = setStatus.isPending || setTopic.isPending || assign.isPending
  const activeTopics = (topics.data ?? []).filter((topic) => topic.is_active || topic.topic_id === chat.topic?.topic_id)
  const staff = colleagues.data ?? []
  const assigneeKnown = !chat.assignee || staff.some((member) => member.id === chat.assignee?.id)

  const onAssign = (assigneeId: number | null) =>
    assign.mutate(assigneeId, {
      onSuccess: (next) =>
        notify('success', next.assignee ? `Assigned to ${personName(next.assignee)}.` : 'The chat is unassigned.'),
      onError: fail,
    })

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        size="small"
        label="Status"
        value={chat.status}
        disabled={busy || repliesDisabled}
        onChange={(event) => setStatus.mutate(event.target.value as ChatStatus, { onError: fail })}
      >
        {(Object.keys(STATUS_LABEL) as ChatStatus[]).map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABEL[status]}
          </MenuItem>
        ))}
      </TextField>

      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Assignee
        </Typography>
        {isAdmin ? (
          <TextField
            select
            size="small"
            fullWidth
            label="Assign to"
            value={chat.assignee ? String(chat.assignee.id) : UNASSIGNED}
            disabled={busy || repliesDisabled || colleagues.isPending}
            onChange={(event) => onAssign(event.target.value === UNASSIGNED ? null : Number(event.target.value))}
          >
            <MenuItem value={UNASSIGNED}>Unassigned</MenuItem>
            {!assigneeKnown && chat.assignee ? (
              <MenuItem value={String(chat.assignee.id)}>{personName(chat.assignee)}</MenuItem>
            ) : null}
            {staff.map((member) => (
              <MenuItem key={member.id} value={String(member.id)}>
                {personName(member)}
                {member.id === me.id ? ' (you)' : ''}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography variant="body2">{chat.assignee ? personName(chat.assignee) : 'Unassigned'}</Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {!mine ? (
            <Button size="small" variant="outlined" disabled={busy || repliesDisabled} onClick={() => onAssign(me.id)}>
              Assign to me
            </Button>
          ) : (
            <Button size="small" color="inherit" disabled={busy || repliesDisabled} onClick={() => onAssign(null)}>
              Unassign me
            </Button>
          )}
        </Box>
      </Box>

      <TextField
        select
        size="small"
        label="Topic"
        value={chat.topic ? String(chat.topic.topic_id) : ''}
        disabled={busy || repliesDisabled || topics.isPending}
        helperText={topics.isError ? 'Topics could not be loaded.' : undefined}
        onChange={(event) =>
          setTopic.mutate(event.target.value === '' ? null : Number(event.target.value), { onError: fail })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">No topic</MenuItem>
        {chat.topic && !activeTopics.some((topic) => topic.topic_id === chat.topic?.topic_id) ? (
          <MenuItem value={String(chat.topic.topic_id)}>{chat.topic.name}</MenuItem>
        ) : null}
        {activeTopics.map((topic) => (
          <MenuItem key={topic.topic_id} value={String(topic.topic_id)}>
            {topic.category_name ? `${topic.category_name} · ${topic.name}` : topic.name}
          </MenuItem>
        ))}
      </TextField>

      {chat.escalated ? (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Escalated{chat.escalated_at ? ` on ${fullTime(chat.escalated_at)}` : ''}
          </Typography>
          <Typography variant="body2">{chat.escalation_reason || 'No reason was given.'}</Typography>
        </Alert>
      ) : null}
      <EscalateButton chatId={chat.chat_id} disabled={busy || repliesDisabled} escalated={chat.escalated} />

      {chat.satisfaction_rating !== null ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Customer rating
          </Typography>
          <Rating
            value={chat.satisfaction_rating}
            readOnly
            size="small"
            aria-label={`${chat.satisfaction_rating} out of 5`}
          />
          {chat.satisfaction_comment ? (
            <Typography variant="body2" color="text.secondary">
              “{chat.satisfaction_comment}”
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  )
}

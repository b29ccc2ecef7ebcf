import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { FormError } from '../../../ui/states'
import { serverFieldErrors } from '../../../ui/forms'
import { COMMENT_MAX_LENGTH } from '../api'
import { usePostReply } from '../use-thread'
import { PlanProblem, isPlanProblem } from './PlanProblem'

type Props = { threadId: number; issueId: number; organisation: string; disabledReason?: string | undefined }

/** The staff reply: posted as the organisation; Ctrl+Enter (⌘+Enter) sends; up to 5,000 characters. */
export const ReplyBox = ({ threadId, issueId, organisation, disabledReason }: Props) => {
  const [text, setText] = useState('')
  const reply = usePostReply(threadId, issueId)
  const counterId = useId()
  const trimmed = text.trim()
  const tooLong = trimmed.length > COMMENT_MAX_LENGTH
  const disabled = Boolean(disabledReason)
  const canSend = !disabled && !reply.isPending && trimmed.length > 0 && !tooLong
  const fieldError = serverFieldErrors(reply.error).comment_description

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    reply.mutate(trimmed, { onSuccess: () => setText('') })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Reply">
      <TextField
        multiline
        minRows={3}
        maxRows={12}
        label={`Reply as ${organisation || 'your organization'}`}
        placeholder={disabledReason ?? 'Write a reply the member and the whole community will see…'}
        value={text}
        disabled={disabled}
        error={tooLong || Boolean(fieldError)}
        helperText={fieldError}
        onChange={(event) => {
          setText(event.target.value)
          if (reply.isError) reply.reset()
        }}
        onKeyDown={onKeyDown}
        slotProps={{ htmlInput: { 'aria-describedby': counterId } }}
      />
      {isPlanProblem(reply.error) ? (
        <PlanProblem error={reply.error} />
      ) : fieldError ? null : (
        <FormError error={reply.error} />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={counterId} variant="caption" color={tooLong ? 'error' : 'text.secondary'} sx={{ flexGrow: 1 }}>
          {tooLong
            ? `${(trimmed.length - COMMENT_MAX_LENGTH).toLocaleString()} characters over the limit`
            : `${trimmed.length.toLocaleString()} / ${COMMENT_MAX_LENGTH.toLocaleString()} · Ctrl+Enter sends`}
        </Typography>
        <Button type="submit" variant="contained" endIcon={<Send />} disabled={!canSend}>
          {reply.isPending ? 'Posting…' : 'Post reply'}
        </Button>
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { FormError } from '../../../ui/states'
import { serverFieldErrors } from '../../../ui/forms'
import { paraphrase, type ParaphraseArgs, type ParaphraseReply } from '../../ai/api'
import { GenerateDraftButton } from '../../ai/components/GenerateDraftButton'
import { ParaphraseButton } from '../../ai/components/ParaphraseButton'
import { useAiRequest } from '../../ai/use-ai-request'
import { COMMENT_MAX_LENGTH } from '../api'
import { usePostReply } from '../use-thread'
import { PlanProblem, isPlanProblem } from './PlanProblem'

type Props = {
  threadId: number
  issueId: number
  organisation: string
  disabledReason?: string | undefined
  /** The issue as text, offered as context when a draft is generated. */
  context?: string | undefined
}

const paraphraseText = (args: ParaphraseArgs, signal: AbortSignal) => paraphrase(args, signal)

/**
 * The staff reply: posted as the organisation; Ctrl+Enter (⌘+Enter) sends; up to 5,000 characters. The draft can
 * be paraphrased or generated with the issue as context.
 */
export const ReplyBox = ({ threadId, issueId, organisation, disabledReason, context }: Props) => {
  const [text, setText] = useState('')
  const inputRef = useRef<HTMLTextAreaElement | null>(null)
  const rewrites = useAiRequest<ParaphraseArgs, ParaphraseReply>(paraphraseText, `thread:${threadId}`)
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
    <Box component="form" noValidate onSubmit={submit} aria-label="Reply" sx={{ containerType: 'inline-size' }}>
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
        inputRef={inputRef}
        slotProps={{ htmlInput: { 'aria-describedby': counterId } }}
      />
      {isPlanProblem(reply.error) ? (
        <PlanProblem error={reply.error} />
      ) : fieldError ? null : (
        <FormError error={reply.error} />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ParaphraseButton
          text={text}
          onChange={setText}
          request={rewrites}
          inputRef={inputRef}
          disabled={disabled}
          labelFrom={520}
        />
        <GenerateDraftButton
          text={text}
          onChange={setText}
          inputRef={inputRef}
          title="Draft a reply"
          source={context ? { label: 'Use the issue as context', context } : undefined}
          maxLength={COMMENT_MAX_LENGTH}
          disabled={disabled}
          labelFrom={520}
        />
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

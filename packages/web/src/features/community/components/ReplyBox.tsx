import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import { CommentCreate } from '@proxima/contracts'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useController } from 'react-hook-form'
import { describedBy } from '../../../ui/form/described-by'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { paraphrase, type ParaphraseArgs, type ParaphraseReply } from '../../ai/api'
import { GenerateDraftButton } from '../../ai/components/GenerateDraftButton'
import { ParaphraseButton } from '../../ai/components/ParaphraseButton'
import { useAiRequest } from '../../ai/use-ai-request'
import { COMMENT_MAX_LENGTH } from '../api'
import { usePostReply } from '../use-thread'
import { PlanProblem, isPlanProblem } from './PlanProblem'

/** What the reply box sends: the comment's text, checked as the server checks a new comment. */
const ReplyFields = CommentCreate.pick({ comment_description: true })

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
 * be paraphrased or generated with the issue as context. The reply appears in the thread when it is posted.
 */
export const ReplyBox = ({ threadId, issueId, organisation, disabledReason, context }: Props) => {
  const inputRef = useRef<HTMLTextAreaElement | null>(null)
  const rewrites = useAiRequest<ParaphraseArgs, ParaphraseReply>(paraphraseText, `thread:${threadId}`)
  const reply = usePostReply(threadId, issueId)
  const inputId = useId()
  const counterId = useId()
  const form = useContractForm(ReplyFields, { defaultValues: { comment_description: '' } })
  const { field, fieldState } = useController({ control: form.control, name: 'comment_description' })
  const { isSubmitting } = form.formState
  const [planError, setPlanError] = useState<unknown>(null)
  // After a reply is posted the box starts afresh, and gets the focus back if it had it (Ctrl+Enter).
  const posted = useRef({ done: false, refocus: false })
  const text = field.value
  const trimmed = text.trim()
  const tooLong = trimmed.length > COMMENT_MAX_LENGTH
  const disabled = Boolean(disabledReason)

  const setText = (next: string) =>
    form.setValue('comment_description', next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true })

  // Built at the event, not during render: it notes where the focus was before the box is disabled while posting.
  const submit = (event?: FormEvent) => {
    const focused = document.activeElement === inputRef.current
    return form.handleSubmit(async (values) => {
      setPlanError(null)
      try {
        await reply.mutateAsync(values.comment_description)
        posted.current = { done: true, refocus: focused }
      } catch (error) {
        if (isPlanProblem(error)) setPlanError(error)
        else showSubmitError(form.setError, error, ['comment_description'])
      }
    })(event)
  }

  // Once the submit is over (the count moves then), so that the next reply starts without the last one's state.
  const { submitCount } = form.formState
  useEffect(() => {
    if (!posted.current.done) return
    const { refocus } = posted.current
    posted.current = { done: false, refocus: false }
    form.reset({ comment_description: '' })
    if (refocus) inputRef.current?.focus()
  }, [submitCount, form])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault()
      if (!disabled && !isSubmitting) void submit()
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Reply"
      sx={{ containerType: 'inline-size' }}
    >
      <TextField
        multiline
        minRows={3}
        maxRows={12}
        id={inputId}
        label={`Reply as ${organisation || 'your organization'}`}
        placeholder={disabledReason ?? 'Write a reply the member and the whole community will see…'}
        name={field.name}
        value={text}
        disabled={disabled || isSubmitting}
        error={tooLong || Boolean(fieldState.error)}
        helperText={fieldState.error?.message}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        onKeyDown={onKeyDown}
        inputRef={(element: HTMLTextAreaElement | null) => {
          field.ref(element)
          inputRef.current = element
        }}
        slotProps={{ htmlInput: { 'aria-describedby': describedBy(inputId, fieldState, counterId) } }}
      />
      {planError ? <PlanProblem error={planError} /> : null}
      <FormAlert control={form.control} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ParaphraseButton
          text={text}
          onChange={setText}
          request={rewrites}
          inputRef={inputRef}
          disabled={disabled || isSubmitting}
          labelFrom={520}
        />
        <GenerateDraftButton
          text={text}
          onChange={setText}
          inputRef={inputRef}
          title="Draft a reply"
          source={context ? { label: 'Use the issue as context', context } : undefined}
          maxLength={COMMENT_MAX_LENGTH}
          disabled={disabled || isSubmitting}
          labelFrom={520}
        />
        <Typography id={counterId} variant="caption" color={tooLong ? 'error' : 'text.secondary'} sx={{ flexGrow: 1 }}>
          {tooLong
            ? `${(trimmed.length - COMMENT_MAX_LENGTH).toLocaleString()} characters over the limit`
            : `${trimmed.length.toLocaleString()} / ${COMMENT_MAX_LENGTH.toLocaleString()} · Ctrl+Enter sends`}
        </Typography>
        <SubmitButton control={form.control} pendingLabel="Posting…" endIcon={<Send />} disabled={disabled}>
          Post reply
        </SubmitButton>
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import { MessageCreate } from '@proxima/contracts'
import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { useController } from 'react-hook-form'
import { useRealtime } from '../../../api/realtime'
import { describedBy } from '../../../ui/form/described-by'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { GenerateDraftButton } from '../../ai/components/GenerateDraftButton'
import { ParaphraseButton, type ParaphraseRequest } from '../../ai/components/ParaphraseButton'
import { MESSAGE_MAX_LENGTH } from '../api'
import { VoiceRecorder } from './VoiceRecorder'

/** What the composer sends: the message's text, checked as the server checks a new message. */
const MessageFields = MessageCreate.pick({ text_content: true })

type Props = {
  chatId: number
  disabled: boolean
  /** The paraphrases of this chat's drafts (kept by the chat window, cleared when the chat closes). */
  paraphrase: ParaphraseRequest
  onSend: (text: string) => void
  onRecorded: (audio: Blob, durationMs: number) => void
}

/**
 * The reply box: Enter sends, Shift+Enter starts a new line; up to 4,000 characters; or a voice message. The draft
 * can be paraphrased in a tone or generated from a short instruction with the chat as context.
 *
 * Unlike a settings form, it does not wait for the server: a sent message appears in the conversation at once,
 * marked as sending until the server has it (or failed, with Retry), and the box is free for the next one. What it
 * shares with the forms is the check: the contract's rules on send, the reason under the box, gone once fixed.
 */
export const Composer = ({ chatId, disabled, paraphrase, onSend, onRecorded }: Props) => {
  const form = useContractForm(MessageFields, { defaultValues: { text_content: '' } })
  const { field, fieldState } = useController({ control: form.control, name: 'text_content' })
  const inputRef = useRef<HTMLTextAreaElement | null>(null)
  const realtime = useRealtime()
  const inputId = useId()
  const counterId = useId()
  const text = field.value
  // Counted as the server counts it: without the white space around the text.
  const length = text.trim().length
  const tooLong = length > MESSAGE_MAX_LENGTH
  const canSend = !disabled && text.trim().length > 0
  const sent = useRef(false)

  const setText = (next: string) =>
    form.setValue('text_content', next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true })

  // Built at the event, not during render, since it marks the send in a ref.
  const submit = () =>
    form.handleSubmit((values) => {
      onSend(values.text_content)
      // Emptied at once, so that a second Enter cannot send the same text again.
      form.setValue('text_content', '')
      sent.current = true
      realtime?.typing(chatId, 'stop')
    })()

  // After a send, the next message starts without the last one's checks (the count moves when a submit is over).
  const { submitCount } = form.formState
  useEffect(() => {
    if (!sent.current) return
    sent.current = false
    form.reset({ text_content: '' })
  }, [submitCount, form])

  const send = () => {
    if (canSend) void submit()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
      sx={{
        position: 'relative',
        borderTop: 1,
        borderColor: 'divider',
        p: 1.5,
        bgcolor: 'background.paper',
        containerType: 'inline-size',
      }}
    >
      <TextField
        multiline
        fullWidth
        minRows={1}
        maxRows={8}
        size="small"
        id={inputId}
        placeholder={disabled ? 'Replies are disabled' : 'Write a reply… (Enter sends, Shift+Enter adds a line)'}
        name={field.name}
        value={text}
        disabled={disabled}
        error={tooLong || Boolean(fieldState.error)}
        helperText={fieldState.error?.message}
        onChange={(event) => {
          field.onChange(event.target.value)
          if (event.target.value.trim()) realtime?.typing(chatId, 'start')
        }}
        onBlur={() => {
          field.onBlur()
          realtime?.typing(chatId, 'stop')
        }}
        onKeyDown={onKeyDown}
        inputRef={(element: HTMLTextAreaElement | null) => {
          field.ref(element)
          inputRef.current = element
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Reply', 'aria-describedby': describedBy(inputId, fieldState, counterId) },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <VoiceRecorder disabled={disabled} onRecorded={onRecorded} />
        <ParaphraseButton
          text={text}
          onChange={setText}
          request={paraphrase}
          inputRef={inputRef}
          disabled={disabled}
          labelFrom={560}
        />
        <GenerateDraftButton
          text={text}
          onChange={setText}
          inputRef={inputRef}
          title="Draft a reply"
          source={{ label: 'Use this conversation as context', chatId }}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          labelFrom={560}
        />
        <Typography
          id={counterId}
          variant="caption"
          color={tooLong ? 'error' : 'text.secondary'}
          sx={{ flexGrow: 1, textAlign: 'right' }}
        >
          {tooLong
            ? `${(length - MESSAGE_MAX_LENGTH).toLocaleString()} characters over the limit`
            : `${length.toLocaleString()} / ${MESSAGE_MAX_LENGTH.toLocaleString()}`}
        </Typography>
        <Button type="submit" variant="contained" endIcon={<Send />} disabled={!canSend}>
          Send
        </Button>
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useRealtime } from '../../../api/realtime'
import { GenerateDraftButton } from '../../ai/components/GenerateDraftButton'
import { ParaphraseButton, type ParaphraseRequest } from '../../ai/components/ParaphraseButton'
import { MESSAGE_MAX_LENGTH } from '../api'
import { VoiceRecorder } from './VoiceRecorder'

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
 */
export const Composer = ({ chatId, disabled, paraphrase, onSend, onRecorded }: Props) => {
  const [text, setText] = useState('')
  const inputRef = useRef<HTMLTextAreaElement | null>(null)
  const realtime = useRealtime()
  const counterId = useId()
  const length = text.length
  const tooLong = length > MESSAGE_MAX_LENGTH
  const canSend = !disabled && text.trim().length > 0 && !tooLong

  const submit = () => {
    if (!canSend) return
    onSend(text.trim())
    setText('')
    realtime?.typing(chatId, 'stop')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    submit()
  }

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
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
        placeholder={disabled ? 'Replies are disabled' : 'Write a reply… (Enter sends, Shift+Enter adds a line)'}
        value={text}
        disabled={disabled}
        error={tooLong}
        onChange={(event) => {
          setText(event.target.value)
          if (event.target.value.trim()) realtime?.typing(chatId, 'start')
        }}
        onBlur={() => realtime?.typing(chatId, 'stop')}
        onKeyDown={onKeyDown}
        inputRef={inputRef}
        slotProps={{ htmlInput: { 'aria-label': 'Reply', 'aria-describedby': counterId } }}
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

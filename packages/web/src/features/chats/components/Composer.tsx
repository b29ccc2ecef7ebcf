import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import { useId, useState, type KeyboardEvent } from 'react'
import { useRealtime } from '../../../api/realtime'
import { MESSAGE_MAX_LENGTH } from '../api'
import { VoiceRecorder } from './VoiceRecorder'

type Props = {
  chatId: number
  disabled: boolean
  onSend: (text: string) => void
  onRecorded: (audio: Blob, durationMs: number) => void
}

/** The reply box: Enter sends, Shift+Enter starts a new line; up to 4,000 characters; or a voice message. */
export const Composer = ({ chatId, disabled, onSend, onRecorded }: Props) => {
  const [text, setText] = useState('')
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
      sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', p: 1.5, bgcolor: 'background.paper' }}
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
        slotProps={{ htmlInput: { 'aria-label': 'Reply', 'aria-describedby': counterId } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <VoiceRecorder disabled={disabled} onRecorded={onRecorded} />
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

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import EditNote from '@mui/icons-material/EditNote'
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { DRAFT_LENGTHS, PROMPT_MAX_LENGTH, generate, type GenerateArgs, type GenerateReply } from '../api'
import { useAiRequest } from '../use-ai-request'
import { AiActionButton } from './AiActionButton'
import { AiErrorAlert } from './AiErrorAlert'
import { ProviderNote } from './ProviderNote'

/** What the draft may lean on: a chat's transcript (the server reads it) or a text such as an issue. */
export type DraftSource = { label: string; chatId?: number; context?: string }

type Props = {
  /** The text box's current content. */
  text: string
  /** Sets the text box's content. */
  onChange: (text: string) => void
  inputRef: RefObject<HTMLTextAreaElement | HTMLInputElement | null>
  /** The dialog's title, e.g. "Draft a reply". */
  title?: string
  source?: DraftSource
  /** The text box's own limit; a longer draft is flagged before it is used. */
  maxLength?: number
  disabled?: boolean
  labelFrom?: number
}

type DialogProps = Omit<Props, 'disabled' | 'labelFrom' | 'inputRef'> & {
  onDone: (result: 'used' | 'cancelled') => void
}

const joined = (current: string, addition: string) =>
  current.trim() ? `${current.replace(/\s+$/, '')}\n\n${addition}` : addition

const GenerateDialogBody = ({ text, onChange, title, source, maxLength, onDone }: DialogProps) => {
  const [prompt, setPrompt] = useState('')
  const [useSource, setUseSource] = useState(true)
  const [length, setLength] = useState<number>(DRAFT_LENGTHS[1].value)
  const [touched, setTouched] = useState(false)
  const request = useAiRequest<GenerateArgs, GenerateReply>(generate, 'dialog')
  const titleId = useId()
  const trimmed = prompt.trim()
  const promptError = touched && !trimmed ? 'Say what the draft should be about.' : undefined
  const loading = request.status === 'loading'
  const result = request.data

  const submit = () => {
    setTouched(true)
    if (!trimmed || trimmed.length > PROMPT_MAX_LENGTH) return
    const args: GenerateArgs = { prompt: trimmed, max_length: Math.min(length, maxLength ?? length) }
    if (source && useSource) {
      if (source.chatId !== undefined) args.chat_id = source.chatId
      if (source.context) args.context = source.context
    }
    request.run(args)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const use = (next: string) => {
    onChange(next)
    onDone('used')
  }

  const overLimit = result && maxLength !== undefined && joined(text, result.generated_text).length > maxLength

  return (
    <>
      <DialogTitle>{title ?? 'Generate a draft'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={2}
          maxRows={6}
          label="What should the draft say?"
          placeholder="e.g. Apologise for the delay and say the parcel ships tomorrow"
          value={prompt}
          required
          error={Boolean(promptError) || trimmed.length > PROMPT_MAX_LENGTH}
          helperText={
            promptError ??
            (trimmed.length > PROMPT_MAX_LENGTH
              ? `Shorten the instructions to ${PROMPT_MAX_LENGTH.toLocaleString()} characters.`
              : 'Ctrl+Enter generates')
          }
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={loading}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
          {source ? (
            <FormControlLabel
              control={<Checkbox checked={useSource} onChange={(event) => setUseSource(event.target.checked)} />}
              label={source.label}
              disabled={loading}
              sx={{ flexGrow: 1 }}
            />
          ) : null}
          <TextField
            select
            size="small"
            label="Length"
            value={String(length)}
            onChange={(event) => setLength(Number(event.target.value))}
            disabled={loading}
            fullWidth={false}
            sx={{ minWidth: 140 }}
          >
            {DRAFT_LENGTHS.map((option) => (
              <MenuItem key={option.value} value={String(option.value)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>

        {loading ? (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Writing a draft… this can take a few seconds.
            </Typography>
          </Box>
        ) : request.status === 'error' ? (
          <AiErrorAlert error={request.error} onRetry={request.retry} />
        ) : null}

        {result && !loading ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3" id={`${titleId}-result`}>
              Generated draft
            </Typography>
            <Paper
              variant="outlined"
              role="region"
              aria-labelledby={`${titleId}-result`}
              aria-live="polite"
              sx={{ p: 1.5, my: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover' }}
            >
              <Typography variant="body2">{result.generated_text}</Typography>
            </Paper>
            {result.finish_reason === 'length' ? (
              <Typography variant="caption" color="warning.dark" component="p">
                The draft reached the length limit and may stop mid-sentence. Choose a longer length and generate again,
                or finish it yourself.
              </Typography>
            ) : null}
            <ProviderNote meta={result} />
            {overLimit ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                With this draft the text would be longer than {maxLength?.toLocaleString()} characters. Shorten it after
                inserting it.
              </Alert>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={() => onDone('cancelled')} color="inherit">
          Cancel
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {result && !loading ? (
          <>
            <Button onClick={submit}>Generate again</Button>
            {text.trim() ? (
              <>
                <Button variant="outlined" onClick={() => use(joined(text, result.generated_text))}>
                  Insert
                </Button>
                <Button variant="contained" onClick={() => use(result.generated_text)}>
                  Replace draft
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => use(result.generated_text)}>
                Insert
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" onClick={submit} disabled={loading}>
            {loading ? 'Generating…' : 'Generate'}
          </Button>
        )}
      </DialogActions>
    </>
  )
}

/**
 * "Generate draft" for any text box: asks what to write, optionally with the chat (or other text) as context,
 * and puts the draft into the box (added after the text there, or replacing it).
 */
export const GenerateDraftButton = ({ disabled = false, labelFrom, inputRef, ...rest }: Props) => {
  const [open, setOpen] = useState(false)
  const returnTo = useRef<HTMLElement | null>(null)

  const done = (result: 'used' | 'cancelled') => {
    setOpen(false)
    const target = result === 'used' ? inputRef.current : returnTo.current
    window.setTimeout(() => target?.focus(), 0)
  }

  return (
    <>
      <AiActionButton
        label="Generate draft"
        icon={<EditNote />}
        onClick={(event) => {
          returnTo.current = event.currentTarget
          setOpen(true)
        }}
        disabled={disabled}
        popup="dialog"
        labelFrom={labelFrom}
      />
      <Dialog open={open} onClose={() => done('cancelled')} disableRestoreFocus fullWidth maxWidth="sm">
        <GenerateDialogBody {...rest} onDone={done} />
      </Dialog>
    </>
  )
}

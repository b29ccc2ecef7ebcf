import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Popover from '@mui/material/Popover'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import Close from '@mui/icons-material/Close'
import Undo from '@mui/icons-material/Undo'
import Autorenew from '@mui/icons-material/Autorenew'
import { useId, useState, type RefObject } from 'react'
import { PARAPHRASE_MAX_LENGTH, type ParaphraseArgs, type ParaphraseReply, type Tone } from '../api'
import type { AiRequest } from '../use-ai-request'
import { AiActionButton } from './AiActionButton'
import { AiErrorAlert } from './AiErrorAlert'
import { ProviderNote } from './ProviderNote'
import { ToneToggle } from './ToneToggle'

export type ParaphraseRequest = AiRequest<ParaphraseArgs, ParaphraseReply>

type Props = {
  /** The draft as it is in the text box. */
  text: string
  /** Puts a wording into the text box. */
  onChange: (text: string) => void
  /** The result's state, owned by the screen (a chat keeps it until it closes). */
  request: ParaphraseRequest
  /** The text box, focused again after a wording is chosen. */
  inputRef: RefObject<HTMLTextAreaElement | HTMLInputElement | null>
  disabled?: boolean
  labelFrom?: number
}

/**
 * "Paraphrase" next to a text box: alternative wordings of the draft in a chosen tone; choosing one replaces the
 * draft, and the original can be brought back from the same panel.
 */
export const ParaphraseButton = ({ text, onChange, request, inputRef, disabled = false, labelFrom }: Props) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [tone, setTone] = useState<Tone>(request.args?.tone ?? 'neutral')
  const titleId = useId()
  const draft = text.trim()
  const open = anchor !== null

  // After a wording was chosen the box holds it: rewrites start again from the original, which can be restored.
  const showingChosen = request.chosen !== null && text === request.chosen && request.args !== null
  const source = showingChosen && request.args ? request.args.text : draft
  const tooLong = source.length > PARAPHRASE_MAX_LENGTH

  const ask = (nextTone: Tone) => {
    if (!source || source.length > PARAPHRASE_MAX_LENGTH) return
    request.run({ text: source, tone: nextTone })
  }

  const openPanel = (element: HTMLElement) => {
    setAnchor(element)
    const known =
      request.args !== null &&
      request.args.text === source &&
      request.args.tone === tone &&
      (request.status === 'ready' || request.status === 'loading')
    if (!known) ask(tone)
  }

  const close = (focus: 'input' | 'button') => {
    const button = anchor
    setAnchor(null)
    // Focus goes back where the agent will continue: the text box after a choice, the button otherwise.
    window.setTimeout(() => (focus === 'input' ? inputRef.current?.focus() : button?.focus()), 0)
  }

  const pick = (variant: string) => {
    onChange(variant)
    request.choose(variant)
    close('input')
  }

  const restore = () => {
    if (!request.args) return
    onChange(request.args.text)
    request.choose(null)
    close('input')
  }

  const current = request.args?.text === source && request.args.tone === tone ? request.data : null
  const variants = request.status === 'loading' ? null : (current?.variants ?? null)

  return (
    <>
      <AiActionButton
        label="Paraphrase"
        icon={<Autorenew />}
        onClick={(event) => openPanel(event.currentTarget)}
        disabled={disabled || draft.length === 0}
        popup="dialog"
        expanded={open}
        labelFrom={labelFrom}
      />
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => close('button')}
        disableRestoreFocus
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 440, maxWidth: 'calc(100vw - 24px)', maxHeight: 'min(560px, 80vh)', p: 2 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: '1.1rem', flexGrow: 1 }}>
            Paraphrase your reply
          </Typography>
          <IconButton aria-label="Close paraphrase" size="small" onClick={() => close('button')}>
            <Close fontSize="small" />
          </IconButton>
        </Box>
        <Box sx={{ mb: 1.5 }}>
          <ToneToggle
            value={tone}
            onChange={(value) => {
              setTone(value)
              ask(value)
            }}
          />
        </Box>

        {tooLong ? (
          <Alert severity="warning">
            Paraphrase works on up to {PARAPHRASE_MAX_LENGTH.toLocaleString()} characters; this draft has{' '}
            {source.length.toLocaleString()}. Shorten it, or paraphrase it in parts.
          </Alert>
        ) : request.status === 'error' && request.args?.tone === tone ? (
          <AiErrorAlert error={request.error} onRetry={request.retry} compact />
        ) : request.status === 'loading' ? (
          <Box role="status" aria-label="Rewriting your reply…">
            <LinearProgress sx={{ mb: 1 }} />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : variants ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Choose a wording to put it in the reply box.
            </Typography>
            <List aria-label="Alternative wordings" disablePadding>
              {variants.map((variant) => (
                <ListItem key={variant} disablePadding sx={{ mb: 1 }}>
                  <ListItemButton
                    selected={showingChosen && variant === request.chosen}
                    onClick={() => pick(variant)}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, alignItems: 'flex-start' }}
                  >
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {variant}
                    </Typography>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {current ? <ProviderNote meta={current} /> : null}
          </>
        ) : null}

        {showingChosen ? (
          <Box sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <ListItemButton onClick={restore} sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 1 }}>
              <Undo fontSize="small" sx={{ mt: 0.25, color: 'text.secondary' }} aria-hidden="true" />
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  Restore your original text
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {request.args?.text}
                </Typography>
              </Box>
            </ListItemButton>
          </Box>
        ) : null}
      </Popover>
    </>
  )
}

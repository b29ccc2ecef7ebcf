import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import ContentCopy from '@mui/icons-material/ContentCopy'
import { useId, useRef, useState } from 'react'
import { widgetSnippet } from '../api'

/** Copies with the Clipboard API, falling back to selecting the text for browsers without it. */
const copyText = async (text: string, fallback: HTMLElement | null): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    if (!fallback) return false
    const range = document.createRange()
    range.selectNodeContents(fallback)
    const selection = window.getSelection()
    selection?.removeAllRanges()
    selection?.addRange(range)
    return false
  }
}

export const SnippetCard = ({ widgetKey, enabled }: { widgetKey: string; enabled: boolean }) => {
  const snippet = widgetSnippet(window.location.origin, widgetKey)
  const codeRef = useRef<HTMLElement>(null)
  const labelId = useId()
  const [feedback, setFeedback] = useState<{ ok: boolean } | null>(null)

  return (
    <Card>
      <CardContent>
        <Typography variant="h2" component="h2" gutterBottom>
          Install on your website
        </Typography>
        <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Paste this code before the closing <code>&lt;/body&gt;</code> tag of every page where visitors should be able
          to chat with you.
        </Typography>
        <Box
          component="pre"
          aria-labelledby={labelId}
          tabIndex={0}
          sx={{
            m: 0,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          <code ref={codeRef} data-testid="widget-snippet">
            {snippet}
          </code>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<ContentCopy />}
            onClick={() => void copyText(snippet, codeRef.current).then((ok) => setFeedback({ ok }))}
          >
            Copy
          </Button>
          <Typography role="status" variant="body2" color={feedback?.ok === false ? 'error' : 'text.secondary'}>
            {feedback === null
              ? ''
              : feedback.ok
                ? 'Copied to clipboard.'
                : 'Copying is blocked in this browser; the code is selected, press Ctrl+C or ⌘C.'}
          </Typography>
        </Box>
        {!enabled ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The widget is turned off: the code loads nothing until you turn it on.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  )
}

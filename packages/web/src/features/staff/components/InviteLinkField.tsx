import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined'
import { useRef, useState } from 'react'

type Props = { url: string; email: string }

/** Puts text on the clipboard; where the Clipboard API is unavailable (a page not served over HTTPS), the selection is copied. */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // fall back to copying the selected field
  }
  if (!input) return false
  input.select()
  return document.execCommand('copy')
}

/** An invitation link the admin hands on: shown in full (so it can be selected by hand too) with a copy button. */
export const InviteLinkField = ({ url, email }: Props) => {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        label={`Invitation link for ${email}`}
        value={url}
        size="small"
        inputRef={input}
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, formHelperText: { 'aria-live': 'polite' } }}
        helperText={
          copied === null
            ? 'Works once, for 7 days. Send it only to this person.'
            : copied
              ? 'Copied to the clipboard.'
              : 'Could not copy: select the link and copy it yourself.'
        }
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyOutlined />}
        onClick={() => void copyText(url, input.current).then(setCopied)}
        sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
      >
        Copy link
      </Button>
    </Box>
  )
}

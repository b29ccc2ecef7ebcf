import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined'
import { useRef, useState } from 'react'
import { copyText } from '../../staff/components/InviteLinkField'

/** A published survey's public link, shown in full (it can be selected by hand too) with a copy button. */
export const PublicLink = ({ url, topic }: { url: string; topic: string }) => {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        label={`Public link of ${topic}`}
        value={url}
        size="small"
        margin="none"
        inputRef={input}
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, formHelperText: { 'aria-live': 'polite' } }}
        helperText={
          copied === null
            ? undefined
            : copied
              ? 'Copied to the clipboard.'
              : 'Could not copy: select the link and copy it yourself.'
        }
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<ContentCopyOutlined />}
        onClick={() => void copyText(url, input.current).then(setCopied)}
        sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
      >
        Copy link
      </Button>
    </Box>
  )
}

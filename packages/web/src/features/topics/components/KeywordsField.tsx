import TextField from '@mui/material/TextField'
import Autocomplete from '@mui/material/Autocomplete'
import Chip from '@mui/material/Chip'
import { useState } from 'react'

export const MAX_KEYWORDS = 20
export const KEYWORD_MAX = 40

type Props = {
  value: string[]
  onChange: (keywords: string[]) => void
  error?: string | undefined
  disabled?: boolean
}

/** Adds the words typed so far (split at commas), once each, ignoring case. */
const merged = (current: string[], typed: string[]) => {
  const out = [...current]
  for (const word of typed.map((w) => w.trim()).filter(Boolean)) {
    if (!out.some((k) => k.toLowerCase() === word.toLowerCase())) out.push(word)
  }
  return out
}

/** Keywords as chips: Enter or a comma adds the word typed, leaving the field adds it too. */
export const KeywordsField = ({ value, onChange, error, disabled = false }: Props) => {
  const [input, setInput] = useState('')
  const full = value.length >= MAX_KEYWORDS
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      inputValue={input}
      disabled={disabled}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return setInput('')
        if (text.includes(',')) {
          const parts = text.split(',')
          setInput(parts.pop() ?? '')
          onChange(merged(value, parts))
          return
        }
        setInput(text)
      }}
      onChange={(_, next) => {
        setInput('')
        onChange(
          merged(
            [],
            next.flatMap((k) => k.split(',')),
          ),
        )
      }}
      renderValue={(keywords, getItemProps) =>
        keywords.map((keyword, index) => {
          const { key, ...props } = getItemProps({ index })
          return <Chip key={key} label={keyword} size="small" {...props} />
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Keywords (optional)"
          error={Boolean(error)}
          helperText={
            error ??
            (full
              ? `A topic can have at most ${MAX_KEYWORDS} keywords.`
              : "Press Enter after each word or phrase. A customer's message that contains one tags the chat with this topic.")
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: KEYWORD_MAX, readOnly: full },
          }}
        />
      )}
    />
  )
}

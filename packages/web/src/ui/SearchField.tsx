import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import type { SxProps, Theme } from '@mui/material/styles'
import Search from '@mui/icons-material/Search'

type Props = {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  helperText?: string | undefined
  id?: string
  sx?: SxProps<Theme>
}

/** The search box of lists and filter bars: labelled, with a search icon, at most 100 characters. */
export const SearchField = ({ label, value, onChange, placeholder, helperText, id, sx }: Props) => (
  <TextField
    id={id}
    type="search"
    size="small"
    margin="none"
    label={label}
    placeholder={placeholder}
    value={value}
    onChange={(event) => onChange(event.target.value.slice(0, 100))}
    helperText={helperText}
    sx={sx}
    slotProps={{
      htmlInput: { maxLength: 100 },
      input: {
        startAdornment: (
          <InputAdornment position="start">
            <Search fontSize="small" />
          </InputAdornment>
        ),
      },
    }}
  />
)

import Box from '@mui/material/Box'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { TONES, type Tone } from '../api'

type Props = { value: Tone; onChange: (tone: Tone) => void; disabled?: boolean }

/** The tone of a rewrite: one of five, always one chosen. */
export const ToneToggle = ({ value, onChange, disabled = false }: Props) => {
  const labelId = useId()
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id={labelId} sx={{ mb: 0.5 }}>
        Tone
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        disabled={disabled}
        aria-labelledby={labelId}
        onChange={(_event, next: Tone | null) => {
          if (next) onChange(next)
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {TONES.map((option) => (
          <ToggleButton key={option.value} value={option.value} sx={{ px: 1.25 }}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Question } from '@proxima/contracts'
import { visuallyHidden } from '../../../ui/visually-hidden'

type Props = {
  question: Question
  values: number[]
  value: number | undefined
  onChange: (value: number) => void
  /** The group's radio name (one per question). */
  name: string
  invalid: boolean
}

/**
 * A rating (1–5) or NPS (0–10) scale as a row of large radio buttons that wraps on a narrow screen: arrow keys move
 * along it, Space chooses, and the scale's end labels say what the first and last value mean.
 */
export const ScaleAnswer = ({ question, values, value, onChange, name, invalid }: Props) => {
  const first = values[0] ?? 0
  const last = values[values.length - 1] ?? 0
  const labels = question.scale_labels
  const meaning = (n: number) =>
    n === first && labels?.min_label
      ? ` (${labels.min_label})`
      : n === last && labels?.max_label
        ? ` (${labels.max_label})`
        : ''
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {values.map((n) => (
          <Box
            key={n}
            component="label"
            sx={{
              flex: values.length > 6 ? '1 0 44px' : '1 0 52px',
              maxWidth: values.length > 6 ? 56 : 96,
              minHeight: 48,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              border: 2,
              borderColor: invalid ? 'error.main' : 'divider',
              borderRadius: 2,
              cursor: 'pointer',
              typography: 'h3',
              bgcolor: 'background.paper',
              '&:hover': { borderColor: 'primary.main' },
              '&:has(input:checked)': {
                bgcolor: 'primary.main',
                borderColor: 'primary.main',
                color: 'primary.contrastText',
              },
              '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
            }}
          >
            <Box
              component="input"
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-invalid={invalid || undefined}
              sx={visuallyHidden}
            />
            <span aria-hidden="true">{n}</span>
            <Box component="span" sx={visuallyHidden}>
              {n}
              {meaning(n)}
            </Box>
          </Box>
        ))}
      </Box>
      {labels && (labels.min_label || labels.max_label) ? (
        <Box aria-hidden="true" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {first}: {labels.min_label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            {last}: {labels.max_label}
          </Typography>
        </Box>
      ) : null}
    </Box>
  )
}

import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import type { Question } from '@proxima/contracts'

const optionSx = {
  mx: 0,
  mb: 1,
  pr: 1.5,
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
  '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere', py: 1 },
} as const

type SingleProps = { question: Question; value: string | undefined; onChange: (id: string) => void; name: string }

/** One option of a single-choice question; arrow keys move between the options. */
export const SingleChoiceAnswer = ({ question, value, onChange, name }: SingleProps) => (
  <RadioGroup name={name} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
    {(question.options ?? []).map((option) => (
      <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={option.label} sx={optionSx} />
    ))}
  </RadioGroup>
)

type MultiProps = { question: Question; value: string[]; onChange: (ids: string[]) => void }

/** The options of a multiple-choice question, ticked in the survey's order. */
export const MultipleChoiceAnswer = ({ question, value, onChange }: MultiProps) => {
  const options = question.options ?? []
  const toggle = (id: string, checked: boolean) =>
    onChange(options.map((o) => o.id).filter((o) => (o === id ? checked : value.includes(o))))
  return (
    <FormGroup>
      {options.map((option) => (
        <FormControlLabel
          key={option.id}
          control={
            <Checkbox
              checked={value.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
          }
          label={option.label}
          sx={optionSx}
        />
      ))}
    </FormGroup>
  )
}

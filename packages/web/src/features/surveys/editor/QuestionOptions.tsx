import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import Close from '@mui/icons-material/Close'
import { useFieldArray, useFormState, type Control } from 'react-hook-form'
import { errorAt } from '../../../ui/form/error-text'
import { FormText } from '../../../ui/form/FormText'
import { OPTION_MAX, type SurveyDraft } from './draft'

type Props = { control: Control<SurveyDraft>; index: number; number: number }

/** The options of a choice question: 2 to 20, each removable, in the order respondents see them. */
export const QuestionOptions = ({ control, index, number }: Props) => {
  const options = useFieldArray({ control, name: `questions.${index}.options` })
  const { errors } = useFormState({ control, name: `questions.${index}.options` })
  // A rule about the whole list (how many options) sits on the list itself, or on its `root` once it changed.
  const list = errorAt(errors, ['questions', index, 'options']) as
    { message?: string; root?: { message?: string } } | undefined
  const listError = list?.message ?? list?.root?.message
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <Typography component="legend" variant="subtitle2">
        Options
      </Typography>
      {options.fields.map((option, at) => (
        <Box key={option.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <FormText
            control={control}
            name={`questions.${index}.options.${at}.label`}
            label={`Option ${at + 1}`}
            size="small"
            margin="dense"
            maxLength={200}
          />
          <IconButton
            aria-label={`Remove option ${at + 1} of question ${number}`}
            onClick={() => options.remove(at)}
            disabled={options.fields.length <= 2}
            sx={{ mt: 1 }}
          >
            <Close />
          </IconButton>
        </Box>
      ))}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button
        size="small"
        startIcon={<Add />}
        onClick={() => options.append({ label: '' }, { shouldFocus: true })}
        disabled={options.fields.length >= OPTION_MAX}
      >
        Add option
      </Button>
    </Box>
  )
}

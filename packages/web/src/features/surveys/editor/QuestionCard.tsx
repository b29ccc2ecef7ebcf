import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import type { QuestionType } from '@proxima/contracts'
import { useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form'
import { FormText } from '../../../ui/form/FormText'
import { DESCRIPTION_MAX, QUESTION_TYPES, isChoice, isScale, type SurveyDraft } from './draft'
import { FormSelect, FormSwitch } from './fields'
import { QuestionOptions } from './QuestionOptions'

type Props = {
  control: Control<SurveyDraft>
  getValues: UseFormGetValues<SurveyDraft>
  setValue: UseFormSetValue<SurveyDraft>
  index: number
  count: number
  onMove: (to: number) => void
  onRemove: () => void
}

/** One question of the editor: its type, text and the fields its type has, with move and delete buttons. */
export const QuestionCard = ({ control, getValues, setValue, index, count, onMove, onRemove }: Props) => {
  const type = useWatch({ control, name: `questions.${index}.type` })
  const title = useWatch({ control, name: `questions.${index}.title` })
  const number = index + 1
  const headingId = `question-${index}-heading`

  // A choice question needs options to start from; other types keep none.
  const typeChanged = (value: string) => {
    const options = [...getValues(`questions.${index}.options`)]
    if (!isChoice(value as QuestionType) || options.length >= 2) return
    while (options.length < 2) options.push({ label: '' })
    setValue(`questions.${index}.options`, options)
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h3" component="h3" sx={{ flex: 1, minWidth: 0 }} noWrap>
          Question {number}
          {title?.trim() ? (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              : {title}
            </Box>
          ) : null}
        </Typography>
        <Tooltip title="Move up" describeChild>
          <span>
            <IconButton
              aria-label={`Move question ${number} up`}
              onClick={() => onMove(index - 1)}
              disabled={index === 0}
            >
              <ArrowUpward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down" describeChild>
          <span>
            <IconButton
              aria-label={`Move question ${number} down`}
              onClick={() => onMove(index + 1)}
              disabled={index === count - 1}
            >
              <ArrowDownward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Delete" describeChild>
          <IconButton aria-label={`Delete question ${number}`} onClick={onRemove}>
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      <FormSelect
        control={control}
        name={`questions.${index}.type`}
        label="Type"
        options={QUESTION_TYPES}
        onChanged={typeChanged}
      />
      <FormText control={control} name={`questions.${index}.title`} label="Question" required maxLength={300} />
      <FormText
        control={control}
        name={`questions.${index}.description`}
        label="Explanation (optional)"
        maxLength={DESCRIPTION_MAX}
        multiline
        minRows={1}
        maxRows={4}
      />
      {isChoice(type) ? <QuestionOptions control={control} index={index} number={number} /> : null}
      {type === 'multiple_choice' ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormText
            control={control}
            name={`questions.${index}.min_choices`}
            label="At least (choices)"
            type="number"
            helperText="Empty: 1"
            fullWidth={false}
          />
          <FormText
            control={control}
            name={`questions.${index}.max_choices`}
            label="At most (choices)"
            type="number"
            helperText="Empty: all options"
            fullWidth={false}
          />
        </Box>
      ) : null}
      {isScale(type) ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormText
            control={control}
            name={`questions.${index}.min_label`}
            label={type === 'nps' ? 'Label for 0 (optional)' : 'Label for 1 (optional)'}
            placeholder={type === 'nps' ? 'Not at all likely' : 'Very unsatisfied'}
            fullWidth={false}
            sx={{ flex: '1 1 200px' }}
          />
          <FormText
            control={control}
            name={`questions.${index}.max_label`}
            label={type === 'nps' ? 'Label for 10 (optional)' : 'Label for 5 (optional)'}
            placeholder={type === 'nps' ? 'Extremely likely' : 'Very satisfied'}
            fullWidth={false}
            sx={{ flex: '1 1 200px' }}
          />
        </Box>
      ) : null}
      {type === 'open_text' ? (
        <FormText
          control={control}
          name={`questions.${index}.max_length`}
          label="Longest answer (characters)"
          type="number"
          helperText="Empty: 2,000"
          fullWidth={false}
        />
      ) : null}
      <Box>
        <FormSwitch control={control} name={`questions.${index}.required`} label="An answer is required" />
      </Box>
    </Paper>
  )
}

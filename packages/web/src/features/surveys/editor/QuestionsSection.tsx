import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import { useState } from 'react'
import { useFormState, type UseFieldArrayReturn } from 'react-hook-form'
import { QUESTION_MAX, QUESTION_TYPES, blankQuestion, type EditorForm, type SurveyDraft } from './draft'
import { QuestionCard } from './QuestionCard'

type Props = {
  form: EditorForm
  questions: UseFieldArrayReturn<SurveyDraft, 'questions'>
}

/** The questions in the order respondents see them: move, delete, and add one of any type. */
export const QuestionsSection = ({ form, questions }: Props) => {
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  const { errors } = useFormState({ control: form.control, name: 'questions' })
  const listError = errors.questions?.message ?? errors.questions?.root?.message
  const count = questions.fields.length
  return (
    <Box component="section" aria-labelledby="survey-questions-heading" sx={{ mt: 4 }}>
      <Typography id="survey-questions-heading" variant="h2" gutterBottom>
        2. Questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {count === 0
          ? 'Generate questions above, or add your own.'
          : `${count} of at most ${QUESTION_MAX} questions, in the order respondents see them.`}
      </Typography>
      <Stack spacing={2}>
        {questions.fields.map((field, index) => (
          <QuestionCard
            key={field.id}
            control={form.control}
            getValues={form.getValues}
            setValue={form.setValue}
            index={index}
            count={count}
            onMove={(to) => questions.move(index, to)}
            onRemove={() => questions.remove(index)}
          />
        ))}
      </Stack>
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-expanded={menu ? 'true' : undefined}
        onClick={(event) => setMenu(event.currentTarget)}
        disabled={count >= QUESTION_MAX}
      >
        Add a question
      </Button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {QUESTION_TYPES.map((type) => (
          <MenuItem
            key={type.value}
            onClick={() => {
              setMenu(null)
              questions.append(blankQuestion(type.value), { focusName: `questions.${count}.title` })
            }}
          >
            {type.label}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  )
}

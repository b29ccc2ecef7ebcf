import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import { useState } from 'react'
import type { UseFieldArrayReturn } from 'react-hook-form'
import { FormText } from '../../../ui/form/FormText'
import { AiErrorAlert } from '../../ai/components/AiErrorAlert'
import { useGenerateQuestions } from '../use-surveys'
import {
  CONTEXT_MAX,
  DESCRIPTION_MAX,
  TOPIC_MAX,
  questionDraft,
  type EditorForm,
  type Generation,
  type SurveyDraft,
} from './draft'

type Props = {
  form: EditorForm
  questions: UseFieldArrayReturn<SurveyDraft, 'questions'>
  onGenerated: (generation: Generation) => void
}

const COUNTS = Array.from({ length: 20 }, (_, i) => i + 1)

/** The topic and context of the survey, and questions drafted from them on request (§6.5). */
export const GeneratePanel = ({ form, questions, onGenerated }: Props) => {
  const [count, setCount] = useState(5)
  const generate = useGenerateQuestions()
  const hasQuestions = questions.fields.length > 0

  const run = async () => {
    const ok = await form.trigger(['survey_topic', 'survey_context'])
    const { survey_topic, survey_context } = form.getValues()
    if (!survey_context.trim()) {
      form.setError('survey_context', {
        type: 'manual',
        message: 'Describe the survey: who answers it and what you want to learn.',
      })
      form.setFocus(ok ? 'survey_context' : 'survey_topic')
      return
    }
    if (!ok) return
    generate.mutate(
      { survey_topic: survey_topic.trim(), survey_context: survey_context.trim(), no_of_questions: count },
      {
        onSuccess: (reply) => {
          questions.replace(reply.questions.map(questionDraft))
          onGenerated({ generation_id: reply.generation_id })
        },
      },
    )
  }

  return (
    <Box component="section" aria-labelledby="survey-about-heading">
      <Typography id="survey-about-heading" variant="h2" gutterBottom>
        1. Topic and context
      </Typography>
      <FormText control={form.control} name="survey_topic" label="Topic" required maxLength={TOPIC_MAX} autoFocus />
      <FormText
        control={form.control}
        name="survey_context"
        label="Context"
        helperText="Who answers, and what you want to learn. Needed to generate questions."
        maxLength={CONTEXT_MAX}
        multiline
        minRows={3}
        maxRows={10}
      />
      <FormText
        control={form.control}
        name="survey_description"
        label="Introduction for respondents (optional)"
        maxLength={DESCRIPTION_MAX}
        multiline
        minRows={2}
        maxRows={6}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <TextField
          select
          label="Number of questions"
          value={count}
          onChange={(event) => setCount(Number(event.target.value))}
          sx={{ minWidth: 200 }}
          margin="none"
        >
          {COUNTS.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AutoAwesomeOutlined />}
          onClick={() => void run()}
          disabled={generate.isPending}
        >
          {generate.isPending ? 'Generating…' : hasQuestions ? 'Generate again' : 'Generate questions'}
        </Button>
      </Box>
      <Box aria-live="polite">
        {hasQuestions && !generate.isPending && !generate.isSuccess ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Generating again replaces the questions below.
          </Typography>
        ) : null}
        {generate.isSuccess ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            {generate.data.questions.length} questions generated. Edit them below before you save.
          </Alert>
        ) : null}
      </Box>
      {generate.isError ? <AiErrorAlert error={generate.error} onRetry={() => void run()} /> : null}
    </Box>
  )
}

import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Paper from '@mui/material/Paper'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { text, type SurveyConclusion } from '@proxima/contracts'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { dateTime, personName } from '../../community/format'
import { usePostConclusion } from '../use-survey-results'

const CONCLUSION_MAX = 10_000

const ConclusionForm = z.object({
  conclusion: text('Conclusion', 1, CONCLUSION_MAX),
  survey_success: z.enum(['yes', 'no'], { error: 'Say whether the survey succeeded.' }),
})

const ReportForm = ({ surveyId }: { surveyId: number }) => {
  const post = usePostConclusion(surveyId)
  const toast = useToast()
  const form = useContractForm(ConclusionForm, {
    defaultValues: { conclusion: '', survey_success: undefined },
  })
  const submit = form.handleSubmit(async (values) => {
    try {
      await post.mutateAsync({
        survey_id: surveyId,
        conclusion: values.conclusion,
        survey_success: values.survey_success === 'yes',
      })
      form.reset()
      toast.success('The report is saved.')
    } catch (error) {
      showSubmitError(form.setError, error, ['conclusion', 'survey_success'])
    }
  })
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="report-form-heading">
      <Typography id="report-form-heading" variant="h3" component="h3">
        Write a report
      </Typography>
      <FormText
        control={form.control}
        name="conclusion"
        label="Conclusion"
        required
        multiline
        minRows={3}
        maxRows={12}
        maxLength={CONCLUSION_MAX}
      />
      <Controller
        control={form.control}
        name="survey_success"
        render={({ field, fieldState, formState }) => (
          <FormControl error={Boolean(fieldState.error)} disabled={formState.isSubmitting} required>
            <FormLabel id="survey-success-label">Did the survey succeed?</FormLabel>
            <RadioGroup
              row
              aria-labelledby="survey-success-label"
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
            >
              <FormControlLabel value="yes" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label="Yes" />
              <FormControlLabel value="no" control={<Radio />} label="No" />
            </RadioGroup>
            {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <FormAlert control={form.control} />
      <Box sx={{ mt: 1 }}>
        <SubmitButton control={form.control} pendingLabel="Saving…">
          Save report
        </SubmitButton>
      </Box>
    </Box>
  )
}

const ReportItem = ({ report }: { report: SurveyConclusion }) => (
  <Paper component="li" variant="outlined" sx={{ p: 2 }}>
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <Chip
        size="small"
        color={report.survey_success ? 'success' : 'warning'}
        label={report.survey_success ? 'Succeeded' : 'Did not succeed'}
      />
      <Typography variant="body2" color="text.secondary">
        {personName(report.survey_reporter) || 'Former staff member'} ·{' '}
        <time dateTime={report.created_at}>{dateTime(report.created_at)}</time>
      </Typography>
    </Box>
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.conclusion}</Typography>
  </Paper>
)

/** The staff's conclusions about the survey, and a form to add one. */
export const ConclusionSection = ({ surveyId, reports }: { surveyId: number; reports: SurveyConclusion[] }) => (
  <Box component="section" aria-labelledby="survey-reports-heading" sx={{ mt: 4 }}>
    <Typography id="survey-reports-heading" variant="h2" gutterBottom>
      Reports
    </Typography>
    {reports.length === 0 ? (
      <Typography color="text.secondary">No report yet. Sum up what the answers say.</Typography>
    ) : (
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {reports.map((report) => (
          <ReportItem key={report.survey_report_id} report={report} />
        ))}
      </Stack>
    )}
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <ReportForm surveyId={surveyId} />
    </Paper>
  </Box>
)

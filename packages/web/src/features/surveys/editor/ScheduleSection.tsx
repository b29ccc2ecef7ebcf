import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Control } from 'react-hook-form'
import { FormText } from '../../../ui/form/FormText'
import type { SurveyDraft } from './draft'

/** The days the survey runs, in the organisation's time zone; it closes itself after the last one. */
export const ScheduleSection = ({ control }: { control: Control<SurveyDraft> }) => (
  <Box component="section" aria-labelledby="survey-schedule-heading" sx={{ mt: 4 }}>
    <Typography id="survey-schedule-heading" variant="h2" gutterBottom>
      4. Run period
    </Typography>
    <Typography color="text.secondary">
      Both are optional: without a first day it opens when published, without a last day it runs until you close it.
    </Typography>
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <FormText
        control={control}
        name="start_day"
        label="First day"
        type="date"
        fullWidth={false}
        deps={['end_day']}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 200px' }}
      />
      <FormText
        control={control}
        name="end_day"
        label="Last day"
        type="date"
        fullWidth={false}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 200px' }}
      />
    </Box>
  </Box>
)

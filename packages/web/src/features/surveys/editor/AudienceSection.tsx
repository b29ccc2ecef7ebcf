import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useController, type Control } from 'react-hook-form'
import { AudiencePickers, bind } from './AudiencePickers'
import type { SurveyDraft } from './draft'
import { FormSwitch } from './fields'

/**
 * Who is asked: customers one by one, every member of some communities, subgroups of this survey (once it is saved),
 * and whether anyone with the link may answer. Invited email addresses are given when publishing.
 */
export const AudienceSection = ({ control, surveyId }: { control: Control<SurveyDraft>; surveyId: number | null }) => {
  const clients = useController({ control, name: 'target_audience' })
  const communities = useController({ control, name: 'community_ids' })
  const subgroups = useController({ control, name: 'subgroup_ids' })
  return (
    <Box component="section" aria-labelledby="survey-audience-heading" sx={{ mt: 4 }}>
      <Typography id="survey-audience-heading" variant="h2" gutterBottom>
        3. Audience
      </Typography>
      <Typography color="text.secondary">
        Leave it empty to let any of your customers answer. You can invite email addresses when you publish.
      </Typography>
      <AudiencePickers
        clients={bind(clients)}
        communities={bind(communities)}
        subgroups={bind(subgroups)}
        surveyId={surveyId}
        newSubgroup
      />
      <Box sx={{ mt: 1 }}>
        <FormSwitch
          control={control}
          name="allow_anonymous"
          label="Anyone with the link may answer, without an account"
        />
      </Box>
      <FormSwitch control={control} name="allow_multiple_responses" label="A respondent may answer more than once" />
    </Box>
  )
}

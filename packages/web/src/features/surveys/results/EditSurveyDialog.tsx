import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import EditOutlined from '@mui/icons-material/EditOutlined'
import type { Survey } from '@proxima/contracts'
import { useState } from 'react'
import { useController } from 'react-hook-form'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { AudiencePickers, bind } from '../editor/AudiencePickers'
import { DESCRIPTION_MAX, TOPIC_MAX } from '../editor/draft'
import { PublishedChanges, fixedAudience, publishedBody, publishedDraft, publishedField } from '../editor/published'
import { useSaveSurvey } from '../use-surveys'

const EditFields = ({ survey, onDone }: { survey: Survey; onDone: () => void }) => {
  const save = useSaveSurvey()
  const toast = useToast()
  const form = useContractForm(PublishedChanges, { defaultValues: publishedDraft(survey) })
  const clients = useController({ control: form.control, name: 'target_audience' })
  const communities = useController({ control: form.control, name: 'community_ids' })
  const subgroups = useController({ control: form.control, name: 'subgroup_ids' })
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: survey.survey_id, body: publishedBody(values, survey) })
      toast.success(`${saved.survey_topic} is saved.`)
      onDone()
    } catch (error) {
      showSubmitError(form.setError, error, publishedField)
    }
  })
  return (
    <DialogForm
      title={`Edit ${survey.survey_topic}`}
      description="The survey is published: its questions, first day and settings stay, and its audience can only grow. Those already asked keep their place."
      onSubmit={submit}
      onCancel={onDone}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel="Saving…">
          Save changes
        </SubmitButton>
      }
    >
      <FormText control={form.control} name="survey_topic" label="Topic" required maxLength={TOPIC_MAX} />
      <FormText
        control={form.control}
        name="survey_description"
        label="Description"
        maxLength={DESCRIPTION_MAX}
        multiline
        minRows={2}
        maxRows={6}
      />
      <FormText
        control={form.control}
        name="end_day"
        label="Last day"
        type="date"
        helperText="Empty: it runs until you close it."
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1">
          Add to the audience
        </Typography>
        <AudiencePickers
          clients={bind(clients)}
          communities={bind(communities)}
          subgroups={bind(subgroups)}
          surveyId={survey.survey_id}
          fixed={fixedAudience(survey)}
        />
      </Box>
      <FormAlert control={form.control} />
    </DialogForm>
  )
}

/** "Edit" for a published survey: its texts, its last day and additions to its audience, in a dialog. */
export const EditSurveyButton = ({ survey }: { survey: Survey }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setOpen(true)}>
        Edit
      </Button>
      <FormDialog open={open} onClose={() => setOpen(false)}>
        <EditFields survey={survey} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  )
}

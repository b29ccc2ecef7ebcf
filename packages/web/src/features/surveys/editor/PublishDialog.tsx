import Typography from '@mui/material/Typography'
import type { Survey } from '@proxima/contracts'
import { useState } from 'react'
import { z } from 'zod'
import { isApiError } from '../../../api/errors'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { PlanProblem, isPlanProblem } from '../../community/components/PlanProblem'
import { usePublishSurvey } from '../use-surveys'
import { InviteEmails } from './draft'

const PublishForm = z.object({
  invite_emails: InviteEmails,
  invitation_message: z.string().trim().max(1000, { error: 'At most 1,000 characters.' }),
})

type Props = {
  survey: Survey | null
  open: boolean
  onClose: () => void
  onPublished: (survey: Survey) => void
  /** The survey itself cannot be published as it is (422 `survey.not_publishable`): the editor shows why. */
  onNotPublishable: (error: unknown) => void
}

const PublishFields = ({
  survey,
  onClose,
  onPublished,
  onNotPublishable,
}: Omit<Props, 'open'> & { survey: Survey }) => {
  const publish = usePublishSurvey()
  // A plan limit (active surveys) is not the input's fault: it gets its own warning with the way to a larger plan.
  const [planError, setPlanError] = useState<unknown>(null)
  const form = useContractForm(PublishForm, { defaultValues: { invite_emails: '', invitation_message: '' } })
  const submit = form.handleSubmit(async (values) => {
    setPlanError(null)
    try {
      const body =
        values.invite_emails.length > 0
          ? { invite_emails: values.invite_emails, invitation_message: values.invitation_message || null }
          : {}
      onPublished(await publish.mutateAsync({ id: survey.survey_id, body }))
    } catch (error) {
      if (isPlanProblem(error)) return setPlanError(error)
      if (isApiError(error) && error.code === 'survey.not_publishable') return onNotPublishable(error)
      showSubmitError(form.setError, error, (field) =>
        field.startsWith('invite_emails') ? 'invite_emails' : field === 'invitation_message' ? field : undefined,
      )
    }
  })
  return (
    <DialogForm
      title={`Publish ${survey.survey_topic}?`}
      description="Its public link starts working, and its questions can no longer change once someone answers."
      onSubmit={submit}
      onCancel={onClose}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel="Publishing…">
          Publish
        </SubmitButton>
      }
    >
      <Typography variant="body2" sx={{ mt: 1 }}>
        {survey.question_count} questions · audience of {survey.audience_size}
        {survey.allow_anonymous ? ' · anyone with the link may answer' : ''}
      </Typography>
      <FormText
        control={form.control}
        name="invite_emails"
        label="Invite by email (optional)"
        helperText="Addresses separated by commas, spaces or new lines; each gets a personal link."
        multiline
        minRows={2}
        maxRows={8}
      />
      <FormText
        control={form.control}
        name="invitation_message"
        label="Message in the invitation (optional)"
        maxLength={1000}
        multiline
        minRows={2}
        maxRows={6}
      />
      {planError ? <PlanProblem error={planError} /> : null}
      <FormAlert control={form.control} />
    </DialogForm>
  )
}

/** Publishes a saved draft, optionally inviting email addresses (§6.3). */
export const PublishDialog = ({ survey, open, onClose, ...handlers }: Props) => (
  <FormDialog open={open} onClose={onClose}>
    {survey ? <PublishFields survey={survey} onClose={onClose} {...handlers} /> : null}
  </FormDialog>
)

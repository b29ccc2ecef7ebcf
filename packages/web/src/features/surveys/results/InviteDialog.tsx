import Button from '@mui/material/Button'
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined'
import { useState } from 'react'
import { z } from 'zod'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useToast } from '../../../ui/toast'
import { InviteEmails } from '../editor/draft'
import { invitedText } from '../format'
import { useInviteMore } from '../use-survey-results'

const InviteForm = z.object({
  emails: InviteEmails.refine((list) => list.length > 0, { error: 'Enter at least one email address.' }),
  message: z.string().trim().max(1000, { error: 'At most 1,000 characters.' }),
})

const InviteFields = ({ surveyId, onDone }: { surveyId: number; onDone: () => void }) => {
  const invite = useInviteMore(surveyId)
  const toast = useToast()
  const form = useContractForm(InviteForm, { defaultValues: { emails: '', message: '' } })
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await invite.mutateAsync({ emails: values.emails, message: values.message || null })
      toast.success(invitedText(reply))
      onDone()
    } catch (error) {
      showSubmitError(form.setError, error, (field) =>
        field.startsWith('emails') ? 'emails' : field === 'message' ? 'message' : undefined,
      )
    }
  })
  return (
    <DialogForm
      title="Invite by email"
      description="Each address gets a personal link. Addresses already invited are skipped."
      onSubmit={submit}
      onCancel={onDone}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel="Inviting…">
          Send invitations
        </SubmitButton>
      }
    >
      <FormText
        control={form.control}
        name="emails"
        label="Email addresses"
        helperText="Separated by commas, spaces or new lines; at most 500."
        required
        autoFocus
        multiline
        minRows={3}
        maxRows={10}
      />
      <FormText
        control={form.control}
        name="message"
        label="Message in the invitation (optional)"
        maxLength={1000}
        multiline
        minRows={2}
        maxRows={6}
      />
      <FormAlert control={form.control} />
    </DialogForm>
  )
}

/** "Invite by email" for a published survey, and its dialog. */
export const InviteButton = ({ surveyId }: { surveyId: number }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outlined" startIcon={<ForwardToInboxOutlined />} onClick={() => setOpen(true)}>
        Invite by email
      </Button>
      <FormDialog open={open} onClose={() => setOpen(false)}>
        <InviteFields surveyId={surveyId} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  )
}

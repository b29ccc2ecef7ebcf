import { CommunityCreate, type Community } from '@proxima/contracts'
import { useState } from 'react'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useCreateCommunity, useUpdateCommunity } from '../use-communities'
import { PlanProblem, isPlanProblem } from './PlanProblem'

const NAME_MAX = 120
const DESCRIPTION_MAX = 2000

type Props = {
  open: boolean
  /** The community to edit; none to create one. */
  community: Community | null
  onClose: () => void
  onSaved: (community: Community) => void
}

const CommunityForm = ({ community, onClose, onSaved }: Omit<Props, 'open'>) => {
  const create = useCreateCommunity()
  const update = useUpdateCommunity()
  // A plan limit is not the input's fault: it gets its own warning with the way to a larger plan.
  const [planError, setPlanError] = useState<unknown>(null)
  const form = useContractForm(CommunityCreate, {
    defaultValues: { community_name: community?.community_name ?? '', description: community?.description ?? '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setPlanError(null)
    const body = { community_name: values.community_name, description: values.description ?? null }
    try {
      const saved = community
        ? await update.mutateAsync({ id: community.community_id, changes: body })
        : await create.mutateAsync(body)
      onSaved(saved)
    } catch (error) {
      if (isPlanProblem(error)) setPlanError(error)
      else showSubmitError(form.setError, error, ['community_name', 'description'])
    }
  })

  return (
    <DialogForm
      title={community ? `Edit ${community.community_name}` : 'New community'}
      description={
        community
          ? 'Members see the new name and description at once.'
          : 'Customers can find and join it in the mobile app, raise issues and comment there.'
      }
      onSubmit={submit}
      onCancel={onClose}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel="Saving…">
          {community ? 'Save changes' : 'Create community'}
        </SubmitButton>
      }
    >
      <FormText
        control={form.control}
        name="community_name"
        label="Name"
        maxLength={NAME_MAX}
        required
        autoFocus
        autoComplete="off"
      />
      <FormText
        control={form.control}
        name="description"
        label="Description (optional)"
        maxLength={DESCRIPTION_MAX}
        multiline
        minRows={3}
        maxRows={10}
      />
      {planError ? <PlanProblem error={planError} /> : null}
      <FormAlert control={form.control} />
    </DialogForm>
  )
}

/** Admins create a community or change its name and description; the API's reasons land under the fields. */
export const CommunityFormDialog = ({ open, onClose, ...props }: Props) => (
  <FormDialog open={open} onClose={onClose}>
    <CommunityForm key={props.community?.community_id ?? 'new'} onClose={onClose} {...props} />
  </FormDialog>
)

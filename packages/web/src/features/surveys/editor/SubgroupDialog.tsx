import Button from '@mui/material/Button'
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined'
import { text } from '@proxima/contracts'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '../../../ui/toast'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useCreateSubgroup } from '../use-survey-results'
import { ClientPicker } from './ClientPicker'

const SubgroupForm = z.object({
  subgroup_name: text('Subgroup name', 1, 255),
  clients: z.array(z.object({ id: z.number(), label: z.string() })).min(1, { error: 'Pick at least one customer.' }),
})

const SubgroupFields = ({ surveyId, onDone }: { surveyId: number; onDone: () => void }) => {
  const create = useCreateSubgroup()
  const toast = useToast()
  const form = useContractForm(SubgroupForm, { defaultValues: { subgroup_name: '', clients: [] } })
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await create.mutateAsync({
        survey_id: surveyId,
        subgroup_name: values.subgroup_name,
        subgroup_clients: values.clients.map((c) => c.id),
      })
      toast.success(`Subgroup ${saved.subgroup_name} is created. Add it to the audience to ask its customers.`)
      onDone()
    } catch (error) {
      showSubmitError(form.setError, error, (field) =>
        field === 'subgroup_name' ? 'subgroup_name' : field.startsWith('subgroup_clients') ? 'clients' : undefined,
      )
    }
  })
  return (
    <DialogForm
      title="New subgroup"
      description="A named group of customers of this survey. Its results can be read on their own."
      onSubmit={submit}
      onCancel={onDone}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel="Creating…">
          Create subgroup
        </SubmitButton>
      }
    >
      <FormText control={form.control} name="subgroup_name" label="Name" required maxLength={255} autoFocus />
      <Controller
        control={form.control}
        name="clients"
        render={({ field, fieldState }) => (
          <ClientPicker
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            inputRef={field.ref}
          />
        )}
      />
      <FormAlert control={form.control} />
    </DialogForm>
  )
}

/** "New subgroup" and its dialog. */
export const SubgroupDialogButton = ({ surveyId }: { surveyId: number }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button startIcon={<GroupAddOutlined />} onClick={() => setOpen(true)} sx={{ mt: 3 }}>
        New subgroup
      </Button>
      <FormDialog open={open} onClose={() => setOpen(false)}>
        <SubgroupFields surveyId={surveyId} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  )
}

import Button from '@mui/material/Button'
import type { SxProps, Theme } from '@mui/material/styles'
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
import type { Subgroup } from '../api'
import { useCreateSubgroup, useUpdateSubgroup } from '../use-survey-results'
import { ClientPicker, type ClientPick } from './ClientPicker'

const SubgroupForm = z.object({
  subgroup_name: text('Subgroup name', 1, 255),
  clients: z.array(z.object({ id: z.number(), label: z.string() })).min(1, { error: 'Pick at least one customer.' }),
})

const memberLabel = (c: Subgroup['subgroup_clients'][number]): string =>
  [c.first_name, c.last_name].filter(Boolean).join(' ').trim() || c.username

const members = (subgroup: Subgroup | null): ClientPick[] =>
  (subgroup?.subgroup_clients ?? []).map((c) => ({ id: c.id, label: memberLabel(c) }))

type FieldsProps = { surveyId: number; subgroup: Subgroup | null; onDone: () => void }

const SubgroupFields = ({ surveyId, subgroup, onDone }: FieldsProps) => {
  const create = useCreateSubgroup()
  const update = useUpdateSubgroup()
  const toast = useToast()
  const form = useContractForm(SubgroupForm, {
    defaultValues: { subgroup_name: subgroup?.subgroup_name ?? '', clients: members(subgroup) },
  })
  const submit = form.handleSubmit(async (values) => {
    const body = { subgroup_name: values.subgroup_name, subgroup_clients: values.clients.map((c) => c.id) }
    try {
      if (subgroup) {
        const saved = await update.mutateAsync({ id: subgroup.subgroup_id, body })
        toast.success(`Subgroup ${saved.subgroup_name} is saved.`)
      } else {
        const saved = await create.mutateAsync({ survey_id: surveyId, ...body })
        toast.success(`Subgroup ${saved.subgroup_name} is created. Add it to the audience to ask its customers.`)
      }
      onDone()
    } catch (error) {
      showSubmitError(form.setError, error, (field) =>
        field === 'subgroup_name' ? 'subgroup_name' : field.startsWith('subgroup_clients') ? 'clients' : undefined,
      )
    }
  })
  return (
    <DialogForm
      title={subgroup ? `Edit subgroup ${subgroup.subgroup_name}` : 'New subgroup'}
      description="A named group of customers of this survey. Its results can be read on their own."
      onSubmit={submit}
      onCancel={onDone}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel={subgroup ? 'Saving…' : 'Creating…'}>
          {subgroup ? 'Save subgroup' : 'Create subgroup'}
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

type DialogProps = {
  open: boolean
  onClose: () => void
  surveyId: number
  /** The subgroup to rename or whose customers change; none for a new one. */
  subgroup?: Subgroup | null
}

/** Creates a subgroup of the survey, or changes one: its name and its customers. */
export const SubgroupDialog = ({ open, onClose, surveyId, subgroup = null }: DialogProps) => (
  <FormDialog open={open} onClose={onClose}>
    <SubgroupFields surveyId={surveyId} subgroup={subgroup} onDone={onClose} />
  </FormDialog>
)

/** "New subgroup" and its dialog. */
export const SubgroupDialogButton = ({ surveyId, sx = { mt: 3 } }: { surveyId: number; sx?: SxProps<Theme> }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button startIcon={<GroupAddOutlined />} onClick={() => setOpen(true)} sx={sx}>
        New subgroup
      </Button>
      <SubgroupDialog open={open} onClose={() => setOpen(false)} surveyId={surveyId} />
    </>
  )
}

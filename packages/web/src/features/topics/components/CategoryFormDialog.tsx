import { CategoryCreate } from '@proxima/contracts'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useSaveCategory, type CategoryItem } from '../api'

const NAME_MAX = 80
const DESCRIPTION_MAX = 500

type Props = {
  open: boolean
  /** The category to rename; null to create one. */
  category: CategoryItem | null
  onClose: () => void
  onSaved: (category: CategoryItem, created: boolean) => void
}

const CategoryForm = ({ category, onClose, onSaved }: Omit<Props, 'open'>) => {
  const save = useSaveCategory()
  const form = useContractForm(CategoryCreate, {
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  })
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: category?.category_id ?? null,
        input: { ...values, description: values.description ?? null },
      })
      onSaved(saved, category === null)
    } catch (error) {
      showSubmitError(form.setError, error, ['name', 'description'])
    }
  })

  return (
    <DialogForm
      title={category ? `Rename ${category.name}` : 'New category'}
      description="Categories group related topics, such as Billing or Delivery, in reports and in the chat's topic list."
      onSubmit={submit}
      onCancel={onClose}
      busy={form.formState.isSubmitting}
      submit={
        <SubmitButton control={form.control} pendingLabel="Saving…">
          {category ? 'Save changes' : 'Create category'}
        </SubmitButton>
      }
    >
      <FormText
        control={form.control}
        name="name"
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
        minRows={2}
        maxRows={6}
      />
      <FormAlert control={form.control} />
    </DialogForm>
  )
}

/** Admins create a category or change its name and description. */
export const CategoryFormDialog = ({ open, onClose, ...props }: Props) => (
  <FormDialog open={open} onClose={onClose}>
    <CategoryForm key={props.category?.category_id ?? 'new'} onClose={onClose} {...props} />
  </FormDialog>
)

import TextField from '@mui/material/TextField'
import MenuItem from '@mui/material/MenuItem'
import { TopicCreate } from '@proxima/contracts'
import { Controller } from 'react-hook-form'
import { errorText } from '../../../ui/form/error-text'
import { FormAlert, SubmitButton } from '../../../ui/form/FormFooter'
import { DialogForm, FormDialog } from '../../../ui/form/FormDialog'
import { FormText } from '../../../ui/form/FormText'
import { showSubmitError } from '../../../ui/form/server-errors'
import { useContractForm } from '../../../ui/form/use-contract-form'
import { useSaveTopic, type CategoryItem, type TopicItem } from '../api'
import { KeywordsField } from './KeywordsField'

const NAME_MAX = 80
const DESCRIPTION_MAX = 500
const NO_CATEGORY = 'none'
const FIELDS = ['name', 'category_id', 'keywords', 'description'] as const

/** The field that shows the server's reason for a path; every keyword's reason lands on the keywords field. */
const fieldOf = (path: string) => FIELDS.find((field) => path === field || path.startsWith(`${field}.`))

type Props = {
  open: boolean
  /** The topic to edit; null to create one. */
  topic: TopicItem | null
  categories: CategoryItem[]
  onClose: () => void
  onSaved: (topic: TopicItem, created: boolean) => void
}

const TopicForm = ({ topic, categories, onClose, onSaved }: Omit<Props, 'open'>) => {
  const save = useSaveTopic()
  const form = useContractForm(TopicCreate, {
    defaultValues: {
      name: topic?.name ?? '',
      category_id: topic?.category_id ?? null,
      keywords: topic?.keywords ?? [],
      description: topic?.description ?? '',
    },
  })
  const busy = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: topic?.topic_id ?? null,
        input: {
          name: values.name,
          category_id: values.category_id ?? null,
          keywords: values.keywords ?? [],
          description: values.description ?? null,
        },
      })
      onSaved(saved, topic === null)
    } catch (error) {
      showSubmitError(form.setError, error, fieldOf)
    }
  })

  return (
    <DialogForm
      title={topic ? `Edit ${topic.name}` : 'New topic'}
      description={
        topic
          ? 'Changes apply to new messages; chats that already have this topic keep it.'
          : 'Your team can pick it for a chat, and its keywords tag new chats by themselves.'
      }
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      submit={
        <SubmitButton control={form.control} pendingLabel="Saving…">
          {topic ? 'Save changes' : 'Create topic'}
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
      <Controller
        control={form.control}
        name="category_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Category"
            name={field.name}
            inputRef={field.ref}
            value={typeof field.value === 'number' ? String(field.value) : NO_CATEGORY}
            onChange={(event) => field.onChange(event.target.value === NO_CATEGORY ? null : Number(event.target.value))}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error) ?? 'Categories group related topics.'}
            disabled={busy}
          >
            <MenuItem value={NO_CATEGORY}>No category</MenuItem>
            {categories.map((category) => (
              <MenuItem key={category.category_id} value={String(category.category_id)}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="keywords"
        render={({ field, fieldState }) => (
          <KeywordsField
            value={field.value ?? []}
            onChange={field.onChange}
            error={errorText(fieldState.error)}
            disabled={busy}
          />
        )}
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

/** Admins create a topic or change its name, category, keywords and description. */
export const TopicFormDialog = ({ open, onClose, ...props }: Props) => (
  <FormDialog open={open} onClose={onClose}>
    <TopicForm key={props.topic?.topic_id ?? 'new'} onClose={onClose} {...props} />
  </FormDialog>
)

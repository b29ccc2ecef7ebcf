import TextField from '@mui/material/TextField'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import { TopicCreate } from '@proxima/contracts'
import { useId, useState, type FormEvent } from 'react'
import { serverFieldErrors, type FieldErrors } from '../../../ui/forms'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { useSaveTopic, type CategoryItem, type TopicItem } from '../api'
import { KeywordsField } from './KeywordsField'

const NAME_MAX = 80
const DESCRIPTION_MAX = 500
const NO_CATEGORY = 'none'

/** Reasons per field; every keyword's reason lands on the keywords field. */
const fieldsOf = (errors: FieldErrors): FieldErrors => {
  const out: FieldErrors = {}
  for (const [key, reason] of Object.entries(errors)) {
    const field = key.split('.')[0] ?? key
    out[field] ??= reason
  }
  return out
}

type Props = {
  open: boolean
  /** The topic to edit; null to create one. */
  topic: TopicItem | null
  categories: CategoryItem[]
  onClose: () => void
  onSaved: (topic: TopicItem, created: boolean) => void
}

type FormProps = Omit<Props, 'open'> & { titleId: string; textId: string }

const TopicForm = ({ topic, categories, onClose, onSaved, titleId, textId }: FormProps) => {
  const [name, setName] = useState(topic?.name ?? '')
  const [categoryId, setCategoryId] = useState(topic?.category_id ? String(topic.category_id) : NO_CATEGORY)
  const [description, setDescription] = useState(topic?.description ?? '')
  const [keywords, setKeywords] = useState<string[]>(topic?.keywords ?? [])
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveTopic()
  const busy = save.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = {
      name,
      description,
      keywords,
      category_id: categoryId === NO_CATEGORY ? null : Number(categoryId),
    }
    const parsed = TopicCreate.safeParse(input)
    if (!parsed.success) {
      const reasons: FieldErrors = {}
      for (const issue of parsed.error.issues) reasons[String(issue.path[0] ?? 'form')] ??= issue.message
      return setErrors(reasons)
    }
    setErrors({})
    save.mutate(
      { id: topic?.topic_id ?? null, input: { ...parsed.data, description: parsed.data.description ?? null } },
      {
        onSuccess: (saved) => onSaved(saved, topic === null),
        onError: (error) => setErrors(fieldsOf(serverFieldErrors(error))),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{topic ? `Edit ${topic.name}` : 'New topic'}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 1 }}>
          {topic
            ? 'Changes apply to new messages; chats that already have this topic keep it.'
            : 'Your team can pick it for a chat, and its keywords tag new chats by themselves.'}
        </DialogContentText>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? `${name.trim().length} / ${NAME_MAX}`}
          disabled={busy}
          required
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
        />
        <TextField
          select
          label="Category"
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
          error={Boolean(errors.category_id)}
          helperText={errors.category_id ?? 'Categories group related topics.'}
          disabled={busy}
        >
          <MenuItem value={NO_CATEGORY}>No category</MenuItem>
          {categories.map((category) => (
            <MenuItem key={category.category_id} value={String(category.category_id)}>
              {category.name}
            </MenuItem>
          ))}
        </TextField>
        <KeywordsField value={keywords} onChange={setKeywords} error={errors.keywords} disabled={busy} />
        <TextInput
          label="Description (optional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description ?? `${description.trim().length} / ${DESCRIPTION_MAX}`}
          disabled={busy}
          multiline
          minRows={2}
          maxRows={6}
        />
        <FormError error={save.error} fieldErrors={errors} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : topic ? 'Save changes' : 'Create topic'}
        </Button>
      </DialogActions>
    </form>
  )
}

/** Admins create a topic or change its name, category, keywords and description. */
export const TopicFormDialog = ({ open, ...props }: Props) => {
  const titleId = useId()
  const textId = useId()
  // A fresh form each time the dialog opens.
  const [session, setSession] = useState({ open, count: 0 })
  if (session.open !== open) setSession({ open, count: open ? session.count + 1 : session.count })
  return (
    <Dialog
      open={open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <TopicForm
        key={`${props.topic?.topic_id ?? 'new'}-${session.count}`}
        {...props}
        titleId={titleId}
        textId={textId}
      />
    </Dialog>
  )
}

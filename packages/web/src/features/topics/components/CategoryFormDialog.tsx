import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { CategoryCreate } from '@proxima/contracts'
import { useId, useState, type FormEvent } from 'react'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { useSaveCategory, type CategoryItem } from '../api'

const FIELDS = ['name', 'description'] as const
const NAME_MAX = 80
const DESCRIPTION_MAX = 500

type Props = {
  open: boolean
  /** The category to rename; null to create one. */
  category: CategoryItem | null
  onClose: () => void
  onSaved: (category: CategoryItem, created: boolean) => void
}

type FormProps = Omit<Props, 'open'> & { titleId: string; textId: string }

const CategoryForm = ({ category, onClose, onSaved, titleId, textId }: FormProps) => {
  const [name, setName] = useState(category?.name ?? '')
  const [description, setDescription] = useState(category?.description ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveCategory()
  const busy = save.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(CategoryCreate, { name, description })
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    save.mutate(
      { id: category?.category_id ?? null, input: { ...result.data, description: result.data.description ?? null } },
      {
        onSuccess: (saved) => onSaved(saved, category === null),
        onError: (error) => setErrors(pickErrors(serverFieldErrors(error), FIELDS)),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{category ? `Rename ${category.name}` : 'New category'}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Categories group related topics, such as Billing or Delivery, in reports and in the chat&apos;s topic list.
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
          {busy ? 'Saving…' : category ? 'Save changes' : 'Create category'}
        </Button>
      </DialogActions>
    </form>
  )
}

/** Admins create a category or change its name and description. */
export const CategoryFormDialog = ({ open, ...props }: Props) => {
  const titleId = useId()
  const textId = useId()
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
      <CategoryForm
        key={`${props.category?.category_id ?? 'new'}-${session.count}`}
        {...props}
        titleId={titleId}
        textId={textId}
      />
    </Dialog>
  )
}

import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { CommunityCreate, CommunityUpdate, type Community } from '@proxima/contracts'
import { useId, useState, type FormEvent } from 'react'
import { isApiError } from '../../../api/errors'
import { pickErrors, serverFieldErrors, validate, type FieldErrors } from '../../../ui/forms'
import { FormError } from '../../../ui/states'
import { TextInput } from '../../../ui/TextInput'
import { useCreateCommunity, useUpdateCommunity } from '../use-communities'
import { PlanProblem, isPlanProblem } from './PlanProblem'

const FIELDS = ['community_name', 'description'] as const
const NAME_MAX = 120
const DESCRIPTION_MAX = 2000

type Props = {
  open: boolean
  /** The community to edit; none to create one. */
  community: Community | null
  onClose: () => void
  onSaved: (community: Community) => void
}

type FormProps = Omit<Props, 'open'> & { titleId: string; textId: string }

/** Field reasons from a 400, and a taken name (409) under the name field. */
const errorsFrom = (error: unknown): FieldErrors => {
  const fields = pickErrors(serverFieldErrors(error), FIELDS)
  if (isApiError(error) && error.code === 'community.name_taken' && !fields.community_name)
    fields.community_name = error.message
  return fields
}

const CommunityForm = ({ community, onClose, onSaved, titleId, textId }: FormProps) => {
  const [name, setName] = useState(community?.community_name ?? '')
  const [description, setDescription] = useState(community?.description ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const create = useCreateCommunity()
  const update = useUpdateCommunity()
  const mutation = community ? update : create
  const busy = mutation.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = { community_name: name, description }
    const result = validate(community ? CommunityUpdate : CommunityCreate, input)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    const body = {
      community_name: result.data.community_name ?? name.trim(),
      description: result.data.description ?? null,
    }
    const handlers = { onSuccess: onSaved, onError: (error: unknown) => setErrors(errorsFrom(error)) }
    if (community) update.mutate({ id: community.community_id, changes: body }, handlers)
    else create.mutate(body, handlers)
  }

  const planProblem = isPlanProblem(mutation.error)
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{community ? `Edit ${community.community_name}` : 'New community'}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {community
            ? 'Members see the new name and description at once.'
            : 'Customers can find and join it in the mobile app, raise issues and comment there.'}
        </DialogContentText>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.community_name)}
          helperText={errors.community_name ?? `${name.trim().length} / ${NAME_MAX}`}
          disabled={busy}
          required
          autoFocus
          autoComplete="off"
        />
        <TextInput
          label="Description (optional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description ?? `${description.trim().length} / ${DESCRIPTION_MAX}`}
          disabled={busy}
          multiline
          minRows={3}
          maxRows={10}
        />
        {planProblem ? (
          <PlanProblem error={mutation.error} />
        ) : (
          <FormError error={mutation.error} fieldErrors={errors} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : community ? 'Save changes' : 'Create community'}
        </Button>
      </DialogActions>
    </form>
  )
}

/** Admins create a community or change its name and description; the API's reasons land under the fields. */
export const CommunityFormDialog = ({ open, community, onClose, onSaved }: Props) => {
  const titleId = useId()
  const textId = useId()
  // A new form (fresh fields and no old error) each time the dialog opens.
  const [session, setSession] = useState({ open, count: 0 })
  if (session.open !== open) setSession({ open, count: open ? session.count + 1 : session.count })
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} aria-describedby={textId}>
      <CommunityForm
        key={`${community?.community_id ?? 'new'}-${session.count}`}
        community={community}
        onClose={onClose}
        onSaved={onSaved}
        titleId={titleId}
        textId={textId}
      />
    </Dialog>
  )
}

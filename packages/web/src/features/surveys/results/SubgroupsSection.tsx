import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import EditOutlined from '@mui/icons-material/EditOutlined'
import type { Survey } from '@proxima/contracts'
import { useState } from 'react'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { useToast } from '../../../ui/toast'
import type { Subgroup } from '../api'

import { SubgroupDialog, SubgroupDialogButton } from '../editor/SubgroupDialog'
import { useDeleteSubgroup, useSubgroups } from '../use-survey-results'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'

const customers = (count: number) => (count === 1 ? '1 customer' : `${count} customers`)

/** The subgroup a dialog is about; it stays while the dialog closes, so its title does not change meanwhile. */
type Target = { subgroup: Subgroup; open: boolean } | null

type DeleteProps = { target: Target; onClose: () => void; onDeleted: (subgroup: Subgroup) => void }

/** Asks before deleting a subgroup; one in a published survey's audience stays, and the server's reason shows. */
const DeleteSubgroupDialog = ({ target, onClose, onDeleted }: DeleteProps) => {
  const subgroup = target?.subgroup ?? null
  const remove = useDeleteSubgroup()
  const toast = useToast()
  const dismiss = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmDialog
      open={target?.open ?? false}
      title={`Delete subgroup ${subgroup?.subgroup_name ?? ''}?`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={remove.isPending}
      error={remove.error}
      onClose={dismiss}
      onConfirm={() => {
        if (!subgroup) return
        remove.mutate(subgroup, {
          onSuccess: () => {
            toast.success(`Subgroup ${subgroup.subgroup_name} is deleted.`)
            onDeleted(subgroup)
            dismiss()
          },
        })
      }}
    >
      Its results can no longer be read on their own. Its customers and their answers stay.
    </ConfirmDialog>
  )
}

type Props = {
  survey: Survey
  /** A deleted subgroup's results can no longer be shown. */
  onDeleted: (subgroupId: number) => void
}

/**
 * The survey's subgroups, by which its results are read: created, renamed, given other customers or deleted while
 * it is published; read only once it is closed.
 */
export const SubgroupsSection = ({ survey, onDeleted }: Props) => {
  const subgroups = useSubgroups(survey.survey_id)
  const [editing, setEditing] = useState<Target>(null)
  const [deleting, setDeleting] = useState<Target>(null)
  const open = survey.status === 'published'
  let body
  if (subgroups.isPending) body = <SkeletonBlock height={80} label="Loading subgroups…" />
  else if (subgroups.isError)
    body = (
      <ErrorState
        title="Subgroups could not be loaded"
        error={subgroups.error}
        onRetry={() => void subgroups.refetch()}
        retrying={subgroups.isFetching}
      />
    )
  else if (subgroups.data.length === 0)
    body = (
      <Typography color="text.secondary">{open ? 'No subgroups yet.' : 'This survey had no subgroups.'}</Typography>
    )
  else
    body = (
      <List disablePadding aria-labelledby="survey-subgroups-heading">
        {subgroups.data.map((subgroup) => (
          <ListItem
            key={subgroup.subgroup_id}
            divider
            disableGutters
            secondaryAction={
              open ? (
                <>
                  <IconButton
                    aria-label={`Edit subgroup ${subgroup.subgroup_name}`}
                    onClick={() => setEditing({ subgroup, open: true })}
                  >
                    <EditOutlined />
                  </IconButton>
                  <IconButton
                    edge="end"
                    aria-label={`Delete subgroup ${subgroup.subgroup_name}`}
                    onClick={() => setDeleting({ subgroup, open: true })}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </>
              ) : null
            }
            sx={{ pr: open ? 12 : 0 }}
          >
            <ListItemText
              primary={subgroup.subgroup_name}
              secondary={
                <>
                  {customers(subgroup.client_count)}
                  {survey.subgroup_ids.includes(subgroup.subgroup_id) ? (
                    <Chip label="In the audience" size="small" sx={{ ml: 1 }} component="span" />
                  ) : null}
                </>
              }
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    )
  return (
    <Box component="section" aria-labelledby="survey-subgroups-heading" sx={{ mt: 4, maxWidth: 720 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="survey-subgroups-heading" variant="h2">
          Subgroups
        </Typography>
        {open ? <SubgroupDialogButton surveyId={survey.survey_id} sx={{}} /> : null}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {open
          ? 'Named groups of customers: the results can be read for each of them.'
          : 'The survey is closed: its subgroups no longer change.'}
      </Typography>
      {body}
      <SubgroupDialog
        open={editing?.open ?? false}
        onClose={() => setEditing((at) => at && { ...at, open: false })}
        surveyId={survey.survey_id}
        subgroup={editing?.subgroup ?? null}
      />
      <DeleteSubgroupDialog
        target={deleting}
        onClose={() => setDeleting((at) => at && { ...at, open: false })}
        onDeleted={(subgroup) => onDeleted(subgroup.subgroup_id)}
      />
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import { useState } from 'react'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { useToast } from '../../../ui/toast'
import { useCategories, useDeleteCategory, type CategoryItem } from '../api'
import { CategoryFormDialog } from './CategoryFormDialog'
import { CategoryList } from './CategoryList'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'

type Dialog = { kind: 'form' | 'delete'; category: CategoryItem | null }

const topicsMove = (n: number) =>
  n === 0
    ? 'It has no topics.'
    : n === 1
      ? 'Its topic stays, without a category.'
      : `Its ${n} topics stay, without a category.`

/** Categories group topics; admins create, rename and delete them (deleting is confirmed). */
export const CategoriesSection = ({ isAdmin }: { isAdmin: boolean }) => {
  const toast = useToast()
  const categories = useCategories()
  const remove = useDeleteCategory()
  const [dialog, setDialog] = useState<Dialog>({ kind: 'form', category: null })
  const [open, setOpen] = useState(false)
  const show = (kind: Dialog['kind'], category: CategoryItem | null) => {
    remove.reset()
    setDialog({ kind, category })
    setOpen(true)
  }
  const target = dialog.category
  const all = categories.data ?? []

  return (
    <Box component="section" aria-labelledby="categories-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="categories-heading" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          Categories
        </Typography>
        {isAdmin ? (
          <Button variant="outlined" startIcon={<Add />} onClick={() => show('form', null)}>
            New category
          </Button>
        ) : null}
      </Box>
      {categories.isPending ? (
        <SkeletonBlock height={120} label="Loading categories…" />
      ) : categories.isError ? (
        <ErrorState
          title="Categories could not be loaded"
          error={categories.error}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      ) : all.length === 0 ? (
        <Card sx={{ p: 3 }}>
          <Typography color="text.secondary">
            No categories yet. Categories group related topics, such as Billing or Delivery.
            {isAdmin ? ' Create one with New category.' : ' An admin of your organization can create them.'}
          </Typography>
        </Card>
      ) : (
        <Card>
          <CategoryList
            categories={all}
            isAdmin={isAdmin}
            onRename={(category) => show('form', category)}
            onDelete={(category) => show('delete', category)}
          />
        </Card>
      )}

      <CategoryFormDialog
        open={open && dialog.kind === 'form'}
        category={target}
        onClose={() => setOpen(false)}
        onSaved={(saved, created) => {
          setOpen(false)
          toast.success(created ? `${saved.name} is created.` : `${saved.name} is saved.`)
        }}
      />
      <ConfirmDialog
        open={open && dialog.kind === 'delete'}
        title={`Delete ${target?.name ?? 'category'}?`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.category_id, {
            onSuccess: () => {
              setOpen(false)
              toast.success(`${target.name} is deleted.`)
            },
          })
        }
      >
        {topicsMove(target?.topic_count ?? 0)} This cannot be undone.
      </ConfirmDialog>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import LabelOutlined from '@mui/icons-material/LabelOutlined'
import { useState } from 'react'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { useToast } from '../../../ui/toast'
import { useCategories, useDeleteTopic, useSaveTopic, useTopics, type TopicItem } from '../api'
import { TopicFormDialog } from './TopicFormDialog'
import { TopicList } from './TopicList'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'

type Dialog = { kind: 'form' | 'archive' | 'delete'; topic: TopicItem | null }

/** The topics, with create, edit, archive (confirmed), restore and delete (confirmed) for admins. */
export const TopicsSection = ({ isAdmin }: { isAdmin: boolean }) => {
  const toast = useToast()
  const topics = useTopics()
  const categories = useCategories()
  const save = useSaveTopic()
  const remove = useDeleteTopic()
  const [showArchived, setShowArchived] = useState(false)
  // The dialog's topic outlives `open`, so a closing dialog keeps its text.
  const [dialog, setDialog] = useState<Dialog>({ kind: 'form', topic: null })
  const [open, setOpen] = useState(false)

  const show = (kind: Dialog['kind'], topic: TopicItem | null) => {
    save.reset()
    remove.reset()
    setDialog({ kind, topic })
    setOpen(true)
  }
  const restore = (topic: TopicItem) =>
    save.mutate(
      { id: topic.topic_id, input: { is_active: true } },
      {
        onSuccess: (saved) => toast.success(`${saved.name} is restored: new chats can get it again.`),
        onError: (error) => toast.error(error),
      },
    )

  const all = topics.data ?? []
  const archived = all.filter((t) => !t.is_active).length
  const shown = showArchived ? all : all.filter((t) => t.is_active)
  const target = dialog.topic

  return (
    <Box component="section" aria-labelledby="topics-heading" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="topics-heading" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          Topics
        </Typography>
        {archived > 0 ? (
          <FormControlLabel
            control={<Switch checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />}
            label={`Show archived (${archived})`}
          />
        ) : null}
        {isAdmin && all.length > 0 ? (
          <Button variant="contained" startIcon={<Add />} onClick={() => show('form', null)}>
            New topic
          </Button>
        ) : null}
      </Box>
      {topics.isPending ? (
        <SkeletonBlock height={200} label="Loading topics…" />
      ) : topics.isError ? (
        <ErrorState
          title="Topics could not be loaded"
          error={topics.error}
          onRetry={() => void topics.refetch()}
          retrying={topics.isFetching}
        />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<LabelOutlined />}
          title="No topics yet"
          description={
            <>
              Topics tag chats so that you can see what customers ask about and find those chats again. Give a topic
              keywords, and a chat whose customer writes one of them gets the topic by itself; your team can also pick
              it for a chat.
              {isAdmin ? null : ' An admin of your organization can create topics.'}
            </>
          }
          action={
            isAdmin ? (
              <Button variant="contained" startIcon={<Add />} onClick={() => show('form', null)}>
                Create a topic
              </Button>
            ) : undefined
          }
        />
      ) : shown.length === 0 ? (
        <Card sx={{ p: 3 }}>
          <Typography color="text.secondary">
            {isAdmin
              ? 'Every topic is archived. Turn on Show archived to restore one, or create a new topic.'
              : 'Every topic is archived. An admin of your organization can restore one or create a new one.'}
          </Typography>
        </Card>
      ) : (
        <Card>
          <TopicList
            topics={shown}
            isAdmin={isAdmin}
            onEdit={(topic) => show('form', topic)}
            onArchive={(topic) => show('archive', topic)}
            onRestore={restore}
            onDelete={(topic) => show('delete', topic)}
          />
        </Card>
      )}

      <TopicFormDialog
        open={open && dialog.kind === 'form'}
        topic={target}
        categories={categories.data ?? []}
        onClose={() => setOpen(false)}
        onSaved={(saved, created) => {
          setOpen(false)
          toast.success(created ? `${saved.name} is created.` : `${saved.name} is saved.`)
        }}
      />
      <ConfirmDialog
        open={open && dialog.kind === 'archive'}
        title={`Archive ${target?.name ?? 'topic'}?`}
        confirmLabel="Archive"
        busyLabel="Archiving…"
        busy={save.isPending}
        error={save.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          target &&
          save.mutate(
            { id: target.topic_id, input: { is_active: false } },
            {
              onSuccess: (saved) => {
                setOpen(false)
                toast.success(`${saved.name} is archived.`)
              },
            },
          )
        }
      >
        New chats no longer get this topic from its keywords, and your team can no longer pick it. Chats that already
        have it keep it. You can restore it at any time.
      </ConfirmDialog>
      <ConfirmDialog
        open={open && dialog.kind === 'delete'}
        title={`Delete ${target?.name ?? 'topic'}?`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.topic_id, {
            onSuccess: () => {
              setOpen(false)
              toast.success(`${target.name} is deleted.`)
            },
          })
        }
      >
        Chats lose this topic, and so do reports that group chats by topic. Messages keep showing the name they were
        stored with. This cannot be undone; archive the topic instead to keep its history.
      </ConfirmDialog>
    </Box>
  )
}

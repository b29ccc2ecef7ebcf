import type { Community } from '@proxima/contracts'
import { useState } from 'react'
import { useToast } from '../../ui/toast'
import { useUpdateCommunity } from './use-communities'

/**
 * What an admin does to a community from a card or its page: edit it in a dialog, archive it after a confirmation,
 * restore it straight away; each outcome is confirmed in a toast. The dialogs keep showing the community while they
 * close.
 */
export const useCommunityAdmin = () => {
  const [target, setTarget] = useState<Community | null>(null)
  // The mode outlives `open`, so a closing dialog keeps its content.
  const [mode, setMode] = useState<'create' | 'edit' | 'archive'>('create')
  const [open, setOpen] = useState(false)
  const toast = useToast()
  const restore = useUpdateCommunity()

  return {
    target,
    /** Which dialog is open, if any. */
    formOpen: open && mode !== 'archive',
    archiveOpen: open && mode === 'archive',
    /** The community the form edits; null when it creates one. */
    editing: mode === 'edit' ? target : null,
    create: () => {
      setMode('create')
      setOpen(true)
    },
    edit: (community: Community) => {
      setTarget(community)
      setMode('edit')
      setOpen(true)
    },
    archive: (community: Community, archive: boolean) => {
      if (archive) {
        setTarget(community)
        setMode('archive')
        setOpen(true)
        return
      }
      restore.mutate(
        { id: community.community_id, changes: { is_archived: false } },
        {
          onSuccess: (saved) => toast.success(`${saved.community_name} is restored.`),
          onError: toast.error,
        },
      )
    },
    close: () => setOpen(false),
    saved: (community: Community, what: 'created' | 'saved' | 'archived') => {
      setOpen(false)
      toast.success(`${community.community_name} is ${what}.`)
    },
  }
}

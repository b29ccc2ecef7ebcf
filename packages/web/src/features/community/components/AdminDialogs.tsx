import type { useCommunityAdmin } from '../use-community-admin'
import { ArchiveDialog } from './ArchiveDialog'
import { CommunityFormDialog } from './CommunityFormDialog'

type Admin = ReturnType<typeof useCommunityAdmin>

/** The create, edit and archive dialogs of a screen, driven by `useCommunityAdmin`. */
export const AdminDialogs = ({ admin }: { admin: Admin }) => (
  <>
    <CommunityFormDialog
      open={admin.formOpen}
      community={admin.editing}
      onClose={admin.close}
      onSaved={(community) => admin.saved(community, admin.editing ? 'saved' : 'created')}
    />
    <ArchiveDialog
      open={admin.archiveOpen}
      community={admin.target}
      onClose={admin.close}
      onDone={(community) => admin.saved(community, 'archived')}
    />
  </>
)

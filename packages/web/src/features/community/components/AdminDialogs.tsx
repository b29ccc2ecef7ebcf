import Alert from '@mui/material/Alert'
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

/** The outcome of the last admin action, until dismissed. */
export const AdminNoticeBar = ({ admin }: { admin: Admin }) =>
  admin.notice ? (
    <Alert
      severity={admin.notice.severity}
      onClose={admin.clearNotice}
      sx={{ mb: 2 }}
      role={admin.notice.severity === 'error' ? 'alert' : 'status'}
    >
      {admin.notice.message}
    </Alert>
  ) : null

import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import type { Invitation } from '@proxima/contracts'
import { useCallback, useState } from 'react'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { InvitationsTable } from '../components/InvitationsTable'
import { InviteMemberForm } from '../components/InviteMemberForm'
import { MembersTable } from '../components/MembersTable'

export const EmployeesPage = () => {
  const isAdmin = useIsAdmin()
  // Links given to this browser by inviting or renewing, kept while the page is open: the server stores only their
  // fingerprints, so they cannot be fetched again.
  const [links, setLinks] = useState<Record<number, string>>({})
  const onLink = useCallback((invitation: Invitation) => {
    const url = invitation.invite_url
    if (url) setLinks((known) => ({ ...known, [invitation.invitation_id]: url }))
  }, [])
  return (
    <>
      <PageHeader
        title="Employees"
        description={
          isAdmin
            ? 'See who answers your customers, manage their roles and access, and invite new members.'
            : 'The people of your organization who answer your customers.'
        }
      />
      <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
        Members
      </Typography>
      <Card sx={{ mb: 3 }}>
        <MembersTable />
      </Card>
      {isAdmin ? (
        <>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Typography variant="h2" component="h2" gutterBottom>
                Invite a member
              </Typography>
              <Typography color="text.secondary" variant="body2">
                They get an email with a link to create their account; when mail cannot be sent, you copy the link and
                send it yourself. The link is valid for 7 days.
              </Typography>
              <InviteMemberForm onLink={onLink} />
            </CardContent>
          </Card>
          <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
            Invitations
          </Typography>
          <Card>
            <InvitationsTable links={links} onLink={onLink} />
          </Card>
        </>
      ) : (
        <Alert severity="info">Only admins of your organization can invite members and see invitations.</Alert>
      )}
    </>
  )
}
